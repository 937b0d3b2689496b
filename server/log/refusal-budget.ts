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

/** Sources, and names, whose suppressed lines are counted apart in a window; the rest together. */
const TRACKED = 1000;

/** Refusals of one window not logged one by one. */
export interface RefusalSummary {
  /** How many, from every source. */
  suppressed: number;
  /** From how many sources, of the first 1000 sources of the window. */
  sources: number;
  /** How many from each of those, most first. */
  by_source: { source: string; suppressed: number }[];
  /**
   * How many presented each name (a login name or API key id, as its hash: RequestLog), of the
   * first 1000 names of the window, most first; absent when no refusal named one.
   */
  by_name?: { name_hash: string; suppressed: number }[];
}

interface SourceCount {
  written: number;
  suppressed: number;
}

/**
 * Decides which refusal lines are written so that a flood cannot fill the disk: in each window
 * (opened by the first refusal after the last one closed), at most `perSource` lines per source
 * and `overall` in all; the rest are counted, per source and per name presented, and when the
 * window closes `summarize` receives one summary. Memory stays bounded: at most 1000 sources and
 * 1000 names are counted apart in a window.
 */
export class RefusalBudget {
  readonly #limits: RefusalLogLimits;
  readonly #summarize: (summary: RefusalSummary) => void;
  readonly #counts = new Map<string, SourceCount>();
  readonly #names = new Map<string, number>();
  #written = 0;
  #suppressed = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(limits: RefusalLogLimits, summarize: (summary: RefusalSummary) => void) {
    this.#limits = limits;
    this.#summarize = summarize;
  }

  /**
   * True when a refusal from `source` may be logged now; counts it otherwise, against the source
   * and, when given, the hash of the name it presented.
   */
  take(source: string, nameHash?: string): boolean {
    if (this.#timer === undefined) {
      this.#timer = setTimeout(() => this.close(), this.#limits.windowMs);
      this.#timer.unref();
    }
    const key = addressSubject(source).subject;
    let count = this.#counts.get(key);
    if (count === undefined && this.#counts.size < TRACKED) {
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
    if (nameHash !== undefined && (this.#names.has(nameHash) || this.#names.size < TRACKED)) {
      this.#names.set(nameHash, (this.#names.get(nameHash) ?? 0) + 1);
    }
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
      const names = [...this.#names].map(([hash, suppressed]) => ({ name_hash: hash, suppressed }));
      this.#summarize({
        suppressed: this.#suppressed,
        sources: named.length,
        by_source: named.sort((a, b) => b.suppressed - a.suppressed),
        ...(names.length > 0 && { by_name: names.sort((a, b) => b.suppressed - a.suppressed) }),
      });
    }
    this.#counts.clear();
    this.#names.clear();
    this.#written = 0;
    this.#suppressed = 0;
  }
}
