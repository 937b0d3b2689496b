import { ruleError } from './rule-book.ts';

/** The latest instant the interface takes, in Unix seconds: 9999-12-31 23:59:59 UTC. */
export const MAX_UNIX_SECONDS = 253_402_300_799;

/** The longest zip the interface takes, in characters (docs/interface.md › Limits). */
const ZIP_MAX_LENGTH = 32;

const IDENTIFIER = /^[A-Za-z0-9._~-]{1,64}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ().-]+$/;

/** A yes/no flag: exactly "yes" or "no", lowercase as the interface writes them (Common value types). */
export function checkYesNo(value: string, field: string): void {
  if (value !== 'yes' && value !== 'no') throw ruleError('yesno.format', field);
}

/** priority: low, normal or high, lowercase (docs/interface.md › Standalone parameters). */
export function checkPriority(value: string, field = 'priority'): void {
  if (value !== 'low' && value !== 'normal' && value !== 'high') {
    throw ruleError('priority.format', field);
  }
}

/** A count or number such as timeout, profile_id or batch: 1–15 digits (exact in a double). */
export function checkDigits(value: string, field: string): void {
  if (!/^\d{1,15}$/.test(value)) throw ruleError('digits.format', field);
}

/** currency, shipcountry, countrycode: a numeric ISO 4217/3166 code of exactly 3 digits. */
export function checkIsoNumeric(value: string, field: string): void {
  if (!/^\d{3}$/.test(value)) throw ruleError('iso_numeric.format', field);
}

/**
 * A multi-valued string: members joined by "|", none empty; an empty value is the empty list
 * (docs/interface.md › Common value types).
 */
export function checkPipeList(value: string, field: string): void {
  if (value !== '' && value.split('|').some((member) => member === '')) {
    throw ruleError('pipe_list.member', field);
  }
}

/** zip: at most 32 characters; empty is a value (runs AVS and fails it) (docs/interface.md › Limits, §5). */
export function checkZip(value: string, field = 'zip'): void {
  if ([...value].length > ZIP_MAX_LENGTH) throw ruleError('zip.length', field);
}

/** Data that stands for an account (track, token, ticket, encrypted block): never empty. */
export function checkNonEmpty(value: string, field: string): void {
  if (value === '') throw ruleError('text.empty', field);
}

/** ttid, order_id, payment_id: 1–64 URL-safe characters, as they travel in REST paths. */
export function checkIdentifier(value: string, field: string): void {
  if (!IDENTIFIER.test(value)) throw ruleError('identifier.format', field);
}

const ORIGIN = /^(https):\/\/([a-z0-9.-]+|\[[0-9a-f:]+\])(?::(\d{1,5}))?$/;
const LOCAL_ORIGIN = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(?::(\d{1,5}))?$/;

/**
 * allowed_origin: a web origin (RFC 6454) as a browser writes it, lowercase: https://host[:port],
 * or http:// on a loopback host for development; no path, query or trailing slash.
 */
export function checkOrigin(value: string, field = 'allowed_origin'): void {
  const match = ORIGIN.exec(value) ?? LOCAL_ORIGIN.exec(value);
  const port = match?.[match.length - 1];
  if (match === null || (port !== undefined && Number(port) > 65_535)) {
    throw ruleError('origin.format', field);
  }
}

/** rcpt_email: one @, no spaces, a dot in the domain, at most 254 characters (RFC 5321 path). */
export function checkEmail(value: string, field = 'rcpt_email'): void {
  if (value.length > 254 || !EMAIL.test(value)) throw ruleError('email.format', field);
}

/** rcpt_sms: optional +, digits with separators space . - ( ), 7–15 digits (ITU-T E.164 maximum). */
export function checkPhone(value: string, field = 'rcpt_sms'): void {
  const digits = value.replace(/\D/g, '').length;
  if (!PHONE.test(value) || digits < 7 || digits > 15) throw ruleError('phone.format', field);
}

/** Any *_ts key: Unix seconds, digits only, UTC, up to MAX_UNIX_SECONDS (docs/interface.md › Common value types). */
export function checkTimestamp(value: string, field: string): void {
  if (!/^\d+$/.test(value)) throw ruleError('timestamp.format', field);
  if (Number(value) > MAX_UNIX_SECONDS) throw ruleError('timestamp.range', field);
}
