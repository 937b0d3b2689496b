import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildTrack1,
  buildTrack2,
  parseTrack1,
  parseTrack2,
  parseTrack2Equivalent,
  parseWedgeSwipe,
  TrackError,
  trackLrc,
  type TrackData,
} from '../../../drivers/crypto/index.ts';
import { caught } from './helpers/caught.ts';

const BUSH_T1 = '%B4266841088889999^BUSH JR/GEORGE W.MR^0809101100001100000000046000000?';
const BUSH_T2 = ';4266841088889999=080910110000046?';
const HOGAN_T1 = '%B5452300551227189^HOGAN/PAUL      ^08043210000000725000000?';
const HOGAN_T2 = ';5452300551227189=080432100000007250?';

describe('LRC (ISO/IEC 7811-2)', () => {
  it.each([
    [1, BUSH_T1, '!'],
    [2, BUSH_T2, '0'],
    [1, HOGAN_T1, '/'],
    [2, HOGAN_T2, '6'],
  ] as const)('track %i LRC of a published track', (track, text, lrc) => {
    expect(trackLrc(track, text)).toBe(lrc);
  });
});

describe('track 1', () => {
  it('parses the published HOGAN/PAUL track, trimming the padded name', () => {
    expect(parseTrack1(HOGAN_T1)).toEqual({
      pan: '5452300551227189',
      name: 'HOGAN/PAUL',
      expiry: '0804',
      serviceCode: '321',
      discretionary: '0000000725000000',
    });
  });

  it('checks an LRC that follows the end sentinel', () => {
    expect(parseTrack1(`${BUSH_T1}!`).name).toBe('BUSH JR/GEORGE W.MR');
    expect(caught(TrackError, () => parseTrack1(`${BUSH_T1}"`)).rule).toBe('track1.lrc');
  });

  it('parses a track without sentinels', () => {
    expect(parseTrack1(BUSH_T1.slice(1, -1)).pan).toBe('4266841088889999');
  });

  it.each([
    ['%A4111111111111111^NAME/A^25121010000?', 'track1.format-code'],
    ['%B4111111111111111^NAME/A^25121010000', 'track1.sentinel'],
    ['%B4111111111111111NAME/A25121010000?', 'track1.separators'],
    ['%B4111111111111111^N^25121010000?', 'track1.name'],
    ['%B41111111111111111111^NAME/A^25121010000?', 'track1.pan'],
    ['%B4111111111111111^NAME/A^25131010000?', 'track1.expiry'],
    ['%B4111111111111111^NAME/A^2512?', 'track1.short'],
    ['%B4111111111111111^NAME/A^2512101~?', 'track1.discretionary'],
    ['%B4111111111111111^NAME/A^2512101?XX', 'track1.trailing'],
    [`%B4111111111111111^NAME/A^2512101${'0'.repeat(48)}?`, 'track1.length'],
  ])('rejects %s with %s, never echoing the PAN', (text, rule) => {
    const error = caught(TrackError, () => parseTrack1(text));
    expect(error.rule).toBe(rule);
    expect(error.code).toBe('MALFORMED');
    expect(error.message).not.toContain('4111');
  });
});

describe('track 2', () => {
  it('parses the published BUSH track', () => {
    expect(parseTrack2(`${BUSH_T2}0`)).toEqual({
      pan: '4266841088889999',
      expiry: '0809',
      serviceCode: '101',
      discretionary: '10000046',
    });
  });

  it.each([
    [';4111111111111111=2512101?5', 'track2.lrc'],
    [';4111111111111111D2512101?', 'track2.separators'],
    [';4111111111111111=2512101A?', 'track2.discretionary'],
    [`;4111111111111111=2512101${'0'.repeat(14)}?`, 'track2.length'],
  ])('rejects %s with %s', (text, rule) => {
    expect(caught(TrackError, () => parseTrack2(text)).rule).toBe(rule);
  });

  it('reads EMV tag 57, Track 2 Equivalent Data', () => {
    const value = Buffer.from('4761739001010010D15122011143878089', 'hex');
    expect(parseTrack2Equivalent(value)).toEqual({
      pan: '4761739001010010',
      expiry: '1512',
      serviceCode: '201',
      discretionary: '1143878089',
    });
    expect(
      parseTrack2Equivalent(Buffer.from('4111111111111111D2512101F', 'hex')).discretionary,
    ).toBe('');
    expect(
      caught(TrackError, () => parseTrack2Equivalent(Buffer.from('4111111111111111', 'hex'))).rule,
    ).toBe('track2.equivalent');
  });
});

describe('building tracks', () => {
  it('rebuilds the published tracks byte for byte, LRC included', () => {
    expect(buildTrack1(parseTrack1(BUSH_T1), { lrc: true })).toBe(`${BUSH_T1}!`);
    expect(buildTrack2(parseTrack2(HOGAN_T2), { lrc: true })).toBe(`${HOGAN_T2}6`);
    expect(buildTrack2(parseTrack2(HOGAN_T2))).toBe(HOGAN_T2);
  });

  it('requires a name on track 1', () => {
    const data = parseTrack2(BUSH_T2);
    expect(caught(TrackError, () => buildTrack1(data)).rule).toBe('track1.name');
  });

  const digits = (min: number, max: number) =>
    fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
  const fields = fc.record({
    pan: digits(12, 19),
    expiry: fc
      .tuple(digits(2, 2), fc.integer({ min: 1, max: 12 }))
      .map(([y, m]) => y + String(m).padStart(2, '0')),
    serviceCode: digits(3, 3),
    discretionary: digits(0, 8),
  });
  const name = fc.stringMatching(/^[A-Z][A-Z /.]{0,23}[A-Z]$/);

  it('round-trips track 1 build → parse for any fields', () => {
    fc.assert(
      fc.property(fields, name, fc.boolean(), (data, cardholder, lrc) => {
        const card: TrackData = { ...data, name: cardholder };
        expect(parseTrack1(buildTrack1(card, { lrc }))).toEqual(card);
      }),
    );
  });

  it('round-trips track 2 build → parse for any fields', () => {
    fc.assert(
      fc.property(fields, fc.boolean(), (data, lrc) => {
        expect(parseTrack2(buildTrack2(data, { lrc }))).toEqual(data);
      }),
    );
  });
});

describe('keyboard-wedge swipe (MagTek keyboard emulation)', () => {
  const TRACK3 = '+5163499080020445=000000000000?';

  it('splits the published MagTek swipe into tracks and the card', () => {
    const swipe = parseWedgeSwipe(`${HOGAN_T1};5452300551227189=080432100000007250?${TRACK3}\r`);
    expect(swipe.track1).toBe(HOGAN_T1);
    expect(swipe.track2).toBe(HOGAN_T2);
    expect(swipe.track3).toBe(TRACK3);
    expect(swipe.unreadable).toEqual([]);
    expect(swipe.card).toEqual({
      pan: '5452300551227189',
      name: 'HOGAN/PAUL',
      expiry: '0804',
      serviceCode: '321',
      discretionary: '00000007250',
    });
  });

  it('reports an unreadable track and reads the card from the other one', () => {
    const swipe = parseWedgeSwipe(`%E?${BUSH_T2}\r`);
    expect(swipe.unreadable).toEqual([1]);
    expect(swipe.track1).toBeUndefined();
    expect(swipe.card.pan).toBe('4266841088889999');
    expect(swipe.card.name).toBeUndefined();
    expect(parseWedgeSwipe(`${BUSH_T1};E?\r\n`).card.name).toBe('BUSH JR/GEORGE W.MR');
  });

  it.each([
    ['', 'swipe.empty'],
    ['\r', 'swipe.empty'],
    ['%E?;E?\r', 'swipe.unreadable'],
    ['hello\r', 'swipe.format'],
    [`${HOGAN_T1}${BUSH_T2}\r`, 'swipe.pan-mismatch'],
    [`${BUSH_T1}${BUSH_T1}\r`, 'swipe.duplicate'],
    [`${BUSH_T1};4266841088889999=08091011?garbage`, 'swipe.format'],
  ])('rejects %j with %s', (text, rule) => {
    const error = caught(TrackError, () => parseWedgeSwipe(text));
    expect(error.rule).toBe(rule);
    expect(error.message).not.toMatch(/4266|5452/);
  });
});
