import { inspect } from 'node:util';

const REDACTED = '[redacted]';

/**
 * Card data that must reach the wire but nothing else (clear tracks from a keyboard-wedge
 * reader): printing, logging or JSON-encoding it shows "[redacted]"; only reveal() gives the
 * value, and only the code building the request should call it.
 */
export class SensitiveText {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  /** The clear value, for the request to the payment server only. */
  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return `SensitiveText(${REDACTED})`;
  }
}
