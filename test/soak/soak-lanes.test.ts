import { describe, expect, it } from 'vitest';
import { skipWithoutPostgres } from '../server/helpers/postgres-cluster.ts';
import { runLaneSoak } from './soak-lanes-run.ts';

describe.skipIf(skipWithoutPostgres('lane soak on PostgreSQL'))(
  'lane soak, short form (npm run soak -- --store postgres runs the long one)',
  () => {
    it('reconciles every lane journal against the store across lane and instance kills and a promotion', async () => {
      const seed = Date.now() % 1_000_000;
      const result = await runLaneSoak({
        lanes: 4,
        instances: 2,
        sales: 10,
        maxKills: 4,
        log: (line) => console.warn(`lane soak: ${line}`),
        killEveryMs: [300, 800],
        seed,
      });
      console.warn(`lane soak short form, seed ${seed}: ${JSON.stringify(result)}`);
      expect(result.crashes, `seed ${seed}`).toEqual([]);
      expect(result.promotionMs, `seed ${seed}: the standby was never promoted`).toBeDefined();
      expect(result.kills.lanes, `seed ${seed}: no lane was killed`).toBeGreaterThan(0);
      expect(result.kills.instances, `seed ${seed}: no instance was killed`).toBeGreaterThan(0);
      expect(result.sales, `seed ${seed}`).toBeGreaterThanOrEqual(4 * 6);
      expect(result.tally.problems, `seed ${seed}`).toEqual([]);
      const { lost, doubleCharged, unresolved } = result.tally;
      expect({ lost, doubleCharged, unresolved }).toEqual({
        lost: 0,
        doubleCharged: 0,
        unresolved: 0,
      });
    }, 120_000);
  },
);
