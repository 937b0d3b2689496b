// The short form of `npm run fuzz` for CI: every parser target at a few thousand inputs.
import { describe, expect, it } from 'vitest';
import { runTarget } from './harness/fuzz-runner.ts';
import { allTargets } from './targets/all-targets.ts';

/** Inputs per target here; `npm run fuzz` runs 1,000,000. */
const INPUTS = 3000;

/** Room for one target on a machine busy with other suites: a few seconds alone, minutes at worst. */
const TARGET_TIMEOUT_MS = 180_000;

describe('fuzzing every parser of outside bytes (short form)', () => {
  it.each(allTargets().map((target) => [target.name, target] as const))(
    '%s: only typed errors, no crash, every property holds',
    async (_name, target) => {
      const result = await runTarget(target, { inputs: target.async === true ? 800 : INPUTS });
      expect(result.failure, JSON.stringify(result.failure)).toBeUndefined();
      expect(result).toMatchObject({ crashes: 0, broken: 0, unhandled: 0 });
      expect(result.inputs).toBeGreaterThanOrEqual(target.async === true ? 800 : INPUTS);
      expect(result.typed).toBeGreaterThan(0);
      expect(result.typed).toBeLessThan(result.inputs);
    },
    TARGET_TIMEOUT_MS,
  );
});
