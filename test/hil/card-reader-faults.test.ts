import { afterEach, describe, expect, it } from 'vitest';
import { findCard, loadCardCatalogue } from '../../drivers/sim/card-catalogue.ts';
import { READER_BENCHES, type ReaderBench } from './helpers/reader-benches.ts';

const visa = findCard(loadCardCatalogue(), 'visa');
const mc = findCard(loadCardCatalogue(), 'mc');

describe.each(READER_BENCHES)('card-reader fault modes: $label', (kind) => {
  let bench: ReaderBench | undefined;
  afterEach(async () => {
    await bench?.close();
    bench = undefined;
  });

  it.runIf(kind.faults.includes('bad-checksum'))(
    'bad LRC: CHECKSUM for that swipe, the next swipe reads',
    async () => {
      bench = await kind.make();
      bench.faults.arm('bad-checksum');
      const first = bench.driver.readCard({ deadlineMs: 5000, amountMinor: 500 });
      await bench.swipe(visa);
      await expect(first).rejects.toMatchObject({ code: 'CHECKSUM' });
      const second = bench.driver.readCard({ deadlineMs: 5000, amountMinor: 500 });
      await bench.swipe(mc);
      await expect(second).resolves.toMatchObject({ lastFour: '5454' });
    },
  );

  it('garbage bytes on the line: the swipe after them still reads', async () => {
    bench = await kind.make();
    bench.faults.arm('garbage');
    const reading = bench.driver.readCard({ deadlineMs: 5000, amountMinor: 500 });
    await bench.swipe(visa);
    const outcome = await reading.catch((error: unknown) => error);
    if (outcome instanceof Error) {
      expect(outcome).toMatchObject({ code: 'CARD_READ' });
      expect(outcome.message).not.toContain(visa.pan);
      const retry = bench.driver.readCard({ deadlineMs: 5000, amountMinor: 500 });
      await bench.swipe(visa);
      await expect(retry).resolves.toMatchObject({ lastFour: '1111' });
    } else {
      expect(outcome).toMatchObject({ lastFour: '1111' });
    }
  });

  it('slow answer: read within a long deadline, TIMEOUT within a short one', async () => {
    bench = await kind.make();
    bench.faults.slowMs = 400;
    bench.faults.arm('slow');
    const patient = bench.driver.readCard({ deadlineMs: 3000, amountMinor: 500 });
    await bench.swipe(visa);
    await expect(patient).resolves.toMatchObject({ lastFour: '1111' });
    bench.faults.arm('slow');
    const hasty = bench.driver.readCard({ deadlineMs: 100, amountMinor: 500 });
    const swiping = bench.swipe(visa);
    await expect(hasty).rejects.toMatchObject({ code: 'TIMEOUT' });
    await swiping;
  });

  it('unplug in mid-message: DISCONNECTED, no hang', async () => {
    bench = await kind.make();
    bench.faults.arm('unplug');
    const reading = bench.driver.readCard({ deadlineMs: 5000, amountMinor: 500 });
    await bench.swipe(visa);
    await expect(reading).rejects.toMatchObject({ code: 'DISCONNECTED' });
  });

  it.runIf(kind.faults.includes('exhausted'))(
    'DUKPT counter exhaustion: KEY_EXHAUSTED, never clear data',
    async () => {
      bench = await kind.make();
      bench.faults.arm('exhausted');
      const first = bench.driver.readCard({ deadlineMs: 5000, amountMinor: 500 });
      await bench.swipe(visa);
      const last = await first;
      expect(last.lastFour).toBe('1111');
      const ksn = last.kind === 'emv' ? last.icc : last.kind === 'encrypted-swipe' ? last.e_id : '';
      expect(ksn).toContain('FFFF9876543210FFF800');
      const next = bench.driver.readCard({ deadlineMs: 5000, amountMinor: 500 });
      await bench.swipe(visa);
      await expect(next).rejects.toMatchObject({ code: 'KEY_EXHAUSTED' });
    },
  );
});
