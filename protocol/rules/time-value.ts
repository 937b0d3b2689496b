import { DateTime, IANAZone, type DurationLikeObject } from 'luxon';
import type { ApiVersion } from '../versions.ts';
import { ruleError } from './rule-book.ts';
import { MAX_UNIX_SECONDS } from './simple-values.ts';

/** What a time value is resolved against: the version, the merchant's IANA zone, and now. */
export interface TimeContext {
  readonly version: ApiVersion;
  /** IANA time zone of the merchant, e.g. "America/New_York" (docs/interface.md › Common value types). */
  readonly timeZone: string;
  /** The current instant; tests pass a fixed one. */
  readonly now: Date;
}

const OFFSET = /^([+-])(\d{1,9}) (second|minute|hour|day|week|month|year)s?$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const MMDDYY = /^(\d{2})(\d{2})(\d{2})$/;
const UNIT_KEYS: Readonly<Record<string, keyof DurationLikeObject>> = {
  second: 'seconds',
  minute: 'minutes',
  hour: 'hours',
  day: 'days',
  week: 'weeks',
  month: 'months',
  year: 'years',
};

/** The century of a two-digit MMDDYY year: 00–69 → 2000s, 70–99 → 1900s (POSIX %y). */
function fullYear(yy: number): number {
  return yy < 70 ? 2000 + yy : 1900 + yy;
}

function localTime(parts: readonly (string | undefined)[], zone: string, field: string): DateTime {
  const [year, month, day, hour = 0, minute, second] = parts.map((part) => Number(part ?? '0'));
  if (hour > 23) throw ruleError('time.date', field);
  return DateTime.fromObject({ year, month, day, hour, minute, second }, { zone });
}

function parse(value: string, ctx: TimeContext, field: string): DateTime | Date {
  const now = (): DateTime => DateTime.fromJSDate(ctx.now, { zone: ctx.timeZone });
  if (value === 'now') return ctx.now;
  if (value === 'epoch') return new Date(0);
  if (value === 'BOD' || value === 'EOD') {
    if (ctx.version === 'v1') throw ruleError('time.version', field);
    return value === 'BOD' ? now().startOf('day') : now().endOf('day').set({ millisecond: 0 });
  }
  const offset = OFFSET.exec(value);
  if (offset !== null) {
    const unit = UNIT_KEYS[offset[3] ?? ''] ?? 'seconds';
    const magnitude = Number(offset[2]) * (offset[1] === '-' ? -1 : 1);
    return now().plus({ [unit]: magnitude });
  }
  const fixed = DATE_TIME.exec(value);
  if (fixed !== null) return localTime(fixed.slice(1), ctx.timeZone, field);
  const short = MMDDYY.exec(value);
  if (short !== null) {
    const year = String(fullYear(Number(short[3])));
    return localTime([year, short[1], short[2]], ctx.timeZone, field);
  }
  if (/^\d+$/.test(value)) {
    const seconds = Number(value);
    if (seconds > MAX_UNIX_SECONDS) throw ruleError('time.range', field);
    return new Date(seconds * 1000);
  }
  throw ruleError('time.format', field);
}

/**
 * Resolves a time value (bdate, edate and any time-typed parameter) to an instant, in the
 * merchant's zone: YYYY-MM-DD (start of day), YYYY-MM-DD HH:MM[:SS], MMDDYY, Unix seconds (any run
 * of digits but exactly six), offsets "+1 day" / "-5 years" from now, now, epoch, and in v2 BOD /
 * EOD (docs/interface.md › Common value types; the Monetra REST API v1 time formats). A local time skipped by a
 * DST change moves forward by the gap; luxon takes the later instant of a repeated one.
 * Deterministic given ctx; throws a ProtocolError naming field.
 */
export function resolveTimeValue(value: string, ctx: TimeContext, field = 'time'): Date {
  if (!IANAZone.create(ctx.timeZone).isValid) {
    throw new RangeError('resolveTimeValue: the merchant time zone is not an IANA zone');
  }
  const parsed = parse(value, ctx, field);
  if (parsed instanceof Date) return new Date(parsed.getTime());
  if (!parsed.isValid) {
    throw ruleError(
      parsed.invalidReason === 'unit out of range' ? 'time.date' : 'time.range',
      field,
    );
  }
  const millis = parsed.toMillis();
  if (millis < 0 || millis > MAX_UNIX_SECONDS * 1000 + 999) throw ruleError('time.range', field);
  return new Date(millis);
}
