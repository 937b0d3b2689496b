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
  await bench.manager.check('emv'); // queued behind the check after connecting: both ended
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

describe('a card wait on both readers when the EMV reader is out of step', () => {
  it('an EMV reader out of step drops out and the swipe reader still takes the card', async () => {
    await emvOutOfStep();
    const reading = bench.manager.readCard({ amountMinor: 500, deadlineMs: 15_000 });
    const capture = await during(reading, async () => {
      await emvFailedSince(Date.now());
      await bench.sims.present('mc', 'swipe');
    });
    expect(capture).toMatchObject({ role: 'reader', read: { kind: 'encrypted-swipe' } });
    expect(bench.manager.statuses().find((status) => status.role === 'emv')?.state).toBe('faulted');
  });

  it('a cable pulled during the wait still ends it, though the other reader is out of step', async () => {
    // The EMV reader is still out of step from the case above.
    const reading = bench.manager.readCard({ amountMinor: 500, deadlineMs: 15_000 });
    const failed = during(reading, async () => {
      await emvFailedSince(Date.now());
      await bench.sims.unplug('reader', 200);
    });
    await expect(failed).rejects.toMatchObject({
      code: 'DISCONNECTED',
      message: expect.not.stringContaining('emv'),
    });
    await bench.waitFor('reader', (status) => status.state === 'connected');
  });

  it('a wait on the EMV reader alone ends with its failure when it is out of step', async () => {
    await expect(
      bench.manager.readCard({ amountMinor: 500, deadlineMs: 15_000, from: ['emv'] }),
    ).rejects.toMatchObject({ code: 'DISCONNECTED', field: 'reader' });
    bench.sims.fault('emv', 'no-answer*0');
  });

  it('an EMV reader out of step is checked again until it answers, then shows connected', async () => {
    // Out of step since the first case; its checks run every 5 s.
    await bench.waitFor('emv', (status) => status.state === 'connected');
    await expect(
      bench.present('visa', 'insert', { amountMinor: 500, from: ['emv'] }),
    ).resolves.toMatchObject({
      role: 'emv',
    });
  });
});
