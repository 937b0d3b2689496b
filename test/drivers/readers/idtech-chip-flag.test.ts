// ID TECH's chip-card flag: field 8 bit 5 of the enhanced encrypted output is set when the card's
// service code starts 2 or 6 ("use IC where feasible", ID TECH SecureHead user manual, USB and UART
// interface, note 3), which is how the lane knows a chip card whose service code the reader masks.
// The frames are laid out by hand, field by field as ID TECH's "Encrypted Data Output" gives them,
// from the SecureMag manual's Security Level 3 capture (test/fixtures/readers/reader_samples.json):
// its masked tracks, ciphertext, hashes and KSN; the driver decrypts nothing, so only the layout matters.
import { afterEach, describe, expect, it } from 'vitest';
import { frameIdtech } from '../../../drivers/crypto/index.ts';
import { IdtechReaderDriver } from '../../../drivers/readers/idtech-reader-driver.ts';
import { findCard, loadCardCatalogue } from '../../../drivers/sim/card-catalogue.ts';
import { IdtechReaderSimulator } from '../../../drivers/sim/idtech-reader-simulator.ts';
import { MemoryTransport } from '../../../drivers/transport/memory-transport.ts';
import samples from '../../fixtures/readers/reader_samples.json' with { type: 'json' };

const sample = samples.idtechSecureMagLevel3Original;
const frame = Buffer.from(sample.frame, 'hex');
/** The original frame's parts: header 5, masked 72 + 35 + 0, one block of 112, two hashes, KSN. */
const masked1 = Buffer.from(sample.maskedTrack1, 'latin1');
const masked2 = Buffer.from(sample.maskedTrack2, 'latin1');
const cipherAt = 3 + 5 + masked1.length + masked2.length;
const cipher = frame.subarray(cipherAt, cipherAt + 112);
const hashes = frame.subarray(cipherAt + 112, cipherAt + 152);
const ksn = Buffer.from(sample.ksn, 'hex');

/** Enhanced card data: 80, status 03, lengths 72/35/0, field 8, field 9 9B, then the parts. */
function enhancedFrame(field8: number): Buffer {
  return frameIdtech(
    Buffer.concat([
      Buffer.of(0x80, 0x03, masked1.length, masked2.length, 0x00, field8, 0x9b),
      masked1,
      masked2,
      cipher.subarray(0, 72),
      cipher.subarray(72, 112),
      hashes,
      ksn,
    ]),
  );
}

describe('the chip-card flag of an ID TECH swipe', () => {
  let close = async (): Promise<void> => undefined;
  afterEach(() => close());

  async function reader() {
    const [host, device] = MemoryTransport.pair('serial:host', 'serial:reader');
    const driver = new IdtechReaderDriver(host);
    await driver.open();
    await device.open();
    close = async () => {
      await driver.close();
      await device.close();
    };
    return { device, driver };
  }

  it('reads field 8 bit 5 as a chip card, with the service code still masked', async () => {
    const { device, driver } = await reader();
    const since = performance.now();
    await device.write(enhancedFrame(0x23));
    const read = await driver.readCard({ deadlineMs: 5000, since });
    expect(read).toMatchObject({ kind: 'encrypted-swipe', lastFour: '9999', chipCard: true });
    expect(read.serviceCode).toBeUndefined();
    expect(read.kind === 'encrypted-swipe' && read.e_id).toBe(sample.ksn);
  });

  it('leaves a swipe without the bit, and the original format, unflagged', async () => {
    const { device, driver } = await reader();
    let since = performance.now();
    await device.write(enhancedFrame(0x03));
    expect(await driver.readCard({ deadlineMs: 5000, since })).not.toHaveProperty('chipCard');
    since = performance.now();
    await device.write(frame);
    expect(await driver.readCard({ deadlineMs: 5000, since })).not.toHaveProperty('chipCard');
  });

  it('the simulator sets the bit for a chip card (service code 201) and not for a stripe-only one (101)', async () => {
    const { device, driver } = await reader();
    const sim = new IdtechReaderSimulator(device);
    const cards = loadCardCatalogue();
    let since = performance.now();
    await sim.swipe(findCard(cards, 'visa'));
    expect(await driver.readCard({ deadlineMs: 5000, since })).toMatchObject({ chipCard: true });
    since = performance.now();
    await sim.swipe(findCard(cards, 'visa-x924'));
    expect(await driver.readCard({ deadlineMs: 5000, since })).not.toHaveProperty('chipCard');
  });
});
