// The command lines of the benches (`npm run bench:lane`, `npm run bench:server`): parsed with
// node:util parseArgs, with --help and -h and the exit statuses the repository's tools keep (as
// docs/client.md's: help on standard output and 0; a usage error on standard error and 2).
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** The options a bench takes, besides --help and -h, which every bench takes. */
type BenchOptions = NonNullable<ParseArgsConfig['options']>;

/** The values parseArgs gives for `O`. */
type BenchValues<O extends BenchOptions> = ReturnType<
  typeof parseArgs<{ options: O; strict: true }>
>['values'];

/**
 * Parses `args` (default the process's) for a bench whose help text is `usage`: --help or -h prints
 * it and exits 0; an unknown option, a missing value or a stray argument prints the reason and it
 * on standard error and exits 2.
 */
export function benchArgs<O extends BenchOptions>(
  name: string,
  usage: string,
  options: O,
  args: string[] = process.argv.slice(2),
): BenchValues<O> {
  let values: Record<string, unknown>;
  try {
    const withHelp = { ...options, help: { type: 'boolean', short: 'h' } } as const;
    values = parseArgs({ args, options: withHelp, strict: true }).values;
  } catch (error) {
    return usageError(name, (error as Error).message, usage);
  }
  if (values.help === true) {
    console.log(usage);
    process.exit(0);
  }
  return values as BenchValues<O>;
}

/** Prints `reason` and the usage on standard error and exits 2 (a usage error). */
export function usageError(name: string, reason: string, usage: string): never {
  console.error(`${name}: ${reason}\n\n${usage}`);
  process.exit(2);
}
