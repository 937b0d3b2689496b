import { addressSubject } from '../auth/credential-guard.ts';

/** How many refusal lines are written one by one (docs/security.md, Logging of refusals). */
export interface RefusalLogLimits {
  /** Lines per source address (IPv4, or IPv6 /64) in one window; default 10. */
  perSource: number;
  /** Lines from all sources together in one window; default 100. */
  overall: number;
  /** The window, in milliseconds; default 60 000. */
  windowMs: number;
}

/** Default refusal log limits: at most 100 lines a minute, 10 of them from one source. */
export const DEFAULT_REFUSAL_LOG_LIMITS: RefusalLogLimits = {
  perSource: 10,
  overall: 100,
  windowMs: 60_000,
};

/** Sources whose suppressed lines are counted one by one in a window; the rest count together. */
const TRACKED_SOURCES = 1000;
/** Sources a summary names, those with the most lines not written. */
const NAMED_SOURCES = 5;

/** Refusals of one window not logged one by one. */
export interface RefusalSummary {
  /** How many, from every source. */
  suppressed: number;
  /** From how many sources, of the first 1000 sources of the window. */
  sources: number;
  /** The five of those with the most. */
  top: { source: string; suppressed: number }[];
}

interface SourceCount {
  written: number;
  suppressed: number;
}

/**
 * Decides which refusal lines are written so that a flood cannot fill the disk: in each window
 * (opened by the first refusal after the last one closed), at most `perSource` lines per source
 * and `overall` in all; the rest are counted, and when the window closes `summarize` receives one
 * summary. Memory stays bounded: at most 1000 sources are counted apart in a window.
 */
export class RefusalBudget {
  readonly #limits: RefusalLogLimits;
  readonly #summarize: (summary: RefusalSummary) => void;
  readonly #counts = new Map<string, SourceCount>();
  #written = 0;
  #suppressed = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(limits: RefusalLogLimits, summarize: (summary: RefusalSummary) => void) {
    this.#limits = limits;
    this.#summarize = summarize;
  }

  /** True when a refusal from `source` may be logged now; counts it otherwise. */
  take(source: string): boolean {
    if (this.#timer === undefined) {
      this.#timer = setTimeout(() => this.close(), this.#limits.windowMs);
      this.#timer.unref();
    }
    const key = addressSubject(source).subject;
    let count = this.#counts.get(key);
    if (count === undefined && this.#counts.size < TRACKED_SOURCES) {
      count = { written: 0, suppressed: 0 };
      this.#counts.set(key, count);
    }
    if (
      count !== undefined &&
      count.written < this.#limits.perSource &&
      this.#written < this.#limits.overall
    ) {
      count.written += 1;
      this.#written += 1;
      return true;
    }
    this.#suppressed += 1;
    if (count !== undefined) count.suppressed += 1;
    return false;
  }

  /** Closes the window now: the summary of what was not written, if anything was not. */
  close(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#suppressed > 0) {
      const named = [...this.#counts]
        .filter(([, count]) => count.suppressed > 0)
        .map(([source, count]) => ({ source, suppressed: count.suppressed }));
      this.#summarize({
        suppressed: this.#suppressed,
        sources: named.length,
        top: named.sort((a, b) => b.suppressed - a.suppressed).slice(0, NAMED_SOURCES),
      });
    }
    this.#counts.clear();
    this.#written = 0;
    this.#suppressed = 0;
  }
}
