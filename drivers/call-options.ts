import { DeviceError } from './device-error.ts';

/** Per-call limits every device operation accepts. */
export interface CallOptions {
  /** Milliseconds the whole call (queueing included) may take; each operation names its default. */
  deadlineMs?: number;
  /** Cancels the call; the operation rejects with a CANCELLED DeviceError. */
  signal?: AbortSignal;
}

/**
 * Runs `work` with a signal that aborts at the deadline (TIMEOUT) or when the caller's signal
 * aborts (CANCELLED); the promise rejects as soon as either happens, whatever `work` is doing.
 */
export async function withDeadline<T>(
  operation: string,
  options: CallOptions,
  defaultDeadlineMs: number,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const deadlineMs = options.deadlineMs ?? defaultDeadlineMs;
  const controller = new AbortController();
  const timer = setTimeout(() => {
    controller.abort(
      new DeviceError('TIMEOUT', `${operation}: no answer within ${deadlineMs} ms`, {
        field: operation,
      }),
    );
  }, deadlineMs);
  const onCallerAbort = (): void => {
    controller.abort(new DeviceError('CANCELLED', `${operation}: cancelled`, { field: operation }));
  };
  if (options.signal?.aborted === true) onCallerAbort();
  else options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    return await untilAborted(controller.signal, work(controller.signal));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}

/** Settles like `promise`, or rejects with the signal's reason as soon as the signal aborts. */
export function untilAborted<T>(signal: AbortSignal, promise: Promise<T>): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => undefined);
    return Promise.reject(abortReason(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => {
      promise.catch(() => undefined);
      reject(abortReason(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * Resolves after `ms` milliseconds, or rejects with the signal's reason if it aborts first (its
 * timer cleared).
 */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const wait = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  if (signal === undefined) return wait;
  return untilAborted(signal, wait).finally(() => clearTimeout(timer));
}

/** The signal's reason as an Error: a DeviceError when one of ours aborted it, CANCELLED otherwise. */
export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof Error && !(reason instanceof DOMException)) return reason;
  return new DeviceError('CANCELLED', 'operation cancelled');
}
