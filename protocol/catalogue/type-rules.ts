import type { ParamType } from './types.ts';

/**
 * Each value rule in words, as docs/protocol.md lists it; protocol/rules enforces exactly these
 * (docs/interface.md › Common value types, Standalone parameters, Limits; the rest are LaneTerm decisions).
 */
export const PARAM_TYPE_RULES: Readonly<Record<ParamType, string>> = {
  amount: 'digits with an optional fraction of 1–2 places; above 0; at most 99999999.99',
  tax: 'an amount, or 0.00 (taxable, no tax collected), or NT in any case (tax exempt)',
  text: 'any string; empty allowed',
  text_nonempty: 'any non-empty string',
  identifier: "1–64 characters of letters, digits, '.', '_', '~', '-'",
  yesno: 'exactly yes or no, lowercase',
  digits: '1–15 digits',
  iso_numeric: 'exactly 3 digits (numeric ISO code)',
  pipe_list: 'members joined by |, none empty; an empty value is an empty list',
  zip: 'at most 32 characters; empty allowed (runs AVS and fails it)',
  cv: '3–4 digits, or NR, NA, N; N when absent',
  pin: 'PINLESS in any case, or 16, 20, 24, 28 or 32 hex digits; on gift operations also 4–12 digits',
  expdate: 'MMYY: 4 digits, month 01–12',
  ksn: '16, 20 or 24 hex digits',
  icc: 'a non-empty, even number of hex digits',
  priority: 'low, normal or high',
  time: 'a time value (fixed date, Unix seconds, offset, now, epoch; BOD, EOD in v2)',
  rcpt: 'yes, or settings key=value joined by ; (type text, html or json; width 20–80; others ignored)',
  email: 'an e-mail address: one @, no spaces, a dot in the domain, at most 254 characters',
  phone: 'optional +, then digits with separators space . - ( ); 7–15 digits',
  account: '4–19 digits',
  aba: '9 digits; digits weighted 3, 7, 1 sum to a multiple of 10',
  origin: 'a web origin: https://host[:port], or http:// on localhost or 127.0.0.1; no path',
  accounttype:
    'PERSONAL or BUSINESS, CHECKING or SAVINGS (any case), one of each pair, joined by |',
  timestamp: 'Unix seconds: digits, at most 253402300799 (9999-12-31 23:59:59 UTC)',
};
