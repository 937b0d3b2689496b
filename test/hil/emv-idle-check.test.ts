import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LaneBench, startLaneBench } from './helpers/lane-bench.ts';

let bench: LaneBench;

beforeAll(async () => {
  bench = await startLaneBench((config) => ({
    ...config,
    ...(config.emv === undefined ? {} : { emv: { ...config.emv, idleCheckMs: 300 } }),
  }));
});

afterAll(async () => {
  await bench?.stop();
});

describe('an idle EMV reader is pinged', () => {
  it(
    'one that stops answering shows faulted with no sale, and connected once it answers again',
    { timeout: 60_000 },
    async () => {
      bench.sims.fault('emv', 'no-answer*always');
      // A ping meets no answer and its fence none either; the next ping's fence fails: faulted.
      await vi.waitFor(
        () => {
          const emv = bench.manager.statuses().find(({ role }) => role === 'emv');
          expect(emv).toMatchObject({
            state: 'faulted',
            lastError: { code: 'DISCONNECTED', field: 'reader' },
          });
        },
        { timeout: 40_000, interval: 100 },
      );
      bench.sims.fault('emv', 'no-answer*0');
      await bench.waitFor('emv', (status) => status.state === 'connected');
      await expect(
        bench.present('visa', 'insert', { amountMinor: 700, from: ['emv'] }),
      ).resolves.toMatchObject({ role: 'emv' });
    },
  );
});
