// What a fuzz target is: a parser that takes outside bytes, an arbitrary of inputs for it, and
// the check one input gets. The runner counts typed refusals and fails on anything else.
import type fc from 'fast-check';

/** How one input ended: accepted, or refused with the parser's own typed error. */
export type Verdict = 'ok' | 'typed';

/** A property of an accepted input that does not hold (a round trip that changed the data…). */
export class BrokenProperty extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BrokenProperty';
  }
}

/** Throws BrokenProperty with `message` unless `condition` holds. */
export function holds(condition: boolean, message: string): asserts condition {
  if (!condition) throw new BrokenProperty(message);
}

/** One parser under fuzz. `run` throws for a crash (any untyped error) or a BrokenProperty. */
export interface FuzzTarget<T = unknown> {
  /** Short name, e.g. "kv frame decoder". */
  readonly name: string;
  /** The inputs: mutations of golden inputs and random bytes. */
  readonly arbitrary: fc.Arbitrary<T>;
  /** Inputs one call of `run` checks (a batch run at once); default 1. */
  readonly batch?: number;
  /** True when `run` answers a promise (checked with fast-check's asyncProperty). */
  readonly async?: boolean;
  /** Checks one input, or a batch of inputs run at once (one verdict each). */
  run(input: T): Verdict | readonly Verdict[] | Promise<Verdict | readonly Verdict[]>;
  /** Prepares what `run` needs (a service, a data directory); called once before the runs. */
  setup?(): Promise<void>;
  /** Releases what setup made. */
  teardown?(): Promise<void>;
}

/** An error class a parser is allowed to throw. */
type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Runs `parse`: 'ok' when it returns (after `check` of its result), 'typed' when it throws one of
 * `allowed`; any other error propagates as a crash.
 */
export function typedOnly<R>(
  allowed: readonly ErrorClass[],
  parse: () => R,
  check: (result: R) => void = () => undefined,
): Verdict {
  let result: R;
  try {
    result = parse();
  } catch (error) {
    if (allowed.some((kind) => error instanceof kind)) return 'typed';
    throw error;
  }
  check(result);
  return 'ok';
}

/** Deep equality of plain data, Buffers included, for round-trip checks. */
export function sameData(a: unknown, b: unknown): boolean {
  if (Buffer.isBuffer(a) || Buffer.isBuffer(b)) {
    return Buffer.isBuffer(a) && Buffer.isBuffer(b) && a.equals(b);
  }
  if (a instanceof Uint8Array && b instanceof Uint8Array)
    return Buffer.from(a).equals(Buffer.from(b));
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => sameData(item, b[i]))
    );
  }
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    const keys = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
    const other = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
    return (
      keys.length === other.length &&
      keys.every((k) =>
        sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
      )
    );
  }
  return Object.is(a, b);
}
