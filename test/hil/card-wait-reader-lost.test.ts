import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LaneBench, during, startLaneBench } from './helpers/lane-bench.ts';

let bench: LaneBench;

beforeAll(async () => {
  bench = await startLaneBench();
});

afterAll(async () => {
  await bench?.stop();
});

/** Leaves the EMV reader out of step: a card wait ends unanswered and its fence meets silence. */
async function emvOutOfStep(): Promise<void> {
  bench.sims.fault('emv', 'no-answer*always');
  await expect(
    bench.manager.readCard({ amountMinor: 500, deadlineMs: 300, from: ['emv'] }),
  ).rejects.toMatchObject({ code: 'TIMEOUT' });
  await bench.manager.cardWaitsEnded();
}

/** Resolves once the EMV reader's status shows a DISCONNECTED failure from `since` on. */
const emvFailedSince = (since: number) =>
  bench.waitFor(
    'emv',
    (status) => status.lastError?.code === 'DISCONNECTED' && status.lastError.at >= since,
  );

describe('a card wait on both readers when one of them fails out of service', () => {
  it('an EMV reader out of step drops out and the swipe reader still takes the card', async () => {
    await emvOutOfStep();
    const reading = bench.manager.readCard({ amountMinor: 500, deadlineMs: 15_000 });
    const capture = await during(reading, async () => {
      await emvFailedSince(Date.now());
      await bench.sims.present('mc', 'swipe');
    });
    expect(capture).toMatchObject({ role: 'reader', read: { kind: 'encrypted-swipe' } });
  });

  it('when both readers fail out of service, the first failure ends the wait', async () => {
    // The EMV reader is still out of step from the case above.
    const reading = bench.manager.readCard({ amountMinor: 500, deadlineMs: 15_000 });
    const failed = during(reading, async () => {
      await emvFailedSince(Date.now());
      await bench.sims.unplug('reader', 200);
    });
    await expect(failed).rejects.toMatchObject({
      code: 'DISCONNECTED',
      message: expect.stringContaining('emv'),
    });
    bench.sims.fault('emv', 'no-answer*0');
  });
});
