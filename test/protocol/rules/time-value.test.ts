import fc from 'fast-check';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { resolveTimeValue, type TimeContext } from '../../../protocol/rules/time-value.ts';
import { expectProtocolError } from './expect-error.ts';

const NOW = new Date('2025-07-15T16:30:45Z');
const NY: TimeContext = { version: 'v2', timeZone: 'America/New_York', now: NOW };
const iso = (value: string, ctx: TimeContext = NY): string =>
  resolveTimeValue(value, ctx, 'bdate').toISOString();

describe('resolveTimeValue: fixed times in the merchant zone', () => {
  it.each([
    ['2025-07-04', '2025-07-04T04:00:00.000Z'],
    ['2025-07-04 13:05', '2025-07-04T17:05:00.000Z'],
    ['2025-07-04 13:05:09', '2025-07-04T17:05:09.000Z'],
    ['2025-01-04 13:05:09', '2025-01-04T18:05:09.000Z'],
    ['070425', '2025-07-04T04:00:00.000Z'],
    ['123169', '2069-12-31T05:00:00.000Z'],
    ['010170', '1970-01-01T05:00:00.000Z'],
    ['123199', '1999-12-31T05:00:00.000Z'],
  ])('%s → %s', (value, expected) => {
    expect(iso(value)).toBe(expected);
  });

  it('resolves the same text differently in another zone', () => {
    expect(iso('2025-07-04', { ...NY, timeZone: 'Asia/Tokyo' })).toBe('2025-07-03T15:00:00.000Z');
  });

  it('moves a local time skipped by DST forward by the gap', () => {
    expect(iso('2025-03-09 02:30:00')).toBe('2025-03-09T07:30:00.000Z');
  });

  it('takes the later instant of a local time that happens twice', () => {
    expect(iso('2025-11-02 01:30:00')).toBe('2025-11-02T06:30:00.000Z');
    const berlin = { ...NY, timeZone: 'Europe/Berlin' };
    expect(iso('2025-10-26 02:30:00', berlin)).toBe('2025-10-26T01:30:00.000Z');
  });

  it('reads every local date-time of a zone without DST back to its instant', () => {
    const kolkata = { ...NY, timeZone: 'Asia/Kolkata' };
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_300_799 - 86_400 }), (seconds) => {
        const local = DateTime.fromSeconds(seconds, { zone: 'Asia/Kolkata' });
        const text = local.toFormat('yyyy-MM-dd HH:mm:ss');
        expect(resolveTimeValue(text, kolkata).getTime()).toBe(seconds * 1000);
      }),
    );
  });
});

describe('resolveTimeValue: Unix seconds and named values', () => {
  it.each([
    ['1509556482', '2017-11-01T17:14:42.000Z'],
    ['0', '1970-01-01T00:00:00.000Z'],
    ['86400', '1970-01-02T00:00:00.000Z'],
    ['now', '2025-07-15T16:30:45.000Z'],
    ['epoch', '1970-01-01T00:00:00.000Z'],
  ])('%s → %s', (value, expected) => {
    expect(iso(value)).toBe(expected);
  });

  it('gives BOD and EOD of the current day in the zone in v2', () => {
    expect(iso('BOD')).toBe('2025-07-15T04:00:00.000Z');
    expect(iso('EOD')).toBe('2025-07-16T03:59:59.000Z');
    expect(iso('BOD', { ...NY, timeZone: 'Asia/Tokyo' })).toBe('2025-07-15T15:00:00.000Z');
  });

  it.each(['BOD', 'EOD'])('refuses %s in v1 naming the version rule', (value) => {
    const error = expectProtocolError(() => iso(value, { ...NY, version: 'v1' }), {
      kind: 'wrong_version',
      field: 'bdate',
      rule: 'time.version',
    });
    expect(error.verbiage).toBe('bdate: BOD and EOD are time values of v2 only');
  });

  it('takes the other named values and offsets in v1', () => {
    expect(iso('now', { ...NY, version: 'v1' })).toBe(NOW.toISOString());
    expect(iso('-1 day', { ...NY, version: 'v1' })).toBe('2025-07-14T16:30:45.000Z');
  });
});

describe('resolveTimeValue: offsets from now', () => {
  it.each([
    ['+1 day', '2025-07-16T16:30:45.000Z'],
    ['+1 days', '2025-07-16T16:30:45.000Z'],
    ['-5 years', '2020-07-15T16:30:45.000Z'],
    ['-1 year', '2024-07-15T16:30:45.000Z'],
    ['+2 hours', '2025-07-15T18:30:45.000Z'],
    ['-90 minutes', '2025-07-15T15:00:45.000Z'],
    ['+15 seconds', '2025-07-15T16:31:00.000Z'],
    ['-1 week', '2025-07-08T16:30:45.000Z'],
    ['+0 months', '2025-07-15T16:30:45.000Z'],
  ])('%s → %s', (value, expected) => {
    expect(iso(value)).toBe(expected);
  });

  it('moves days on the calendar across a DST change, hours on the clock', () => {
    const ctx = { ...NY, now: new Date('2025-03-08T17:00:00Z') };
    expect(iso('+1 day', ctx)).toBe('2025-03-09T16:00:00.000Z');
    expect(iso('+24 hours', ctx)).toBe('2025-03-09T17:00:00.000Z');
  });

  it('clamps a month offset to the end of a shorter month', () => {
    expect(iso('+1 month', { ...NY, now: new Date('2025-01-31T17:00:00Z') })).toBe(
      '2025-02-28T17:00:00.000Z',
    );
  });

  it('is deterministic given the context', () => {
    expect(iso('+3 days')).toBe(iso('+3 days'));
  });
});

describe('resolveTimeValue: refusals', () => {
  it.each([
    '',
    'NOW',
    'Epoch',
    'bod',
    '1 day',
    '+1  day',
    '+1 Day',
    '+ 1 day',
    '+1day',
    '+1 fortnight',
    '+1.5 days',
    '2025-7-4',
    '2025/07/04',
    '2025-07-04T13:05:09',
    '2025-07-04 13',
    ' 2025-07-04',
    '-1',
  ])('refuses %j with time.format', (value) => {
    expectProtocolError(() => iso(value), { kind: 'invalid', field: 'bdate', rule: 'time.format' });
  });

  it.each([
    '2025-02-30',
    '2025-13-01',
    '2025-07-04 24:00',
    '2025-07-04 12:60:00',
    '133125',
    '000025',
  ])('refuses %j with time.date', (value) => {
    expectProtocolError(() => iso(value), { kind: 'invalid', field: 'bdate', rule: 'time.date' });
  });

  it.each(['-100 years', '+999999999 years', '253402300800', '+8000 years'])(
    'refuses %j with time.range',
    (value) => {
      expectProtocolError(() => iso(value), {
        kind: 'invalid',
        field: 'bdate',
        rule: 'time.range',
      });
    },
  );

  it('refuses a date before the epoch in a zone east of UTC', () => {
    expectProtocolError(() => iso('1970-01-01', { ...NY, timeZone: 'Asia/Tokyo' }), {
      kind: 'invalid',
      field: 'bdate',
      rule: 'time.range',
    });
  });

  it('throws a RangeError for a merchant zone that is not an IANA zone', () => {
    expect(() => iso('now', { ...NY, timeZone: 'Mars/Olympus' })).toThrow(RangeError);
  });
});
