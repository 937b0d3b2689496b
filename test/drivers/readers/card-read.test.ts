import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { displayFromMaskedTracks } from '../../../drivers/readers/masked-track.ts';
import { toRequestFields } from '../../../drivers/readers/request-fields.ts';
import { SensitiveText } from '../../../drivers/sensitive-text.ts';
import {
  IDTECH_FACTORY_MASKING,
  MAGTEK_FACTORY_MASKING,
  maskTrack,
  parseMaskingSpec,
} from '../../../drivers/sim/track-masking.ts';
import samples from '../../fixtures/readers/reader_samples.json' with { type: 'json' };

// Known answers: the ID TECH SecureMag user manual's Security Level 3 example (§10.7.1) and
// MagTek's masked track 2 example (mDynamo programmer's manual, Tables 8-1 and 8-2).
const idtech = samples.idtechSecureMagLevel3Original;
const magtek = samples.magtekIsoTrackMask;

describe('masked tracks', () => {
  it('masks as the readers do at their factory settings, byte for byte as their manuals show', () => {
    expect(maskTrack(idtech.clearTrack1, IDTECH_FACTORY_MASKING)).toBe(idtech.maskedTrack1);
    expect(maskTrack(idtech.clearTrack2, IDTECH_FACTORY_MASKING)).toBe(idtech.maskedTrack2);
    expect(maskTrack(magtek.clearTrack2, MAGTEK_FACTORY_MASKING)).toBe(magtek.maskedTrack2);
    expect(
      maskTrack('%B4111111111111111^TEST CARD/VISA^30122011000000?', MAGTEK_FACTORY_MASKING),
    ).toBe('%B4111000010001111^TEST CARD/VISA^30120000000000?');
  });

  it('shows the last four and the name, and no expiry or service code an ID TECH reader masked', () => {
    expect(displayFromMaskedTracks(idtech.maskedTrack1, idtech.maskedTrack2)).toEqual({
      maskedAccount: 'XXXXXXXXXXXX9999',
      lastFour: '9999',
      cardholderName: 'BUSH JR/GEORGE W.MR',
    });
  });

  it("shows MagTek's clear expiry, never its zero-masked service code", () => {
    expect(displayFromMaskedTracks(undefined, magtek.maskedTrack2)).toEqual({
      maskedAccount: 'XXXXXXXXXXXX0000',
      lastFour: '0000',
      expdate: '1215',
    });
  });

  it('shows only the last four, the name, the expiry and the service code', () => {
    expect(
      displayFromMaskedTracks(
        '%B541333******0019^DOE/JANE^2912201000?',
        ';541333******0019=2912201000?',
      ),
    ).toEqual({
      maskedAccount: 'XXXXXXXXXXXX0019',
      lastFour: '0019',
      cardholderName: 'DOE/JANE',
      expdate: '1229',
      serviceCode: '201',
    });
  });

  it("takes the --mask setting of npm run sim within the vendors' bounds", () => {
    expect(parseMaskingSpec('6,4,#,expiry')).toEqual({
      leadingClear: 6,
      trailingClear: 4,
      maskChar: '#',
      expiryClear: true,
    });
    expect(
      maskTrack(idtech.clearTrack2, { ...IDTECH_FACTORY_MASKING, ...parseMaskingSpec('6,4,#') }),
    ).toBe(';426684######9999=###############?#');
    for (const spec of ['7,4,*', '6,5,*', '4,4,^', '4,4', '4,4,**']) {
      expect(() => parseMaskingSpec(spec)).toThrow(
        expect.objectContaining({ code: 'BAD_INPUT', field: 'masking' }),
      );
    }
  });

  it('refuses masked tracks that hide the last four digits', () => {
    expect(() => displayFromMaskedTracks(undefined, ';5413330000******=2912?')).toThrow(
      expect.objectContaining({ code: 'CARD_READ', field: 'maskedTrack' }),
    );
  });
});

describe('request fields of a card read', () => {
  const display = {
    maskedAccount: 'XXXXXXXXXXXX1111',
    lastFour: '1111',
    cardholderName: 'TEST/CARD',
  };

  it('maps a plain swipe to trackdata, revealed only there', () => {
    const tracks = new SensitiveText(
      '%B4111111111111111^TEST/CARD^3012201?;4111111111111111=3012201?',
    );
    const read = {
      kind: 'plain-swipe',
      entryMode: 'swipe',
      trackdata: tracks,
      ...display,
    } as const;
    expect(JSON.stringify(read)).not.toContain('4111111111111111');
    expect(inspect(read)).not.toContain('4111111111111111');
    expect(`${tracks}`).toBe('[redacted]');
    expect(toRequestFields(read)).toEqual({
      cardpresent: 'yes',
      cardholdername: 'TEST/CARD',
      trackdata: tracks.reveal(),
    });
  });

  it('maps an encrypted swipe with its whole capture to e_datafield and e_datafieldfmt', () => {
    const read = {
      kind: 'encrypted-swipe',
      entryMode: 'swipe',
      e_trackdata: 'AB',
      e_id: 'FFFF9876543210E00001',
      e_datafield: '027D01',
      e_datafieldfmt: 'idtech',
      ...display,
    } as const;
    expect(toRequestFields(read)).toEqual({
      cardpresent: 'yes',
      cardholdername: 'TEST/CARD',
      e_datafield: '027D01',
      e_datafieldfmt: 'idtech',
    });
  });

  it('maps an encrypted swipe without a capture (EMV fallback) to e_trackdata, e_id and e_datafieldfmt', () => {
    const read = {
      kind: 'encrypted-swipe',
      entryMode: 'swipe',
      e_trackdata: 'AB',
      e_id: 'FFFF9876543210E00001',
      e_datafieldfmt: 'idtech',
      ...display,
    } as const;
    expect(toRequestFields(read)).toEqual({
      cardpresent: 'yes',
      cardholdername: 'TEST/CARD',
      e_trackdata: 'AB',
      e_id: 'FFFF9876543210E00001',
      e_datafieldfmt: 'idtech',
    });
  });

  it('maps an EMV read to icc, and rfid=yes only when contactless', () => {
    const read = {
      kind: 'emv',
      entryMode: 'contact',
      icc: '9F2701809F2608',
      rfid: 'no',
      receipt: {},
      ...display,
    } as const;
    expect(toRequestFields(read)).toEqual({
      cardpresent: 'yes',
      cardholdername: 'TEST/CARD',
      icc: '9F2701809F2608',
    });
    expect(toRequestFields({ ...read, entryMode: 'contactless', rfid: 'yes' })).toMatchObject({
      rfid: 'yes',
    });
  });

  it('maps a card keyed on the PIN pad to e_account, e_id and expdate, and reveals its code only there', () => {
    const read = {
      kind: 'keyed',
      entryMode: 'keyed',
      e_account: '0123456789ABCDEFFEDCBA9876543210',
      e_id: 'FFFF9876543210E00003',
      expdate: '1230',
      maskedAccount: 'XXXXXXXXXXXX1111',
      lastFour: '1111',
      cv: new SensitiveText('999'),
    } as const;
    expect(toRequestFields(read)).toEqual({
      cardpresent: 'yes',
      e_account: '0123456789ABCDEFFEDCBA9876543210',
      e_id: 'FFFF9876543210E00003',
      expdate: '1230',
      cv: '999',
    });
    expect(JSON.stringify(read)).not.toContain('999');
    expect(inspect(read)).not.toContain('999');
    const { cv: _none, ...withoutCode } = read;
    expect(toRequestFields(withoutCode)).not.toHaveProperty('cv');
  });
});
