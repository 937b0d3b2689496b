import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EscPosEncoder } from '../../drivers/index.ts';
import type { DeviceRole, DeviceStatus } from '../../main/devices/index.ts';
import { type LaneBench, startLaneBench } from './helpers/lane-bench.ts';

const PAN = '4111111111111111';
const receipt = (): Buffer =>
  new EscPosEncoder('cp858').line('SALE').line('TOTAL 12.34 €').cut().encode();

/** The states `role` went through from event number `from` on, repeats collapsed. */
function statesSince(events: readonly DeviceStatus[], role: DeviceRole, from: number): string[] {
  const states = events.slice(from).filter((status) => status.role === role);
  return states.map((status) => status.state).filter((state, i, all) => state !== all[i - 1]);
}

describe('DeviceManager with faults on the simulators over real ptys (socat) and TCP', () => {
  let bench: LaneBench;
  beforeAll(async () => {
    bench = await startLaneBench();
  });
  afterAll(async () => {
    await bench?.stop();
  });
  afterEach(async () => {
    bench.sims.setPrinter('ok');
    bench.sims.simulators.printer.paperBytesLeft = Infinity;
    for (const role of ['reader', 'emv', 'pinpad', 'printer'] as const)
      await bench.waitFor(role, (status) => status.state === 'connected');
  });

  it('unplug and replug of the PIN pad: reconnecting with DISCONNECTED, connected again, PIN entry works', async () => {
    const from = bench.events.length;
    await bench.sims.unplug('pinpad', 300);
    const away = await bench.waitFor('pinpad', (status) => status.state === 'reconnecting');
    expect(away.lastError).toMatchObject({ code: 'DISCONNECTED' });
    await bench.waitFor('pinpad', (status) => status.state === 'connected');
    expect(statesSince(bench.events, 'pinpad', from)).toEqual(['reconnecting', 'connected']);
    await expect(
      bench.manager.requestPin({ pan: PAN, amountMinor: 100 }, { deadlineMs: 10_000 }),
    ).resolves.toMatchObject({ ksn: expect.stringMatching(/^FFFF987654/) });
  });

  it.each(['pinpad', 'reader', 'emv'] as const)(
    'the unplug fault on the %s cuts an answer in half: DISCONNECTED, then it reconnects and works',
    async (role) => {
      bench.sims.fault(role, 'unplug:300');
      const call =
        role === 'pinpad'
          ? bench.manager.requestPin({ pan: PAN, amountMinor: 100 }, { deadlineMs: 10_000 })
          : bench.present('visa', role === 'emv' ? 'insert' : 'swipe', {
              amountMinor: 100,
              from: [role],
            });
      await expect(call).rejects.toMatchObject({ code: 'DISCONNECTED' });
      await bench.waitFor(role, (status) => status.state === 'connected');
      if (role === 'pinpad') {
        await expect(
          bench.manager.requestPin({ pan: PAN, amountMinor: 100 }, { deadlineMs: 10_000 }),
        ).resolves.toHaveProperty('pin');
        return;
      }
      await bench.manager.check(role);
      const again = bench.present('mc', role === 'emv' ? 'insert' : 'swipe', {
        amountMinor: 100,
        from: [role],
      });
      await expect(again).resolves.toMatchObject({ role, read: { lastFour: '5454' } });
    },
  );

  it('a call while the device is away waits for the replug within its deadline', async () => {
    await bench.sims.unplug('pinpad', 400);
    await bench.waitFor('pinpad', (status) => status.state === 'reconnecting');
    await expect(
      bench.manager.requestPin({ pan: PAN, amountMinor: 100 }, { deadlineMs: 15_000 }),
    ).resolves.toHaveProperty('ksn');
  });

  it('a call while the device is away past its deadline is DISCONNECTED naming why', async () => {
    await bench.sims.unplug('pinpad', 3000);
    await bench.waitFor('pinpad', (status) => status.state === 'reconnecting');
    await expect(
      bench.manager.requestPin({ pan: PAN, amountMinor: 100 }, { deadlineMs: 200 }),
    ).rejects.toMatchObject({ code: 'DISCONNECTED', message: /^pinpad: not connected \(/ });
  });

  it('bad checksum from the ID TECH reader is CHECKSUM (swipe again): recorded, still connected, next swipe reads', async () => {
    bench.sims.fault('reader', 'bad-checksum');
    const first = bench.present('visa', 'swipe', { from: ['reader'] });
    await expect(first).rejects.toMatchObject({ code: 'CHECKSUM' });
    const status = await bench.waitFor('reader', (s) => s.lastError?.code === 'CHECKSUM');
    expect(status.state).toBe('connected');
    const second = bench.present('visa', 'swipe', { from: ['reader'] });
    await expect(second).resolves.toMatchObject({ read: { kind: 'encrypted-swipe' } });
  });

  it('bad checksum from the EMV reader is CHECKSUM and recorded', async () => {
    bench.sims.fault('emv', 'bad-checksum');
    await bench.manager.check('emv').catch(() => undefined);
    const status = await bench.waitFor('emv', (s) => s.lastError?.code === 'CHECKSUM');
    expect(status.state).toBe('connected');
    await expect(bench.manager.check('emv')).resolves.toBeUndefined();
  });

  it('bad checksum, a lost frame and line noise on the PIN pad are absorbed by the link (NAK, resend)', async () => {
    bench.sims.fault('pinpad', 'bad-checksum');
    bench.sims.fault('pinpad', 'missing-ack');
    bench.sims.fault('pinpad', 'garbage');
    await expect(
      bench.manager.requestPin({ pan: PAN, amountMinor: 100 }, { deadlineMs: 10_000 }),
    ).resolves.toHaveProperty('pin');
  });

  it('three lost frames in a row on the PIN pad are NO_ACK, recorded; the pad still connected', async () => {
    bench.sims.fault('pinpad', 'missing-ack*3');
    await expect(bench.manager.showOnPad('HELLO', { deadlineMs: 10_000 })).rejects.toMatchObject({
      code: 'NO_ACK',
    });
    const status = await bench.waitFor('pinpad', (s) => s.lastError?.code === 'NO_ACK');
    expect(status.state).toBe('connected');
    await expect(bench.manager.showOnPad('HELLO', { deadlineMs: 10_000 })).resolves.toBeUndefined();
  });

  it('line noise before a swipe and before an EMV answer is skipped', async () => {
    bench.sims.fault('reader', 'garbage');
    const swipe = bench.present('amex', 'swipe', { from: ['reader'] });
    await expect(swipe).resolves.toMatchObject({ read: { lastFour: '8431' } });
    bench.sims.fault('emv', 'garbage');
    const chip = bench.present('amex', 'insert', { amountMinor: 100, from: ['emv'] });
    await expect(chip).resolves.toMatchObject({ read: { lastFour: '8431' } });
  });

  it('a slow EMV reader and a slow ID TECH reader answer within the deadline; line noise among printer status bytes is skipped', async () => {
    bench.sims.fault('emv', 'slow:300');
    await expect(
      bench.present('visa', 'insert', { amountMinor: 100, from: ['emv'] }),
    ).resolves.toMatchObject({ read: { kind: 'emv' } });
    bench.sims.fault('reader', 'slow:300');
    await expect(bench.present('visa', 'swipe', { from: ['reader'] })).resolves.toMatchObject({
      read: { kind: 'encrypted-swipe' },
    });
    bench.sims.fault('printer', 'garbage*4');
    await expect(bench.manager.checkPrinter()).resolves.toEqual({ ready: true, paper: 'ok' });
  });

  it('a slow printer: the gate says no-answer (paper unknown) past its deadline, and ready once it answers', async () => {
    bench.sims.fault('printer', 'slow:1500');
    await expect(bench.manager.checkPrinter({ deadlineMs: 200 })).resolves.toMatchObject({
      ready: false,
      reason: 'no-answer',
    });
    const status = await bench.waitFor('printer', (s) => s.paper === 'unknown');
    expect(status.lastError).toMatchObject({ code: 'TIMEOUT' });
    await expect(bench.manager.checkPrinter({ deadlineMs: 5000 })).resolves.toEqual({
      ready: true,
      paper: 'ok',
    });
  });

  it('paper low: the gate lets the sale go on and the status shows low', async () => {
    bench.sims.setPrinter('paper-low');
    await expect(bench.manager.checkPrinter()).resolves.toEqual({ ready: true, paper: 'low' });
    expect(await bench.waitFor('printer', (s) => s.paper === 'low')).toMatchObject({
      state: 'connected',
    });
    expect(bench.manager.paper()).toBe('low');
  });

  it('paper out: the gate refuses before the sale, a print is refused before a byte of it is sent', async () => {
    bench.sims.setPrinter('paper-out');
    await expect(bench.manager.checkPrinter()).resolves.toEqual({
      ready: false,
      reason: 'paper-out',
      message: 'receipt not printed: paper out',
    });
    const printer = bench.sims.simulators.printer;
    printer.clearPaper();
    await expect(bench.manager.print(receipt())).rejects.toMatchObject({
      code: 'DEVICE_STATUS',
      stage: 'before',
    });
    expect(printer.ops.filter((op) => op.kind !== 'status')).toEqual([]);
    const status = await bench.waitFor('printer', (s) => s.paper === 'out');
    expect(status.state).toBe('connected');
    bench.sims.setPrinter('ok');
    await expect(bench.manager.checkPrinter()).resolves.toEqual({ ready: true, paper: 'ok' });
  });

  it('paper running out during a job: stage after, paper out', async () => {
    bench.sims.simulators.printer.paperBytesLeft = 10;
    await expect(bench.manager.print(receipt())).rejects.toMatchObject({
      code: 'DEVICE_STATUS',
      stage: 'after',
    });
    expect(bench.manager.paper()).toBe('out');
  });

  it.each([
    ['cover-open', 'cover_open', 'cover-open'],
    ['offline', 'offline', 'offline'],
    ['error', 'offline', 'error'],
  ] as const)(
    '%s faults the printer (paper %s) until a good status',
    async (condition, paper, reason) => {
      bench.sims.setPrinter(condition);
      await expect(bench.manager.checkPrinter()).resolves.toMatchObject({ ready: false, reason });
      expect(await bench.waitFor('printer', (s) => s.state === 'faulted')).toMatchObject({ paper });
      bench.sims.setPrinter('ok');
      await expect(bench.manager.checkPrinter()).resolves.toEqual({ ready: true, paper: 'ok' });
      await bench.waitFor('printer', (s) => s.state === 'connected' && s.paper === 'ok');
    },
  );

  it('the network printer dropping off: reconnecting, the gate says disconnected, then connected and ready', async () => {
    await bench.sims.unplug('printer', 3000);
    await bench.waitFor('printer', (s) => s.state === 'reconnecting' && s.paper === 'unknown');
    await expect(bench.manager.checkPrinter({ deadlineMs: 200 })).resolves.toMatchObject({
      ready: false,
      reason: 'disconnected',
    });
    await bench.waitFor('printer', (s) => s.state === 'connected');
    await expect(bench.manager.checkPrinter()).resolves.toEqual({ ready: true, paper: 'ok' });
  });
});

describe('DeviceManager and keys', () => {
  let bench: LaneBench;
  afterEach(async () => {
    await bench?.stop();
  });

  it.each(['pinpad', 'reader', 'emv'] as const)(
    'exhausted DUKPT keys on the %s: the last key works, the next call is KEY_EXHAUSTED and faulted',
    async (role) => {
      bench = await startLaneBench();
      bench.sims.fault(role, 'exhausted');
      const use = async (): Promise<string> => {
        if (role === 'pinpad')
          return (
            await bench.manager.requestPin({ pan: PAN, amountMinor: 100 }, { deadlineMs: 10_000 })
          ).ksn;
        const call = bench.present('visa', role === 'emv' ? 'insert' : 'swipe', {
          amountMinor: 100,
          from: [role],
        });
        const read = (await call).read;
        return read.kind === 'encrypted-swipe' ? read.e_id : read.kind;
      };
      const last = await use();
      if (role !== 'emv') expect(last).toBe('FFFF9876543210FFF800');
      await expect(use()).rejects.toMatchObject({ code: 'KEY_EXHAUSTED' });
      const status = await bench.waitFor(role, (s) => s.state === 'faulted');
      expect(status.lastError).toMatchObject({ code: 'KEY_EXHAUSTED' });
      if (role === 'pinpad') {
        await expect(bench.manager.check('pinpad')).rejects.toMatchObject({
          code: 'KEY_EXHAUSTED',
        });
      }
    },
  );

  it('a reader injected from another BDK than its key set is refused and faulted', async () => {
    bench = await startLaneBench((config) => ({
      ...config,
      reader: { kind: 'idtech', path: config.reader?.path, baudRate: 9600, keySet: 'ABCDEF0123' },
    }));
    const read = bench.present('visa', 'swipe', { from: ['reader'] });
    await expect(read).rejects.toMatchObject({ code: 'PROTOCOL', field: 'keySet' });
    const status = await bench.waitFor('reader', (s) => s.state === 'faulted');
    expect(status.lastError?.message).toBe(
      'reader: KSN is not of key set ABCDEF0123; the device holds keys of another BDK',
    );
  });
});
