// Runs a fuzz target for a number of inputs with fast-check and counts what happened: inputs,
// typed refusals, crashes, broken properties, unhandled rejections, time. The first failure is
// shrunk and kept with the seed and path that replay it.
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { BrokenProperty, type FuzzTarget, type Verdict } from './fuzz-target.ts';

/** The first failing input of a run, shrunk, and how to replay it. */
export interface FuzzFailure {
  seed: number;
  path: string;
  input: string;
  error: string;
}

/** What one target's run found. */
export interface FuzzResult {
  name: string;
  /** Inputs checked before the run ended (all of them unless one failed). */
  inputs: number;
  /** Inputs refused with the parser's typed error. */
  typed: number;
  /** Inputs that threw anything else (0 or 1: the run stops at the first). */
  crashes: number;
  /** Inputs accepted whose property (a round trip…) did not hold (0 or 1). */
  broken: number;
  /** Promise rejections nobody handled, and exceptions nobody caught, during the run. */
  unhandled: number;
  ms: number;
  failure?: FuzzFailure;
}

/** How long a run is: `inputs` in all, from `seed` (random when not given). */
export interface RunOptions {
  inputs: number;
  seed?: number;
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/** Runs `target` for about `options.inputs` inputs (rounded up to whole batches). */
export async function runTarget<T>(
  target: FuzzTarget<T>,
  options: RunOptions,
): Promise<FuzzResult> {
  const seed = options.seed ?? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
  const counts = { inputs: 0, typed: 0, unhandled: 0 };
  let failing = false;
  const tally = (verdicts: Verdict | readonly Verdict[]): void => {
    if (failing) return;
    const list = typeof verdicts === 'string' ? [verdicts] : verdicts;
    counts.inputs += list.length;
    counts.typed += list.filter((verdict) => verdict === 'typed').length;
  };
  const fail = (error: unknown): never => {
    if (!failing) counts.inputs += 1;
    failing = true;
    throw error;
  };
  const onUnhandled = (): void => {
    counts.unhandled += 1;
  };
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  await target.setup?.();
  const started = performance.now();
  let ms = 0;
  let details: fc.RunDetails<[T]>;
  try {
    const numRuns = Math.max(1, Math.ceil(options.inputs / (target.batch ?? 1)));
    const parameters = { numRuns, seed };
    if (target.async === true) {
      const property = fc.asyncProperty(target.arbitrary, async (input) => {
        try {
          tally(await target.run(input));
        } catch (error) {
          fail(error);
        }
      });
      details = await fc.check(property, parameters);
    } else {
      const property = fc.property(target.arbitrary, (input) => {
        try {
          tally(target.run(input) as Verdict | readonly Verdict[]);
        } catch (error) {
          fail(error);
        }
      });
      details = fc.check(property, parameters);
    }
    await new Promise((resolve) => setImmediate(resolve));
    ms = performance.now() - started;
  } finally {
    process.off('unhandledRejection', onUnhandled);
    process.off('uncaughtException', onUnhandled);
    await target.teardown?.();
  }
  const result: FuzzResult = { name: target.name, ...counts, crashes: 0, broken: 0, ms };
  if (details.failed) {
    const error = details.errorInstance;
    if (error instanceof BrokenProperty) result.broken = 1;
    else result.crashes = 1;
    result.failure = {
      seed: details.seed,
      path: details.counterexamplePath ?? '',
      input: fc.stringify(details.counterexample).slice(0, 600),
      error: describe(error),
    };
  }
  return result;
}
