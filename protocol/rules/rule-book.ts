import { ProtocolError, shownName, type ProtocolErrorKind } from '../errors.ts';

/** One rule: the kind of error it raises and its words, with {placeholders} filled per error. */
export interface RuleDef {
  readonly kind: ProtocolErrorKind;
  readonly text: string;
}

const DIGITS_1_15 = 'must be 1–15 digits';
const PIN_BLOCK = 'an encrypted PIN block of 16, 20, 24, 28 or 32 hex digits';

/**
 * Every rule a request can break, by stable id; the verbiage is "<field>: <text>" and never holds
 * the offending value (docs/interface.md › Common value types, Limits, Versioning; decisions in docs/protocol.md).
 */
export const RULES = {
  'body.object': { kind: 'framing', text: 'the request body must be a JSON object' },
  'key.empty': { kind: 'invalid', text: 'parameter names must not be empty' },
  'value.string': { kind: 'not_a_string', text: 'must be a string' },
  'value.conflict': { kind: 'conflicting_values', text: 'sent twice with different values' },
  'json.duplicate_key': { kind: 'conflicting_values', text: 'sent twice in one JSON object' },
  'value.control': {
    kind: 'invalid',
    text: 'must not hold control characters (only tab, CR and LF)',
  },
  'operation.version': { kind: 'wrong_version', text: 'not offered in {version}' },
  'param.transport_key': {
    kind: 'unknown_parameter',
    text: 'is a transport or credential key, not a parameter',
  },
  'param.version': { kind: 'wrong_version', text: 'not a parameter of {version}, only of {other}' },
  'param.operation_version': {
    kind: 'wrong_version',
    text: '{operation} accepts it in {other} only, not in {version}',
  },
  'param.not_accepted': { kind: 'unknown_parameter', text: 'not a parameter of {operation}' },
  'param.unknown': {
    kind: 'unknown_parameter',
    text: 'unknown parameter; {operation} takes no custom parameters',
  },
  'custom.key': {
    kind: 'invalid',
    text: "must be 1–64 letters, digits, '_', '-' or '.'",
  },
  'param.required': { kind: 'missing', text: 'required by {operation}' },
  'param.required_with_entry': {
    kind: 'missing',
    text: 'required by {operation} with account data',
  },
  'entry.required': { kind: 'missing', text: 'one of these is required: {choices}' },
  'entry.incomplete': { kind: 'missing', text: 'required with {present} ({entry} entry)' },
  'param.exclusive': { kind: 'exclusive', text: 'cannot be sent together with {other}' },
  'entry.multiple': { kind: 'exclusive', text: 'send one of {choices}, not several' },
  'param.requires': { kind: 'requires', text: 'requires {other}' },
  'amount.format': { kind: 'invalid', text: 'must be digits with at most two decimal places' },
  'amount.positive': { kind: 'invalid', text: 'must be above 0' },
  'amount.maximum': { kind: 'invalid', text: 'must be at most 99999999.99' },
  'tax.format': {
    kind: 'invalid',
    text: 'must be digits with at most two decimal places, or NT',
  },
  'text.empty': { kind: 'invalid', text: 'must not be empty' },
  'identifier.format': {
    kind: 'invalid',
    text: "must be 1–64 letters, digits, '.', '_', '~' or '-'",
  },
  'yesno.format': { kind: 'invalid', text: 'must be yes or no' },
  'digits.format': { kind: 'invalid', text: DIGITS_1_15 },
  'iso_numeric.format': { kind: 'invalid', text: 'must be a 3-digit numeric ISO code' },
  'pipe_list.member': { kind: 'invalid', text: 'must not have an empty member between | signs' },
  'zip.length': { kind: 'invalid', text: 'must be at most 32 characters' },
  'cv.format': { kind: 'invalid', text: 'must be 3–4 digits, or NR, NA or N' },
  'pin.format': { kind: 'invalid', text: `must be PINLESS or ${PIN_BLOCK}` },
  'pin.gift_format': {
    kind: 'invalid',
    text: `must be PINLESS, ${PIN_BLOCK}, or a PIN of 4–12 digits`,
  },
  'expdate.format': { kind: 'invalid', text: 'must be 4 digits MMYY' },
  'expdate.month': { kind: 'invalid', text: 'month must be 01–12' },
  'ksn.format': { kind: 'invalid', text: 'must be 16, 20 or 24 hex digits' },
  'icc.format': { kind: 'invalid', text: 'must be a non-empty, even number of hex digits' },
  'priority.format': { kind: 'invalid', text: 'must be low, normal or high' },
  'time.format': {
    kind: 'invalid',
    text:
      'must be YYYY-MM-DD, YYYY-MM-DD HH:MM[:SS], MMDDYY, Unix seconds, ' +
      'an offset such as +1 day, now, epoch, or in v2 BOD or EOD',
  },
  'time.date': { kind: 'invalid', text: 'not a real calendar date and time' },
  'time.range': { kind: 'invalid', text: 'must fall between 1970-01-01 and 9999-12-31 UTC' },
  'time.version': { kind: 'wrong_version', text: 'BOD and EOD are time values of v2 only' },
  'time.order': { kind: 'invalid', text: 'must not be before bdate' },
  'rcpt.format': { kind: 'invalid', text: 'must be yes, or settings key=value joined by ;' },
  'rcpt.type': { kind: 'invalid', text: 'setting type must be text, html or json' },
  'rcpt.width': { kind: 'invalid', text: 'setting width must be a number of columns, 20–80' },
  'email.format': { kind: 'invalid', text: 'must be an e-mail address' },
  'phone.format': { kind: 'invalid', text: 'must be a phone number of 7–15 digits' },
  'account.format': { kind: 'invalid', text: 'must be 4–19 digits' },
  'aba.format': { kind: 'invalid', text: 'must be 9 digits' },
  'origin.format': {
    kind: 'invalid',
    text: 'must be a web origin: https://host[:port], or http:// on localhost; no path',
  },
  'aba.checksum': {
    kind: 'invalid',
    text: 'fails the routing number checksum (digits weighted 3, 7, 1 must sum to a multiple of 10)',
  },
  'accounttype.member': {
    kind: 'invalid',
    text: 'members must be PERSONAL or BUSINESS, CHECKING or SAVINGS, joined by |',
  },
  'accounttype.pair': {
    kind: 'invalid',
    text: 'may name one of PERSONAL and BUSINESS and one of CHECKING and SAVINGS',
  },
  'timestamp.format': { kind: 'invalid', text: 'must be Unix seconds: digits only' },
  'timestamp.range': { kind: 'invalid', text: 'must be at most 253402300799' },
  'installment.order': { kind: 'invalid', text: 'must not exceed installment_total' },
  'bin_range.syntax': {
    kind: 'invalid',
    text: 'range {position}: must be min_prefix[-max_prefix][:min_len[-max_len][:cardtype[:pclevel]]]',
  },
  'bin_range.max_prefix_length': {
    kind: 'invalid',
    text: 'range {position}: max_prefix must have as many digits as min_prefix',
  },
  'bin_range.max_prefix_order': {
    kind: 'invalid',
    text: 'range {position}: max_prefix must not be below min_prefix',
  },
  'bin_range.length': { kind: 'invalid', text: 'range {position}: lengths must be 1–19' },
  'bin_range.length_order': {
    kind: 'invalid',
    text: 'range {position}: min_len must not exceed max_len',
  },
  'bin_range.pclevel': { kind: 'invalid', text: 'range {position}: pclevel must be 0, 1 or 2' },
} as const satisfies Record<string, RuleDef>;

/** A stable rule id, e.g. "amount.format". */
export type RuleId = keyof typeof RULES;

/**
 * The ProtocolError for a broken rule: verbiage "<subject>: <text>", where subject is the field
 * (or, for a rule about no single field, the operation) and placeholders come from vars. A key a
 * client made up is shown as shownName writes it (the field still holds it), so no control byte,
 * oversized name or card number reaches a response.
 */
export function ruleError(
  rule: RuleId,
  field: string | undefined,
  vars: Readonly<Record<string, string>> = {},
  subject: string | undefined = field,
): ProtocolError {
  const def: RuleDef = RULES[rule];
  const text = def.text.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
  const verbiage = subject === undefined ? text : `${shownName(subject)}: ${text}`;
  return new ProtocolError({ kind: def.kind, field, rule, verbiage });
}
