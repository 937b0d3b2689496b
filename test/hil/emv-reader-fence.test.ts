import { describe, expect, it, vi } from 'vitest';
import { findCard, loadCardCatalogue } from '../../drivers/sim/card-catalogue.ts';
import type { FaultName } from '../../drivers/sim/fault-plan.ts';
import { type NgaBench, ngaBenches } from './helpers/nga-bench.ts';

const cards = loadCardCatalogue();
/** The customer whose read is cancelled, and the next customer. */
const cardA = findCard(cards, 'mc');
const cardB = findCard(cards, 'visa');

/** Driver and simulator over a real pty; a commandDeadlineMs option bounds the fence's wait. */
const start = ngaBenches();

/** Starts a read and waits until the reader waits for a card (the read in an object, not awaited). */
async function waiting(bench: NgaBench, signal?: AbortSignal) {
  const before = bench.sim.activations;
  const reading = bench.driver.readCard({ amountMinor: 1500, deadlineMs: 10_000, signal });
  reading.catch(() => undefined);
  await vi.waitFor(() => expect(bench.sim.activations).toBe(before + 1), {
    timeout: 10_000,
    interval: 5,
  });
  return { reading };
}

const TIMINGS: readonly FaultName[] = ['late-activate-answer', 'cancel-too-late'];

describe('EMV reader: a cancelled read never answers the next one (NEO 2 IDG §8.5.6)', () => {
  for (const fault of TIMINGS) {
    it(`${fault}: card A's read cancelled, the next read where card B is presented returns B`, async () => {
      const bench = await start();
      bench.sim.faults.arm(fault);
      const { reading: first } = await waiting(bench);
      bench.sim.present(cardA, 'contactless');
      bench.driver.cancel();
      await expect(first).rejects.toMatchObject({ code: 'CANCELLED' });
      const second = bench.driver.readCard({ amountMinor: 2500, deadlineMs: 10_000 });
      bench.sim.present(cardB, 'contactless');
      await expect(second).resolves.toMatchObject({ kind: 'emv', lastFour: '1111' });
      expect(bench.sim.faults.armed(fault)).toBe(false);
    });
  }

  it("the caller's signal (the lane's cancel): settled() waits for the fence, and the next read is B's", async () => {
    const bench = await start();
    bench.sim.faults.arm('late-activate-answer');
    const stop = new AbortController();
    const { reading: first } = await waiting(bench, stop.signal);
    bench.sim.present(cardA, 'contact');
    stop.abort();
    await expect(first).rejects.toMatchObject({ code: 'CANCELLED' });
    await bench.driver.settled();
    expect(bench.sim.faults.armed('late-activate-answer')).toBe(false);
    const { reading: second } = await waiting(bench);
    bench.sim.present(cardB, 'contact');
    await expect(second).resolves.toMatchObject({ kind: 'emv', lastFour: '1111' });
  });
});

describe('EMV reader: out of step when the fence gets no answer', () => {
  it('a reader that stops answering: calls reject DISCONNECTED (field reader) until it answers again', async () => {
    const bench = await start({ commandDeadlineMs: 400 });
    bench.sim.faults.arm('no-answer', Infinity);
    await expect(
      bench.driver.readCard({ amountMinor: 1500, deadlineMs: 300 }),
    ).rejects.toMatchObject({ code: 'TIMEOUT' });
    await bench.driver.settled();
    await expect(bench.driver.ping()).rejects.toMatchObject({
      code: 'DISCONNECTED',
      field: 'reader',
    });
    await expect(
      bench.driver.readCard({ amountMinor: 1500, deadlineMs: 5000 }),
    ).rejects.toMatchObject({ code: 'DISCONNECTED', field: 'reader' });
    bench.sim.faults.arm('no-answer', 0);
    const { reading } = await waiting(bench);
    bench.sim.present(cardB, 'contactless');
    await expect(reading).resolves.toMatchObject({ kind: 'emv', lastFour: '1111' });
    await expect(bench.driver.ping()).resolves.toBeUndefined();
  });
});
