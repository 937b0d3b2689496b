import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EscPosEncoder,
  type EncryptedSwipeRead,
  type EmvRead,
  toRequestFields,
} from '../../drivers/index.ts';
import { findCard, loadCardCatalogue } from '../../drivers/sim/card-catalogue.ts';
import { issuerAnswer } from './helpers/issuer-answer.ts';
import { type LaneBench, startLaneBench } from './helpers/lane-bench.ts';

let bench: LaneBench;

beforeAll(async () => {
  bench = await startLaneBench();
});

afterAll(async () => {
  await bench?.stop();
});

const receipt = (): Buffer => new EscPosEncoder('cp858').line('TOTAL 12.34 €').cut().encode();

describe('DeviceManager on the training simulators over real ptys (socat) and TCP', () => {
  it('reports every configured device connected, each with its link, and the printer with paper', () => {
    const statuses = bench.manager.statuses();
    expect(statuses.map((status) => [status.role, status.kind, status.state])).toEqual([
      ['reader', 'idtech', 'connected'],
      ['emv', 'nga', 'connected'],
      ['pinpad', 'pinpad', 'connected'],
      ['printer', 'escpos', 'connected'],
    ]);
    expect(statuses[0]?.link).toBe(`serial:${bench.sims.dir}/reader`);
    expect(statuses[3]?.link).toMatch(/^tcp:127\.0\.0\.1:[0-9]+$/);
    expect(bench.manager.paper()).toBe('ok');
    expect(bench.events.filter((status) => status.role === 'pinpad').at(-1)?.state).toBe(
      'connected',
    );
  });

  it('reads a chip card on the EMV reader: icc, receipt tags and a KSN of the key set', async () => {
    const reading = bench.present('visa', 'insert', { amountMinor: 1234 });
    const capture = await reading;
    expect(capture.role).toBe('emv');
    const read = capture.read as EmvRead;
    expect(read).toMatchObject({ kind: 'emv', entryMode: 'contact', lastFour: '1111', rfid: 'no' });
    expect(read.icc).toContain('DFEE120AFFFF987654');
    expect(read.receipt).toMatchObject({ aid: 'A0000000031010', cryptogramType: 'ARQC' });
  });

  it('completes the chip read on the online answer: TC on approval, AAC when no answer came', async () => {
    const capture = await bench.present('visa', 'insert', { amountMinor: 900 });
    const approved = issuerAnswer((capture.read as EmvRead).icc, '4111111111111111', '00');
    await expect(bench.manager.completeChip(approved, { deadlineMs: 5000 })).resolves.toMatchObject(
      { cryptogramType: 'TC', receipt: { aid: 'A0000000031010' } },
    );
    await bench.present('visa', 'insert', { amountMinor: 900 });
    await expect(
      bench.manager.completeChip(undefined, { deadlineMs: 5000 }),
    ).resolves.toMatchObject({ cryptogramType: 'AAC' });
  });

  it('takes the swipe when the card is swiped, and cancels the EMV wait so the next chip read works', async () => {
    const swiping = bench.present('mc', 'swipe', { amountMinor: 500 });
    const capture = await swiping;
    expect(capture.role).toBe('reader');
    await bench.manager.check('emv');
    const read = capture.read as EncryptedSwipeRead;
    expect(read).toMatchObject({
      kind: 'encrypted-swipe',
      e_datafieldfmt: 'idtech',
      lastFour: '5454',
    });
    expect(read.e_id.startsWith('FFFF987654')).toBe(true);
    // The NGA reader refuses a second Activate while one waits: this read proves the cancel reached it.
    const tapping = bench.present('visa', 'tap', { amountMinor: 500, from: ['emv'] });
    await expect(tapping).resolves.toMatchObject({
      role: 'emv',
      read: { kind: 'emv', entryMode: 'contactless', rfid: 'yes' },
    });
  });

  it('tells when the EMV wait a swipe won over has ended, so a card inserted then goes to the next wait', async () => {
    await bench.manager.check('emv');
    const emv = bench.sims.simulators.emv;
    const swiped = await bench.present('visa', 'swipe', { amountMinor: 600 });
    expect(swiped.role).toBe('reader');
    await bench.manager.cardWaitsEnded();
    // The customer inserts the moment the lane asks again: no wait may still hold the reader.
    expect(emv.activated).toBe(false);
    await bench.sims.present('visa', 'insert');
    await expect(
      bench.manager.readCard({ amountMinor: 600, deadlineMs: 10_000 }),
    ).resolves.toMatchObject({ role: 'emv', read: { kind: 'emv', entryMode: 'contact' } });
  });

  it('gives a fallback swipe on the EMV reader as an encrypted swipe', async () => {
    await bench.manager.check('emv');
    const reading = bench.present('amex', 'fallback', { amountMinor: 700, from: ['emv'] });
    await expect(reading).resolves.toMatchObject({
      role: 'emv',
      read: { kind: 'encrypted-swipe', entryMode: 'fallback-swipe', lastFour: '8431' },
    });
  });

  it('asks the PIN pad for a PIN: a PIN block and a KSN of the key set', async () => {
    const entry = await bench.manager.requestPin(
      { pan: '4111111111111111', amountMinor: 2500 },
      { deadlineMs: 10_000 },
    );
    expect(entry.pin).toMatch(/^[0-9A-F]{16}$/);
    expect(entry.ksn.startsWith('FFFF987654')).toBe(true);
  });

  it('asks the PIN pad for a keyed card: e_account and a KSN of the key set, for the request fields', async () => {
    bench.sims.simulators.pinpad.keyedCard = findCard(loadCardCatalogue(), 'mc');
    const read = await bench.manager.keyCard({ securityCode: true }, { deadlineMs: 10_000 });
    expect(read).toMatchObject({ kind: 'keyed', lastFour: '5454', expdate: '1230' });
    expect(read.e_id.startsWith('FFFF987654')).toBe(true);
    expect(toRequestFields(read)).toMatchObject({
      e_account: read.e_account,
      e_id: read.e_id,
      expdate: '1230',
      cv: '999',
    });
  });

  it('a card wait past its deadline is TIMEOUT, and not a device error (the customer did not come)', async () => {
    const before = bench.manager.statuses().find((status) => status.role === 'emv')?.lastError;
    await expect(
      bench.manager.readCard({ amountMinor: 100, deadlineMs: 300, from: ['emv'] }),
    ).rejects.toMatchObject({ code: 'TIMEOUT' });
    const after = bench.manager.statuses().find((status) => status.role === 'emv');
    expect(after).toMatchObject({ state: 'connected' });
    expect(after?.lastError).toEqual(before);
  });

  it('one device never blocks another: a hung printer job does not delay a PIN entry', async () => {
    bench.sims.fault('printer', 'slow:60000');
    const controller = new AbortController();
    const printing = bench.manager.print(receipt(), {
      deadlineMs: 60_000,
      signal: controller.signal,
    });
    const entry = await bench.manager.requestPin(
      { pan: '5454545454545454', amountMinor: 100 },
      { deadlineMs: 10_000 },
    );
    expect(entry.ksn).toMatch(/^FFFF987654/);
    let printSettled = false;
    void printing.catch(() => undefined).finally(() => (printSettled = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(printSettled).toBe(false);
    controller.abort();
    await expect(printing).rejects.toMatchObject({ code: 'CANCELLED' });
  });
});

describe('DeviceManager diagnostics', () => {
  it('lists each device with its location and last error, the ports the system lists, and no hint when all opens', async () => {
    const snapshot = await bench.manager.diagnostics();
    expect(snapshot.devices.map((device) => [device.status.role, device.location])).toEqual(
      bench.manager.statuses().map((status) => [status.role, status.link]),
    );
    expect(snapshot.portsSeen.every((port) => port.path.startsWith('/'))).toBe(true);
    expect(snapshot.permissionsHint).toBeUndefined();
    expect(snapshot.at).toBeGreaterThan(0);
  });

  it('reads USB ids as lower-case hex from both listers (listers standing in for USB hardware)', async () => {
    const snapshot = await bench.manager.diagnostics({
      serial: () =>
        Promise.resolve([
          { path: '/dev/ttyUSB0', vendorId: '0ACD', productId: '2030', serialNumber: 'SN1' },
        ]),
      hid: () =>
        Promise.resolve([
          { path: '/dev/hidraw0', vendorId: 0x0801, productId: 0x11, manufacturer: 'Mag-Tek' },
          { vendorId: 1, productId: 2 },
        ]),
    });
    expect(snapshot.portsSeen).toEqual([
      { path: '/dev/ttyUSB0', vendorId: '0acd', productId: '2030', serialNumber: 'SN1' },
      { path: '/dev/hidraw0', vendorId: '0801', productId: '0011', manufacturer: 'Mag-Tek' },
    ]);
  });
});

describe('DeviceManager cancel, with a cardholder who takes a minute to type', () => {
  let slow: LaneBench;
  beforeAll(async () => {
    slow = await startLaneBench((config) => config, 60_000);
  });
  afterAll(async () => {
    await slow?.stop();
  });

  it('cancel() ends a PIN entry with CANCELLED and sends 72: the pad stops waiting for the PIN', async () => {
    const entry = slow.manager.requestPin(
      { pan: '4111111111111111', amountMinor: 2500 },
      { deadlineMs: 60_000 },
    );
    // The pad's own state: a status request would queue behind the PIN entry.
    const pad = slow.sims.simulators.pinpad;
    await expect.poll(() => pad.status().state).toBe('pin-entry');
    slow.manager.cancel('pinpad');
    await expect(entry).rejects.toMatchObject({ code: 'CANCELLED' });
    await expect.poll(() => pad.status().state).toBe('idle');
    expect(slow.manager.statuses().find((status) => status.role === 'pinpad')).toMatchObject({
      state: 'connected',
    });
    expect(
      slow.manager.statuses().find((status) => status.role === 'pinpad')?.lastError,
    ).toBeUndefined();
  });

  it('an aborted signal ends a chip card wait with CANCELLED and the EMV reader takes the next one', async () => {
    const controller = new AbortController();
    const reading = slow.manager.readCard({
      amountMinor: 100,
      signal: controller.signal,
      from: ['emv'],
    });
    controller.abort();
    await expect(reading).rejects.toMatchObject({ code: 'CANCELLED' });
    const next = slow.present('mc', 'insert', { amountMinor: 100, from: ['emv'] });
    await expect(next).resolves.toMatchObject({ read: { lastFour: '5454' } });
  });
});

describe('training devices with a keyboard-wedge reader', () => {
  let wedge: LaneBench;
  beforeAll(async () => {
    wedge = await startLaneBench((config) => config, 10, 'wedge');
  });
  afterAll(async () => {
    await wedge?.stop();
  });

  it('the wedge reader gives clear tracks as trackdata, hidden from text, with no key set to check', async () => {
    expect(wedge.manager.config.reader).toMatchObject({ kind: 'wedge' });
    const capture = await wedge.present('visa', 'swipe', { from: ['reader'] });
    expect(capture.read).toMatchObject({ kind: 'plain-swipe', lastFour: '1111', expdate: '1230' });
    expect(JSON.stringify(capture.read)).not.toContain('4111111111111111');
  });
});
