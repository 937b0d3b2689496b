// How a test starts one of the project's TypeScript entry points as its own node process: from the
// suite's compiled tree when there is one (test/compiled-tree/compile-tree.ts), else through tsx.
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The variable naming the suite's compiled tree, set by its global setup. */
export const TREE_VARIABLE = 'LANETERM_TEST_TREE';

/**
 * node's arguments for `entry` (a path from the repository root, `server/cli.ts`): its compiled
 * module when the suite compiled one, the same code without tsx compiling it again in every
 * child; otherwise `--import tsx entry`, as the npm scripts run it.
 */
export function nodeEntryArgs(entry: string, nodeArgs: readonly string[] = []): string[] {
  const tree = process.env[TREE_VARIABLE];
  const compiled = tree === undefined ? undefined : join(tree, entry.replace(/\.ts$/, '.js'));
  if (compiled !== undefined && existsSync(compiled)) return [...nodeArgs, compiled];
  return [...nodeArgs, '--import', 'tsx', entry];
}
