/** Limits of the authentication throttle; LaneTerm's choice (the seed gives none, Limits). */
export interface ThrottleLimits {
  /** Failed attempts from one source tolerated within the window; default 10. */
  maxFailures: number;
  /** Sliding window in milliseconds; default 300 000 (5 minutes). */
  windowMs: number;
}

/** Default throttle: 10 failures per source in 5 minutes. */
export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = { maxFailures: 10, windowMs: 300_000 };

/** Sources tracked at most; the one idle longest is forgotten first. */
const MAX_SOURCES = 10_000;

/**
 * Counts failed authentications per source address in a sliding window. Once a source has
 * maxFailures failures inside the window, it is refused without its credentials being checked
 * until its oldest failure leaves the window. State is in memory and starts empty on restart.
 */
export class FailureThrottle {
  readonly #limits: ThrottleLimits;
  readonly #failures = new Map<string, number[]>();

  constructor(limits: ThrottleLimits = DEFAULT_THROTTLE_LIMITS) {
    this.#limits = limits;
  }

  /** True when the source must be refused now. */
  isBlocked(source: string, now: Date): boolean {
    return this.#recent(source, now.getTime()).length >= this.#limits.maxFailures;
  }

  /** Records a failure; returns the failures now inside the window. */
  recordFailure(source: string, now: Date): number {
    const recent = this.#recent(source, now.getTime());
    recent.push(now.getTime());
    this.#failures.delete(source);
    this.#failures.set(source, recent);
    if (this.#failures.size > MAX_SOURCES) {
      const oldest = this.#failures.keys().next().value;
      if (oldest !== undefined) this.#failures.delete(oldest);
    }
    return recent.length;
  }

  #recent(source: string, at: number): number[] {
    const since = at - this.#limits.windowMs;
    const recent = (this.#failures.get(source) ?? []).filter((time) => time > since);
    if (recent.length === 0) this.#failures.delete(source);
    else this.#failures.set(source, recent);
    return recent;
  }
}
