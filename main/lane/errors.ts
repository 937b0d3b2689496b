/** Codes of the lane's own errors: a configuration that cannot work, a journal it cannot use. */
export type LaneFaultCode = 'invalid_config' | 'journal';

/**
 * An error of the lane itself (not a payment outcome, not a device): carries a code, the field
 * and the rule it broke; never a value that could be card data or a secret.
 */
export class LaneFault extends Error {
  readonly code: LaneFaultCode;
  readonly field: string;
  readonly rule: string;

  constructor(code: LaneFaultCode, field: string, rule: string, message: string) {
    super(message);
    this.name = 'LaneFault';
    this.code = code;
    this.field = field;
    this.rule = rule;
  }
}
