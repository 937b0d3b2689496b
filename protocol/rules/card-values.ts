import { paramValue, type Params } from '../params.ts';
import { ruleError } from './rule-book.ts';

const CV = /^(?:\d{3,4}|NR|NA|N)$/;
const HEX = /^[0-9A-Fa-f]*$/;
/** Encrypted PIN block lengths in hex digits: 16, then steps of 4 up to a 16-byte AES block. */
const PIN_BLOCK_LENGTHS: readonly number[] = [16, 20, 24, 28, 32];
const PLAIN_PIN = /^\d{4,12}$/;
const KSN_LENGTHS: readonly number[] = [16, 20, 24];

/**
 * cv: 3–4 digits, or NR (unreadable), NA (not on card), N (intentionally not provided), exactly as
 * written (docs/interface.md › Standalone parameters, Limits).
 */
export function checkCv(value: string, field = 'cv'): void {
  if (!CV.test(value)) throw ruleError('cv.format', field);
}

/** The cv the service evaluates: the value sent, or N when the key is absent (docs/interface.md › cv). */
export function effectiveCv(params: Params): string {
  return paramValue(params, 'cv') ?? 'N';
}

function isHex(value: string, lengths: readonly number[]): boolean {
  return lengths.includes(value.length) && HEX.test(value);
}

/**
 * pin: PINLESS in any case, or an encrypted PIN block of 16, 20, 24, 28 or 32 hex digits (docs/interface.md ›
 * Request parameter groups, pin_data); with plain=true (gift operations) also a clear
 * PIN of 4–12 digits (ISO 9564-1 PIN length).
 */
export function checkPin(value: string, plain: boolean, field = 'pin'): void {
  if (value.toUpperCase() === 'PINLESS' || isHex(value, PIN_BLOCK_LENGTHS)) return;
  if (!plain) throw ruleError('pin.format', field);
  if (!PLAIN_PIN.test(value)) throw ruleError('pin.gift_format', field);
}

/** expdate: four digits MMYY with month 01–12 (docs/interface.md › account_data "expdate (four digits)"). */
export function checkExpdate(value: string, field = 'expdate'): void {
  if (!/^\d{4}$/.test(value)) throw ruleError('expdate.format', field);
  const month = Number(value.slice(0, 2));
  if (month < 1 || month > 12) throw ruleError('expdate.month', field);
}

/** A key serial number: 16, 20 (ANSI X9.24-1 TDES DUKPT) or 24 (X9.24-3 AES DUKPT) hex digits. */
export function checkKsn(value: string, field = 'ksn'): void {
  if (!isHex(value, KSN_LENGTHS)) throw ruleError('ksn.format', field);
}

/** icc: EMV data as hex, non-empty and of even length (whole bytes) (docs/interface.md › account_data). */
export function checkIcc(value: string, field = 'icc'): void {
  if (value.length === 0 || value.length % 2 !== 0 || !HEX.test(value)) {
    throw ruleError('icc.format', field);
  }
}

/** account: 4–19 digits, a card number (ISO/IEC 7812, at most 19) or a check account number. */
export function checkAccount(value: string, field = 'account'): void {
  if (!/^\d{4,19}$/.test(value)) throw ruleError('account.format', field);
}

/** Weights of an ABA routing number's digits in its checksum (ABA Key to Routing Numbers). */
const ABA_WEIGHTS: readonly number[] = [3, 7, 1, 3, 7, 1, 3, 7, 1];

/**
 * abaroute: an ABA routing number, 9 digits whose sum weighted 3, 7, 1 (repeated) is a multiple
 * of 10 (ABA Key to Routing Numbers, check digit).
 */
export function checkAbaRoute(value: string, field = 'abaroute'): void {
  if (!/^\d{9}$/.test(value)) throw ruleError('aba.format', field);
  const sum = [...value].reduce(
    (total, digit, i) => total + Number(digit) * (ABA_WEIGHTS[i] ?? 0),
    0,
  );
  if (sum % 10 !== 0) throw ruleError('aba.checksum', field);
}

/** The members accounttype may hold, one of each pair at most (docs/protocol.md, Checks). */
const ACCOUNT_TYPE_PAIRS: readonly (readonly [string, string])[] = [
  ['PERSONAL', 'BUSINESS'],
  ['CHECKING', 'SAVINGS'],
];

/**
 * accounttype: pipe-separated members (docs/interface.md › multi-valued strings), each PERSONAL or BUSINESS,
 * CHECKING or SAVINGS in any case, at most one of each pair (docs/protocol.md, Checks).
 */
export function checkAccountType(value: string, field = 'accounttype'): void {
  const members = value.toUpperCase().split('|');
  const pairs = members.map((member) =>
    ACCOUNT_TYPE_PAIRS.findIndex((pair) => pair.includes(member)),
  );
  if (pairs.includes(-1)) throw ruleError('accounttype.member', field);
  if (new Set(pairs).size !== pairs.length) throw ruleError('accounttype.pair', field);
}
