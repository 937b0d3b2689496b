import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maskedTrackFault, trackLayout, trackLrc } from '../../../drivers/crypto/index.ts';
import { loadCardCatalogue } from '../../../drivers/sim/card-catalogue.ts';
import {
  IDTECH_FACTORY_MASKING,
  MAGTEK_FACTORY_MASKING,
  maskTrack,
} from '../../../drivers/sim/track-masking.ts';
import samples from '../../fixtures/readers/reader_samples.json' with { type: 'json' };

// Known answers: the ID TECH SecureMag user manual's Security Level 3 example (80096504-001
// Rev L §10.7.1) and MagTek's masked track 2 example (mDynamo programmer's manual, Tables 8-1
// and 8-2), copied in test/fixtures/readers/reader_samples.json.
const idtech = samples.idtechSecureMagLevel3Original;
const magtek = samples.magtekIsoTrackMask;

describe('a reader masked track compared with its clear track where the mask leaves it clear', () => {
  it("accepts the ID TECH manual's masked tracks: format code, expiry and LRC masked", () => {
    expect(maskedTrackFault(idtech.maskedTrack1, idtech.clearTrack1)).toBeUndefined();
    expect(maskedTrackFault(idtech.maskedTrack2, idtech.clearTrack2)).toBeUndefined();
  });

  it("accepts MagTek's masked track: zeros with one Mod 10 correction digit", () => {
    expect(maskedTrackFault(magtek.maskedTrack2, magtek.clearTrack2)).toBeUndefined();
  });

  it('names the part that disagrees: a clear digit, the name, a separator, the length', () => {
    const t1 = idtech.maskedTrack1;
    expect(maskedTrackFault(t1.replace('9999^', '9998^'), idtech.clearTrack1)).toBe('pan');
    expect(maskedTrackFault(t1.replace('^BUSH', '^BUSK'), idtech.clearTrack1)).toBe('name');
    expect(maskedTrackFault(t1.replace('*?', '??'), idtech.clearTrack1)).toBe('length');
    expect(maskedTrackFault(t1.slice(1), idtech.clearTrack1)).toBe('length');
    const shifted = idtech.maskedTrack2.replace('9999=', '999=*');
    expect(maskedTrackFault(shifted, idtech.clearTrack2)).toBe('separator');
    expect(maskedTrackFault(idtech.maskedTrack2.replace('=', '*'), idtech.clearTrack2)).toBe(
      'separator',
    );
  });

  it('refuses two mask characters, and a second MagTek correction digit', () => {
    const mixed = idtech.maskedTrack2.replace('4266**', '4266XX');
    expect(maskedTrackFault(mixed, idtech.clearTrack2)).toBe('pan');
    const twice = magtek.maskedTrack2.replace('0020000', '0120000');
    expect(maskedTrackFault(twice, magtek.clearTrack2)).toBe('pan');
    const notLuhn = magtek.maskedTrack2.replace('0020000', '0030000');
    expect(maskedTrackFault(notLuhn, magtek.clearTrack2)).toBe('pan');
  });

  it('agrees with every catalogue track masked at either factory setting or any PCI-bound one', () => {
    const tracks = loadCardCatalogue().flatMap((card) => [card.track1, card.track2]);
    fc.assert(
      fc.property(
        fc.constantFrom(...tracks),
        fc.record({
          maskChar: fc.constantFrom('*', 'X', '#', '0'),
          leadingClear: fc.integer({ min: 0, max: 6 }),
          trailingClear: fc.integer({ min: 0, max: 4 }),
          expiryClear: fc.boolean(),
          formatCodeClear: fc.boolean(),
          mod10Correction: fc.boolean(),
        }),
        fc.boolean(),
        (track, masking, withLrc) => {
          const clear = withLrc ? track + trackLrc(track.startsWith('%') ? 1 : 2, track) : track;
          for (const settings of [masking, IDTECH_FACTORY_MASKING, MAGTEK_FACTORY_MASKING]) {
            const masked = maskTrack(clear, settings);
            expect(masked).toHaveLength(clear.length);
            expect(maskedTrackFault(masked, clear)).toBeUndefined();
          }
        },
      ),
    );
  });
});

describe('track layout', () => {
  it('cuts a track into sentinels, format code, PAN, name, expiry, service code, rest and LRC', () => {
    const layout = trackLayout('%B4111^AB^3012201X?!');
    expect(layout?.parts.join(' ')).toBe(
      'sentinel format-code pan pan pan pan separator name name separator expiry expiry expiry ' +
        'expiry service-code service-code service-code discretionary sentinel lrc',
    );
    expect(trackLayout(';4111=30?')?.parts.join(' ')).toBe(
      'sentinel pan pan pan pan separator expiry expiry sentinel',
    );
    expect(trackLayout('4111=3012?')).toBeUndefined();
    expect(trackLayout(';4111=3012?12')).toBeUndefined();
  });
});
