import { afterEach, describe, expect, it } from 'vitest';
import { parseHex, tdesCbcDecrypt, tdesDukptKey } from '../../drivers/crypto/index.ts';
import { NgaReaderDriver } from '../../drivers/emv/nga-reader-driver.ts';
import { toRequestFields } from '../../drivers/readers/request-fields.ts';
import { findCard, loadCardCatalogue } from '../../drivers/sim/card-catalogue.ts';
import { NgaReaderSimulator } from '../../drivers/sim/nga-reader-simulator.ts';
import { TEST_BDK } from '../../drivers/sim/simulated-keys.ts';
import { SerialTransport } from '../../drivers/transport/serial-transport.ts';
import { openPtyPair, type PtyPair } from './helpers/pty-pair.ts';

const cards = loadCardCatalogue();
const mc = findCard(cards, 'mc');

let pair: PtyPair | undefined;
let driver: NgaReaderDriver | undefined;
let sim: NgaReaderSimulator | undefined;

async function start(): Promise<{ driver: NgaReaderDriver; sim: NgaReaderSimulator }> {
  pair = await openPtyPair();
  sim = new NgaReaderSimulator(new SerialTransport({ path: pair.device, baudRate: 115200 }));
  driver = new NgaReaderDriver(new SerialTransport({ path: pair.host, baudRate: 115200 }));
  await sim.start();
  await driver.open();
  return { driver, sim };
}

afterEach(async () => {
  await driver?.close();
  await sim?.stop();
  await pair?.unplug();
});

describe('EMV reader (NGA protocol 2) over a real pty (socat)', () => {
  it('answers ping', async () => {
    const bench = await start();
    await expect(bench.driver.ping({ deadlineMs: 2000 })).resolves.toBeUndefined();
  });

  it('reads a tapped card as contactless, with rfid=yes and the receipt tags', async () => {
    const bench = await start();
    const reading = bench.driver.readCard({ amountMinor: 2599, deadlineMs: 5000 });
    bench.sim.present(mc, 'contactless');
    const read = await reading;
    expect(read).toMatchObject({
      kind: 'emv',
      entryMode: 'contactless',
      rfid: 'yes',
      lastFour: '5454',
      receipt: {
        aid: 'A0000000041010',
        applicationLabel: 'MASTERCARD',
        cryptogramType: 'ARQC',
        tvr: '0000008000',
        tsi: 'E800',
      },
    });
    expect(toRequestFields(read)).toMatchObject({ rfid: 'yes' });
    if (read.kind !== 'emv') throw new Error('expected an EMV read');
    expect(read.icc).toContain('9F0206000000002599');
    expect(read.receipt.cryptogram).toMatch(/^[0-9A-F]{16}$/);
  });

  it('turns a magnetic-stripe fallback into an encrypted swipe the server decrypts as "idtech"', async () => {
    const bench = await start();
    const reading = bench.driver.readCard({ amountMinor: 100, deadlineMs: 5000 });
    bench.sim.present(mc, 'fallback-swipe');
    const read = await reading;
    expect(read).toMatchObject({
      kind: 'encrypted-swipe',
      entryMode: 'fallback-swipe',
      e_datafieldfmt: 'idtech',
      lastFour: '5454',
    });
    if (read.kind !== 'encrypted-swipe') throw new Error('expected an encrypted swipe');
    const key = tdesDukptKey(parseHex('bdk', TEST_BDK), parseHex('ksn', read.e_id), 'data-request');
    expect(
      tdesCbcDecrypt(key, parseHex('e_trackdata', read.e_trackdata)).toString('latin1'),
    ).toContain(mc.track2);
  });

  it('reports a failed chip read as CARD_READ', async () => {
    const bench = await start();
    bench.sim.cardReadFails = true;
    const reading = bench.driver.readCard({ amountMinor: 100, deadlineMs: 5000 });
    bench.sim.present(mc, 'contact');
    await expect(reading).rejects.toMatchObject({ code: 'CARD_READ' });
  });

  it('cancel() ends the wait and the reader is ready again', async () => {
    const bench = await start();
    const reading = bench.driver.readCard({ amountMinor: 100, deadlineMs: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bench.sim.activated).toBe(true);
    bench.driver.cancel();
    await expect(reading).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(bench.sim.activated).toBe(false);
    await expect(bench.driver.ping({ deadlineMs: 2000 })).resolves.toBeUndefined();
  });

  it('refuses a missing amount, naming the field', async () => {
    const bench = await start();
    await expect(bench.driver.readCard({ deadlineMs: 1000 })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      field: 'amountMinor',
    });
  });
});
