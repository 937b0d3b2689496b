import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NgaReaderDriver } from '../../drivers/emv/nga-reader-driver.ts';
import { PinPadDriver } from '../../drivers/pinpad/pinpad-driver.ts';
import { EscPosEncoder } from '../../drivers/printer/escpos-encoder.ts';
import { ReceiptPrinterDriver } from '../../drivers/printer/receipt-printer-driver.ts';
import { IdtechReaderDriver } from '../../drivers/readers/idtech-reader-driver.ts';
import { WedgeReaderDriver } from '../../drivers/readers/wedge-reader-driver.ts';
import { SerialTransport } from '../../drivers/transport/serial-transport.ts';
import { TcpTransport } from '../../drivers/transport/tcp-transport.ts';
import { openPtyPair, type PtyPair } from './helpers/pty-pair.ts';
import { type SimProcess, startSim } from './helpers/sim-process.ts';
import { nodeEntryArgs } from '../compiled-tree/node-entry.ts';

let sim: SimProcess | undefined;
let pair: PtyPair | undefined;
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  await sim?.stop();
  await pair?.unplug();
  sim = undefined;
  pair = undefined;
});

async function serialSim(device: string, ...args: string[]): Promise<SerialTransport> {
  pair = await openPtyPair();
  sim = startSim([device, '--port', pair.device, ...args]);
  await sim.waitFor(/ready/);
  return new SerialTransport({ path: pair.host, baudRate: device === 'emv' ? 115200 : 9600 });
}

describe('npm run sim drives each device', () => {
  it('wedge: "swipe visa" on the console types a swipe the driver reads', async () => {
    const driver = new WedgeReaderDriver(await serialSim('wedge'));
    await driver.open();
    closers.push(() => driver.close());
    const reading = driver.readCard({ deadlineMs: 10_000 });
    sim!.command('swipe visa');
    await expect(reading).resolves.toMatchObject({ kind: 'plain-swipe', lastFour: '1111' });
    await expect(sim!.waitFor(/swiped visa \(XXXX1111\)/)).resolves.toBeTruthy();
  });

  it('idtech: "fault bad-checksum" on the console spoils the next swipe only', async () => {
    const driver = new IdtechReaderDriver(await serialSim('idtech', '--format', 'original'));
    await driver.open();
    closers.push(() => driver.close());
    sim!.command('fault bad-checksum');
    await sim!.waitFor(/armed bad-checksum/);
    const spoiled = driver.readCard({ deadlineMs: 10_000 });
    sim!.command('swipe amex');
    await expect(spoiled).rejects.toMatchObject({ code: 'CHECKSUM' });
    const good = driver.readCard({ deadlineMs: 10_000 });
    sim!.command('swipe amex');
    await expect(good).resolves.toMatchObject({
      kind: 'encrypted-swipe',
      lastFour: '8431',
      e_datafieldfmt: 'idtech',
    });
  });

  it('wedge: --card visa --every 1 keeps swiping on its own', async () => {
    const driver = new WedgeReaderDriver(
      await serialSim('wedge', '--card', 'visa', '--every', '1'),
    );
    await driver.open();
    closers.push(() => driver.close());
    await expect(driver.readCard({ deadlineMs: 10_000 })).resolves.toMatchObject({
      lastFour: '1111',
    });
  });

  it('magtek: --once prints the HID report that crypto swipe decodes', () => {
    const capture = spawnSync(
      process.execPath,
      [...nodeEntryArgs('drivers/tools/sim-cli.ts'), 'magtek', '--card', 'mc', '--once'],
      { encoding: 'utf8' },
    );
    expect(capture.status).toBe(0);
    const decoded = spawnSync(
      process.execPath,
      [
        ...nodeEntryArgs('drivers/tools/crypto-cli.ts'),
        'swipe',
        '--format',
        'magtek',
        '--bdk',
        '0123456789ABCDEFFEDCBA9876543210',
        capture.stdout.trim(),
      ],
      { encoding: 'utf8' },
    );
    expect(JSON.parse(decoded.stdout)).toMatchObject({
      lastFour: '5454',
      cardholderName: 'TEST CARD/MC',
    });
  });

  it('pinpad: answers the driver with a PIN block under the injected key', async () => {
    const driver = new PinPadDriver(await serialSim('pinpad', '--ksn', 'FFFF0123456789A00000'));
    await driver.open();
    closers.push(() => driver.close());
    await expect(
      driver.requestPin({ pan: '4000056655665556', amountMinor: 100 }, { deadlineMs: 10_000 }),
    ).resolves.toMatchObject({
      ksn: 'FFFF0123456789A00001',
    });
  });

  it('pinpad: "key amex" on the console sets the card keyed on the pad, logged masked', async () => {
    const driver = new PinPadDriver(await serialSim('pinpad'));
    await driver.open();
    closers.push(() => driver.close());
    sim!.command('key amex');
    await sim!.waitFor(/cardholder keys amex \(XXXX8431\)/);
    await expect(driver.requestCard({}, { deadlineMs: 10_000 })).resolves.toMatchObject({
      kind: 'keyed',
      maskedAccount: 'XXXXXXXXXXX8431',
      e_id: 'FFFF9876543210E00001',
    });
  });

  it('emv: "tap mc" on the console answers the waiting transaction', async () => {
    const driver = new NgaReaderDriver(await serialSim('emv'));
    await driver.open();
    closers.push(() => driver.close());
    const reading = driver.readCard({ amountMinor: 999, deadlineMs: 10_000 });
    sim!.command('tap mc');
    await expect(reading).resolves.toMatchObject({
      kind: 'emv',
      entryMode: 'contactless',
      lastFour: '5454',
    });
  });

  it('emv: --fault late-activate-answer answers a cancelled read after its cancel; the next read gets its own card', async () => {
    const transport = await serialSim('emv', '--fault', 'late-activate-answer');
    const driver = new NgaReaderDriver(transport);
    await driver.open();
    closers.push(() => driver.close());
    const written = vi.spyOn(transport, 'write');
    const first = driver.readCard({ amountMinor: 999, deadlineMs: 10_000 });
    await vi.waitFor(() => expect(written).toHaveBeenCalled(), { timeout: 10_000, interval: 5 });
    sim!.command('tap mc');
    await sim!.waitFor(/tap mc/);
    driver.cancel();
    await expect(first).rejects.toMatchObject({ code: 'CANCELLED' });
    const second = driver.readCard({ amountMinor: 999, deadlineMs: 10_000 });
    sim!.command('tap visa');
    await expect(second).resolves.toMatchObject({ kind: 'emv', lastFour: '1111' });
  });

  it('emv: a word that is no verb, even an object method name, is refused as unknown', async () => {
    await serialSim('emv');
    sim!.command('constructor mc');
    await sim!.waitFor(/command: constructor is not one of insert, tap, fallback/);
  });

  it('printer: listens on a TCP port, prints, and writes receipt.txt and receipt.png after the cut', async () => {
    const out = mkdtempSync(join(tmpdir(), 'laneterm-sim-'));
    closers.push(() => Promise.resolve(rmSync(out, { recursive: true, force: true })));
    sim = startSim(['printer', '--port', '0', '--out', out]);
    const [, port] = await sim.waitFor(/tcp:\/\/127\.0\.0\.1:([0-9]+)/);
    const driver = new ReceiptPrinterDriver(
      new TcpTransport({ host: '127.0.0.1', port: Number(port) }),
    );
    await driver.open();
    closers.push(() => driver.close());
    await driver.print(new EscPosEncoder().line('SIMULATED RECEIPT').cut(), { deadlineMs: 10_000 });
    await sim.waitFor(/wrote .*receipt\.txt/);
    expect(readFileSync(join(out, 'receipt.txt'), 'utf8')).toContain('SIMULATED RECEIPT');
    expect(readFileSync(join(out, 'receipt.png')).subarray(1, 4).toString()).toBe('PNG');
    sim.command('status paper-out');
    await sim.waitFor(/wrote .*receipt\.txt[\s\S]*wrote .*receipt\.txt/);
    await expect(
      driver.print(new EscPosEncoder().line('X').cut(), { deadlineMs: 10_000 }),
    ).rejects.toMatchObject({ code: 'DEVICE_STATUS' });
  });

  it('refuses an unknown device with the usage text and exit status 2', () => {
    const run = spawnSync(
      process.execPath,
      [...nodeEntryArgs('drivers/tools/sim-cli.ts'), 'toaster'],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('usage: npm run sim');
  });
});
