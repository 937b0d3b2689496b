// A swipe reader's `since` (drivers/readers/card-read.ts): a card swiped once the lane asked for
// it is taken though it reached the reader before the wait did, while one swiped before that is
// not. Over the in-memory link, whose bytes arrive on the next tick, so the swipe is decoded
// before the wait begins.
import { afterEach, describe, expect, it } from 'vitest';
import { MagtekReaderDriver } from '../../../drivers/readers/magtek-reader-driver.ts';
import { findCard, loadCardCatalogue } from '../../../drivers/sim/card-catalogue.ts';
import { MagtekReaderSimulator } from '../../../drivers/sim/magtek-reader-simulator.ts';
import { MemoryTransport } from '../../../drivers/transport/memory-transport.ts';

const cards = loadCardCatalogue();
const visa = findCard(cards, 'visa');
const amex = findCard(cards, 'amex');

/** Resolves once every byte written so far has reached the other end and been decoded. */
const delivered = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('a swipe reader taking a swipe made since the lane asked', () => {
  let close = async (): Promise<void> => undefined;
  afterEach(() => close());

  async function reader() {
    const [host, device] = MemoryTransport.pair('hid:host', 'hid:reader');
    const sim = new MagtekReaderSimulator(device, {});
    const driver = new MagtekReaderDriver(host);
    await sim.start();
    await driver.open();
    close = async () => {
      await driver.close();
      await sim.stop();
    };
    return { sim, driver };
  }

  it('takes a card swiped from `since` on, before its wait began', async () => {
    const { sim, driver } = await reader();
    const since = performance.now();
    await sim.swipe(visa);
    await delivered();
    const read = await driver.readCard({ deadlineMs: 5000, since });
    expect(read.lastFour).toBe('1111');
  });

  it('leaves a card swiped before the wait, with no since, to time out', async () => {
    const { sim, driver } = await reader();
    await sim.swipe(amex);
    await delivered();
    await expect(driver.readCard({ deadlineMs: 200 })).rejects.toMatchObject({ code: 'TIMEOUT' });
  });
});
