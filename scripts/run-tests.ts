// `npm test`: the unit suite, then the end-to-end suite even when the unit suite failed, so one run
// reports both; exits with the first failure's status (0 when both pass).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** vitest's command line script (its package's bin), run by this Node. */
const vitest = join(
  dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);
const suites = [['run'], ['run', '--config', 'vitest.e2e.config.ts']];
const statuses = suites.map(
  (args) => spawnSync(process.execPath, [vitest, ...args], { stdio: 'inherit' }).status ?? 1,
);
process.exitCode = statuses.find((status) => status !== 0) ?? 0;
