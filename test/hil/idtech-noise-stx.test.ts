// Line noise that looks like the start of an ID TECH frame (STX and a length) just before a
// swipe, on a real pty pair (socat): the swipe after it must read at once, and the next sale must
// get its own card, not the swipe the noise held back (docs/devices.md, ID TECH frames).
import { afterEach, describe, expect, it } from 'vitest';
import { IdtechReaderDriver } from '../../drivers/readers/idtech-reader-driver.ts';
import { findCard, loadCardCatalogue } from '../../drivers/sim/card-catalogue.ts';
import { IdtechReaderSimulator } from '../../drivers/sim/idtech-reader-simulator.ts';
import { SerialTransport } from '../../drivers/transport/serial-transport.ts';
import { openPtyPair, type PtyPair } from './helpers/pty-pair.ts';

const cards = loadCardCatalogue();
const visa = findCard(cards, 'visa');
const mc = findCard(cards, 'mc');

describe('ID TECH reader after noise that opens a frame, over a real pty (socat)', () => {
  let pair: PtyPair | undefined;
  let driver: IdtechReaderDriver | undefined;
  let sim: IdtechReaderSimulator | undefined;
  afterEach(async () => {
    await driver?.close();
    await sim?.stop().catch(() => undefined);
    await pair?.unplug();
    pair = driver = sim = undefined;
  });

  it('reads the swipe behind a stray STX and length, and the next swipe is the next card', async () => {
    pair = await openPtyPair();
    const device = new SerialTransport({ path: pair.device, baudRate: 9600 });
    sim = new IdtechReaderSimulator(device);
    driver = new IdtechReaderDriver(new SerialTransport({ path: pair.host, baudRate: 9600 }));
    await sim.start();
    await driver.open();
    const first = driver.readCard({ deadlineMs: 5000, amountMinor: 500 });
    await device.write(Buffer.of(0x02, 0x40, 0x01));
    await sim.swipe(visa);
    await expect(first).resolves.toMatchObject({ lastFour: '1111' });
    const second = driver.readCard({ deadlineMs: 5000, amountMinor: 500 });
    await sim.swipe(mc);
    await expect(second).resolves.toMatchObject({ lastFour: '5454' });
  }, 15_000);
});
