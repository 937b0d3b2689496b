import { MsoftCode } from './codes.ts';

/** What kind of rule a request broke; each kind answers with its own msoft_code. */
export type ProtocolErrorKind =
  | 'not_a_string'
  | 'conflicting_values'
  | 'unknown_parameter'
  | 'wrong_version'
  | 'missing'
  | 'invalid'
  | 'exclusive'
  | 'requires'
  | 'framing'
  | 'too_large'
  | 'unencodable';

const MSOFT_BY_KIND: Readonly<Record<ProtocolErrorKind, MsoftCode>> = {
  not_a_string: MsoftCode.DATA_INVALIDFIELD,
  conflicting_values: MsoftCode.DATA_INVALIDFIELD,
  unknown_parameter: MsoftCode.DATA_UNKNOWNFIELD,
  wrong_version: MsoftCode.DATA_UNKNOWNFIELD,
  missing: MsoftCode.DATA_MISSINGFIELD,
  invalid: MsoftCode.DATA_INVALIDFIELD,
  exclusive: MsoftCode.DATA_INVALIDFIELD,
  requires: MsoftCode.DATA_MISSINGFIELD,
  framing: MsoftCode.DATA_INVALIDFIELD,
  too_large: MsoftCode.DATA_TOOLARGE,
  unencodable: MsoftCode.DATA_INVALIDFIELD,
};

/** The parts of a ProtocolError; `rule` is a stable id such as "amount.positive". */
export interface ProtocolErrorInit {
  kind: ProtocolErrorKind;
  field?: string;
  rule: string;
  verbiage: string;
}

/** A name a verbiage may show: visible ASCII and spaces, at most 64 characters. */
const PRINTABLE = /^[\x20-\x7e]{1,64}$/;

/**
 * 13 or more digits, any spacing or punctuation between them allowed (`.`, `/`, `_`, `,`, `-`,
 * spaces): a card number, perhaps, however grouped (docs/security.md, Card data outside the card
 * fields).
 */
const CARD_NUMBER_LIKE = /\d(?:[^A-Za-z0-9]*\d){12}/;

/**
 * The name an error's verbiage shows for a field or key: the name, or "parameter" when a client
 * made up one that is not printable, longer than 64 characters, or holds what could be a card
 * number (ISO/IEC 7812: 13–19 digits), so no control byte, oversized name or card number reaches
 * a response.
 */
export function shownName(name: string): string {
  return PRINTABLE.test(name) && !CARD_NUMBER_LIKE.test(name) ? name : 'parameter';
}

/**
 * A request that breaks a rule of the interface: names the field and the rule, and carries the
 * verbiage and msoft_code the service answers with. Never carries the offending value, so card
 * data cannot leak through an error.
 */
export class ProtocolError extends Error {
  readonly kind: ProtocolErrorKind;
  readonly field: string | undefined;
  readonly rule: string;
  readonly msoftCode: MsoftCode;

  constructor(init: ProtocolErrorInit) {
    super(init.verbiage);
    this.name = 'ProtocolError';
    this.kind = init.kind;
    this.field = init.field;
    this.rule = init.rule;
    this.msoftCode = MSOFT_BY_KIND[init.kind];
  }

  /** The text the service answers with in `verbiage`. */
  get verbiage(): string {
    return this.message;
  }
}
