import { setTimeout as sleep } from 'node:timers/promises';

/** How many recent full checks the pace is drawn from. */
const SAMPLES = 64;

/**
 * Answers what is refused without a password check (a name that matches no login, a locked
 * account) after as long as a real check takes, spending no CPU meanwhile (docs/security.md,
 * Credentials, throttling and lockout): each full check's time is recorded, and a refusal waits
 * for one of the last SAMPLES drawn at random, so its time follows theirs, under load too. Until a
 * first check has run, one check of a decoy hash (`calibrate`) is timed, once, shared by every
 * refusal that waits for it.
 */
export class CheckPacer {
  readonly #samples: number[] = [];
  readonly #calibrate: () => Promise<unknown>;
  #next = 0;
  #calibrating: Promise<void> | undefined;

  /** `calibrate` runs one full check of a decoy. */
  constructor(calibrate: () => Promise<unknown>) {
    this.#calibrate = calibrate;
  }

  /** Records how long a full check took, in milliseconds. */
  record(ms: number): void {
    if (this.#samples.length < SAMPLES) this.#samples.push(ms);
    else this.#samples[this.#next] = ms;
    this.#next = (this.#next + 1) % SAMPLES;
  }

  /**
   * Resolves once a full check's time, drawn from the recent ones, has passed since `started`
   * (performance.now() milliseconds).
   */
  async pace(started: number): Promise<void> {
    if (this.#samples.length === 0) {
      this.#calibrating ??= this.#timeDecoy();
      await this.#calibrating;
    }
    const drawn = this.#samples[Math.floor(Math.random() * this.#samples.length)] ?? 0;
    const left = started + drawn - performance.now();
    if (left > 0) await sleep(left);
  }

  async #timeDecoy(): Promise<void> {
    const started = performance.now();
    try {
      await this.#calibrate();
    } finally {
      if (this.#samples.length === 0) this.record(performance.now() - started);
    }
  }
}
