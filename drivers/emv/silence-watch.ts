import type { DeviceError } from '../device-error.ts';

/**
 * Gives up on a device that stays silent: its signal aborts with `reason` once `quietMs`
 * milliseconds pass without a byte from the device; every byte heard starts the count again
 * (docs/devices.md, EMV reader: a reader that stops answering during a card wait).
 */
export class SilenceWatch {
  readonly #controller = new AbortController();
  readonly #quietMs: number;
  readonly #reason: DeviceError;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(quietMs: number, reason: DeviceError) {
    this.#quietMs = quietMs;
    this.#reason = reason;
    this.heard();
  }

  /** Aborted, with the reason given, once the device has been silent for quietMs. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** The device sent something: the silence counts from now. */
  heard(): void {
    if (this.#controller.signal.aborted) return;
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#controller.abort(this.#reason), this.#quietMs);
  }

  /** No longer watching. */
  stop(): void {
    clearTimeout(this.#timer);
  }
}
