/** What went wrong talking to a device; stable codes callers can branch on. */
export type DeviceErrorCode =
  | 'TIMEOUT'
  | 'CANCELLED'
  | 'NOT_OPEN'
  | 'DISCONNECTED'
  | 'NOT_FOUND'
  | 'FRAMING'
  | 'CHECKSUM'
  | 'NO_ACK'
  | 'NOT_ANSWERING'
  | 'PROTOCOL'
  | 'DEVICE_STATUS'
  | 'CARD_READ'
  | 'KEY_EXHAUSTED'
  | 'BAD_INPUT';

/** The parts of a DeviceError besides its code and message. */
export interface DeviceErrorOptions {
  /** The device, field or message element the rule applies to, e.g. "amount" or "lrc". */
  field?: string;
  cause?: unknown;
}

/**
 * A typed device failure: a code, the device or field it concerns, and a message naming the rule.
 * Never carries card data (PAN, tracks, PIN): messages name fields, not values.
 */
export class DeviceError extends Error {
  readonly code: DeviceErrorCode;
  readonly field: string | undefined;

  constructor(code: DeviceErrorCode, message: string, options: DeviceErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DeviceError';
    this.code = code;
    this.field = options.field;
  }
}
