import { describe, expect, it } from 'vitest';
import {
  encodeKeyedCardRequest,
  encodeKeyedCardResponse,
  parseKeyedCardRequest,
  parseKeyedCardResponse,
} from '../../../drivers/pinpad/keyed-card-messages.ts';
import { encodePinPadStatus, parsePinPadStatus } from '../../../drivers/pinpad/pinpad-messages.ts';
import { encodeStxFrame } from '../../../drivers/pinpad/stx-frame.ts';

const FS = '\x1c';
const ENTRY = {
  e_account: '0123456789ABCDEFFEDCBA9876543210',
  e_id: 'FFFF9876543210E00003',
  expdate: '1230',
  maskedAccount: 'XXXXXXXXXXXX1111',
} as const;

describe('PIN pad 74 message (keyed card entry)', () => {
  it.each([
    ['740', false, false],
    ['741', true, false],
    ['742', false, true],
    ['743', true, true],
  ] as const)(
    '%s asks for the security code: %s, lets the expiry be skipped: %s',
    (text, securityCode, expiryOptional) => {
      expect(encodeKeyedCardRequest({ securityCode, expiryOptional }).toString('latin1')).toBe(
        text,
      );
      expect(parseKeyedCardRequest(Buffer.from(text))).toEqual({ securityCode, expiryOptional });
    },
  );

  it('asks for number and expiry alone by default', () => {
    expect(encodeKeyedCardRequest().toString('latin1')).toBe('740');
  });

  it('frames as STX 7 4 1 ETX and the LRC 31 (37 ^ 34 ^ 31 ^ 03)', () => {
    const frame = encodeStxFrame(encodeKeyedCardRequest({ securityCode: true }));
    expect(frame.toString('hex')).toBe('023734310331');
  });

  it.each([
    ['70', 'PROTOCOL', 'message'],
    ['74', 'BAD_INPUT', 'prompt'],
    ['744', 'BAD_INPUT', 'prompt'],
    ['7401', 'BAD_INPUT', 'prompt'],
  ])('refuses %j with %s naming %s', (text, code, field) => {
    expect(() => parseKeyedCardRequest(Buffer.from(text, 'latin1'))).toThrow(
      expect.objectContaining({ code, field }),
    );
  });
});

describe('PIN pad 75 message (keyed card answer)', () => {
  it('writes the KSN without its leading F, then the fields apart by FS; the code last, empty when not asked', () => {
    expect(encodeKeyedCardResponse(ENTRY).toString('latin1')).toBe(
      `7509876543210E00003${FS}${ENTRY.e_account}${FS}1230${FS}XXXXXXXXXXXX1111${FS}`,
    );
    expect(encodeKeyedCardResponse({ ...ENTRY, cv: '999' }).toString('latin1')).toMatch(
      new RegExp(`${FS}999$`),
    );
  });

  it('leaves the expiry field empty when it was skipped, and reads it back absent', () => {
    const { expdate: _skipped, ...skipped } = ENTRY;
    expect(encodeKeyedCardResponse(skipped).toString('latin1')).toBe(
      `7509876543210E00003${FS}${ENTRY.e_account}${FS}${FS}XXXXXXXXXXXX1111${FS}`,
    );
    expect(parseKeyedCardResponse(encodeKeyedCardResponse(skipped))).toEqual(skipped);
  });

  it('reads both back as sent, the KSN padded to 20 digits', () => {
    expect(parseKeyedCardResponse(encodeKeyedCardResponse(ENTRY))).toEqual(ENTRY);
    const withCode = { ...ENTRY, cv: '1234' };
    expect(parseKeyedCardResponse(encodeKeyedCardResponse(withCode))).toEqual(withCode);
  });

  it('reads each error digit as the typed error of a card entry', () => {
    const error = (digit: '1' | '2' | '3' | '4' | '5' | '6') => {
      try {
        parseKeyedCardResponse(encodeKeyedCardResponse({ error: digit }));
      } catch (thrown) {
        return thrown;
      }
      throw new Error('no error');
    };
    expect(error('1')).toMatchObject({ code: 'DEVICE_STATUS', field: 'keys' });
    expect(error('2')).toMatchObject({ code: 'BAD_INPUT', field: 'pan' });
    expect(error('3')).toMatchObject({ code: 'CANCELLED', field: 'card' });
    expect(error('4')).toMatchObject({
      code: 'TIMEOUT',
      field: 'card',
      message: 'pin pad: cardholder did not enter the card in time',
    });
    expect(error('5')).toMatchObject({ code: 'BAD_INPUT', field: 'prompt' });
    expect(error('6')).toMatchObject({ code: 'KEY_EXHAUSTED', field: 'ksn' });
  });

  it.each([
    ['not a 75', '71A'],
    ['error digit 0', '750'],
    ['error digit 7', '757'],
    [
      'an account of part of a block',
      `7509876543210E00003${FS}0123ABCD${FS}1230${FS}XXXX1111${FS}`,
    ],
    ['a month 13', `7509876543210E00003${FS}${ENTRY.e_account}${FS}1330${FS}XXXX1111${FS}`],
    [
      'a clear account',
      `7509876543210E00003${FS}${ENTRY.e_account}${FS}1230${FS}4111111111111111${FS}`,
    ],
    [
      'a code of 5 digits',
      `7509876543210E00003${FS}${ENTRY.e_account}${FS}1230${FS}XXXX1111${FS}12345`,
    ],
    [
      'a field too many',
      `7509876543210E00003${FS}${ENTRY.e_account}${FS}1230${FS}XXXX1111${FS}${FS}`,
    ],
  ])('refuses an answer with %s as PROTOCOL', (_what, text) => {
    expect(() => parseKeyedCardResponse(Buffer.from(text, 'latin1'))).toThrow(
      expect.objectContaining({ code: 'PROTOCOL', field: 'message' }),
    );
  });
});

describe('PIN pad S1 status', () => {
  it('says C while the cardholder keys a card', () => {
    const status = { state: 'card-entry', keys: 'loaded', serial: 'PPSIM001' } as const;
    expect(encodePinPadStatus(status).toString('latin1')).toBe(`S1C${FS}K${FS}PPSIM001`);
    expect(parsePinPadStatus(encodePinPadStatus(status))).toEqual(status);
  });
});
