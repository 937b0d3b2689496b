// A hold on the scenario's own service (docs/lane.md › Scenarios): its simulated processor keeps
// the answer to an authorization of one amount until the scenario releases it, so a lane can be
// killed while the service holds its request, without racing a timer.
import {
  wallClockPace,
  type ProcessorPace,
  type ProcessorRequest,
} from '../../../server/processor/index.ts';

/** A promise and the function that resolves it. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** The processor's pace with a hold the scenario arms, waits on and releases. */
export class ProcessorHold {
  #amountMinor: number | undefined;
  #reached = deferred();
  #released = deferred();

  /** The pace the service's processor waits with: held for the armed amount, else the wall clock. */
  readonly pace: ProcessorPace = async (delayMs: number, request: ProcessorRequest) => {
    if (request.kind === 'authorize' && request.amount === this.#amountMinor) {
      this.#amountMinor = undefined;
      this.#reached.resolve();
      await this.#released.promise;
      return;
    }
    await wallClockPace(delayMs, request);
  };

  /** Holds the next authorization of `amountMinor` at the processor. */
  arm(amountMinor: number): void {
    this.#amountMinor = amountMinor;
    this.#reached = deferred();
    this.#released = deferred();
  }

  /** Resolves once the held authorization reached the processor (the service has its request). */
  reached(): Promise<void> {
    return this.#reached.promise;
  }

  /** Lets the processor answer the held authorization. */
  release(): void {
    this.#released.resolve();
  }
}
