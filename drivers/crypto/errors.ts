/**
 * Typed errors of drivers/crypto. Every error names the field and the rule it broke and never
 * carries the offending value, so a PAN, a track, a PIN or a key cannot leak through a message.
 */

/**
 * What kind of failure: BAD_INPUT (an argument of the wrong shape), MALFORMED (a PIN block, a
 * track or a TLV stream that breaks its format), KEY_EXHAUSTED (a DUKPT device at end of life).
 */
export type CryptoErrorCode = 'BAD_INPUT' | 'MALFORMED' | 'KEY_EXHAUSTED';

/** A failure in drivers/crypto: a code, the field it concerns, and a stable rule id. */
export class CryptoError extends Error {
  readonly code: CryptoErrorCode;
  /** The argument or element the rule applies to, e.g. "ksn" or "pinBlock". */
  readonly field: string;
  /** A stable id of the broken rule, e.g. "ksn.counter-bits". */
  readonly rule: string;

  constructor(code: CryptoErrorCode, field: string, rule: string, message: string) {
    super(`${field}: ${message}`);
    this.name = 'CryptoError';
    this.code = code;
    this.field = field;
    this.rule = rule;
  }
}

/** A BER-TLV stream that breaks EMV Book 3 Annex B; `offset` is the byte where the fault lies. */
export class TlvError extends CryptoError {
  /** Byte offset into the outermost buffer where the faulty tag or length starts. */
  readonly offset: number;

  constructor(rule: string, offset: number, message: string) {
    super('MALFORMED', 'tlv', rule, `${message} (at byte ${offset})`);
    this.name = 'TlvError';
    this.offset = offset;
  }
}

/** A magnetic-stripe track or keyboard-wedge swipe that breaks ISO/IEC 7813. */
export class TrackError extends CryptoError {
  constructor(field: string, rule: string, message: string) {
    super('MALFORMED', field, rule, message);
    this.name = 'TrackError';
  }
}

/** Shorthand for the most common failure: an argument of the wrong shape. */
export function badInput(field: string, rule: string, message: string): CryptoError {
  return new CryptoError('BAD_INPUT', field, rule, message);
}

/**
 * Reader output (an ID TECH frame, a MagTek input report, a decrypted capture) that breaks its
 * vendor format. `check` says what failed: the framing and layout, or an integrity check (LRC,
 * checksum, track hash), which a reader answers by asking for the card again.
 */
export class ReaderDataError extends CryptoError {
  readonly check: 'framing' | 'integrity';

  constructor(check: 'framing' | 'integrity', field: string, rule: string, message: string) {
    super('MALFORMED', field, rule, message);
    this.name = 'ReaderDataError';
    this.check = check;
  }
}
