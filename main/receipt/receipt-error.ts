/** What kind of receipt failure: a full card number found, or input that cannot make a receipt. */
export type ReceiptErrorCode = 'CARD_DATA' | 'BAD_INPUT';

/**
 * A receipt that cannot be built or rendered: names the field and the rule, never the value (the
 * value may be the card number the rule refused).
 */
export class ReceiptError extends Error {
  readonly code: ReceiptErrorCode;
  /** The document field or answer key at fault, e.g. "notes", "account". */
  readonly field: string;

  constructor(code: ReceiptErrorCode, field: string, rule: string) {
    super(`${field}: ${rule}`);
    this.name = 'ReceiptError';
    this.code = code;
    this.field = field;
  }
}
