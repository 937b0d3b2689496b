import type { DeviceError } from '../device-error.ts';

/**
 * The one long call a device may have running (PIN entry, waiting for a card) that cancel() can
 * end from outside the device's queue. When the call ends by cancel, deadline or the caller's
 * signal, `onCancelled` runs (e.g. sends the device its cancel message; default nothing) before the
 * call rejects.
 */
export class CancellableCall {
  #controller: AbortController | undefined;

  /** Runs `work` with a signal that aborts with `signal` or with cancel(). */
  async run<T>(
    signal: AbortSignal,
    work: (signal: AbortSignal) => Promise<T>,
    onCancelled: () => Promise<void> = () => Promise.resolve(),
  ): Promise<T> {
    const controller = new AbortController();
    this.#controller = controller;
    const follow = (): void => controller.abort(signal.reason);
    signal.addEventListener('abort', follow, { once: true });
    try {
      return await work(controller.signal);
    } catch (error) {
      if (controller.signal.aborted) await onCancelled().catch(() => undefined);
      throw error;
    } finally {
      signal.removeEventListener('abort', follow);
      if (this.#controller === controller) this.#controller = undefined;
    }
  }

  /** Ends the running call with `reason`; no-op when none runs. */
  cancel(reason: DeviceError): void {
    this.#controller?.abort(reason);
  }
}
