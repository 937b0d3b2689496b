import { describe, expect, it } from 'vitest';
import {
  encodePinRequest,
  encodePinResponse,
  parsePinRequest,
  parsePinResponse,
} from '../../../drivers/pinpad/pinpad-messages.ts';

const FS = '\x1c';

describe('PIN pad 70 message', () => {
  it('writes the PAN field, or leaves it empty for a PAN-less entry', () => {
    expect(encodePinRequest({ pan: '4012345678909', amountMinor: 2500 }).toString('latin1')).toBe(
      `704012345678909${FS}D2500`,
    );
    expect(encodePinRequest({ amountMinor: 75, account: 'credit' }).toString('latin1')).toBe(
      `70${FS}C0075`,
    );
  });

  it('reads both back, the PAN-less one without a pan', () => {
    expect(parsePinRequest(Buffer.from(`704012345678909${FS}D2500`, 'latin1'))).toEqual({
      pan: '4012345678909',
      account: 'debit',
      amountMinor: 2500,
    });
    expect(parsePinRequest(Buffer.from(`70${FS}C0075`, 'latin1'))).toEqual({
      account: 'credit',
      amountMinor: 75,
    });
  });

  it.each([
    ['72', 'PROTOCOL', 'message'],
    ['704111111111111111D0100', 'PROTOCOL', 'message'],
    [`70${FS}D0100${FS}x`, 'PROTOCOL', 'message'],
    [`704111111111111111${FS}D01`, 'BAD_INPUT', 'account'],
    [`704111111111111111${FS}Q0100`, 'BAD_INPUT', 'account'],
    [`70411111${FS}D0100`, 'BAD_INPUT', 'pan'],
    [`7041111111111111111111${FS}D0100`, 'BAD_INPUT', 'pan'],
    [`70ABCDEFGHIJ${FS}D0100`, 'BAD_INPUT', 'pan'],
  ])('refuses %j with %s naming %s', (text, code, field) => {
    expect(() => parsePinRequest(Buffer.from(text, 'latin1'))).toThrow(
      expect.objectContaining({ code, field }),
    );
  });

  it('refuses to write a PAN that is not 8 to 19 digits', () => {
    expect(() => encodePinRequest({ pan: '1234', amountMinor: 1 })).toThrow(
      expect.objectContaining({ code: 'BAD_INPUT', field: 'pan' }),
    );
  });
});

describe('PIN pad 71 message', () => {
  it('round-trips an entry and reads each error digit as its typed error', () => {
    const entry = { ksn: 'FFFF9876543210E00001', pin: '1B9C1845EB993A7A' };
    expect(encodePinResponse(entry).toString('latin1')).toBe('7109876543210E000011B9C1845EB993A7A');
    expect(parsePinResponse(encodePinResponse(entry))).toEqual(entry);
    expect(() => parsePinResponse(encodePinResponse({ error: '2' }))).toThrow(
      expect.objectContaining({ code: 'BAD_INPUT', field: 'pan' }),
    );
    expect(() => parsePinResponse(encodePinResponse({ error: '5' }))).toThrow(
      expect.objectContaining({ code: 'BAD_INPUT', field: 'account' }),
    );
  });
});
