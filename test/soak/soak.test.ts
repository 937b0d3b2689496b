import { describe, expect, it } from 'vitest';
import { runSoak } from './soak-run.ts';

describe('reconciliation soak, short form (npm run soak runs the long one)', () => {
  it('loses nothing and charges nothing twice across SIGKILLs on every transport', async () => {
    const seed = Date.now() % 1_000_000;
    const { tally, kills, records } = await runSoak({
      clients: 6,
      transactions: 12,
      killEveryMs: [1500, 3000],
      seed,
    });
    expect(kills, `seed ${seed}: the service was never killed`).toBeGreaterThan(0);
    expect(records, `seed ${seed}`).toBeGreaterThanOrEqual(6 * 12);
    expect(tally.problems, `seed ${seed}`).toEqual([]);
    expect({ lost: tally.lost, doubleCharged: tally.doubleCharged }).toEqual({
      lost: 0,
      doubleCharged: 0,
    });
    expect(tally.answered, `seed ${seed}`).toBeGreaterThan(0);
  }, 240_000);
});
