// Failures the lane meets outside any workflow are written to its log and shown to the cashier,
// never dropped: a recovery pass that fails, an event listener that throws.
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeviceManager } from '../../../main/devices/index.ts';
import type { LaneEvent } from '../../../main/lane-api/index.ts';
import { EventLog } from '../../../main/lane/event-log.ts';
import { JournalStore } from '../../../main/lane/journal/journal-store.ts';
import { LaneEngine } from '../../../main/lane/lane-engine.ts';
import { LaneReceipts } from '../../../main/lane/lane-receipts.ts';
import { LaneSettingsStore } from '../../../main/lane/lane-settings.ts';
import { PaymentClient } from '../../../main/payment/index.ts';
import { useTempDirs } from '../../server/helpers/temp-dirs.ts';

const tempDir = useTempDirs('laneterm-lane-errors-');
afterEach(() => {
  vi.restoreAllMocks();
});

/** A lane with no devices whose server nothing answers (port 9 on loopback: discard, closed). */
async function quietLane() {
  const journal = new JournalStore(join(tempDir(), 'journal.db'));
  const devices = await DeviceManager.start({});
  const client = new PaymentClient({
    url: 'https://127.0.0.1:9',
    auth: { credential: { kind: 'apikey', id: 'P0000000000000001', secret: 'x'.repeat(32) } },
  });
  const engine = LaneEngine.start({
    training: true,
    laneId: '1',
    currency: 'USD',
    merchantName: 'Errors Test Store',
    configSource: 'test',
    version: 'test',
    journal,
    client,
    server: { url: 'https://127.0.0.1:9', transport: 'v2' },
    devices,
    receipts: new LaneReceipts({ name: 'Errors Test Store', lines: [] }, undefined, '1'),
    settings: new LaneSettingsStore(journal),
    verifyManager: () => Promise.resolve(false),
    sweepMs: 3_600_000,
  });
  const events: LaneEvent[] = [];
  engine.subscribe((event) => events.push(event));
  await engine.sweepNow();
  return { journal, engine, events, devices, client };
}

describe('errors outside a workflow', () => {
  it('a recovery pass that fails is logged each time and told to the cashier once, and the next pass still runs', async () => {
    const { journal, engine, events, devices, client } = await quietLane();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    journal.close();
    await engine.sweepNow();
    await engine.sweepNow();
    expect(logged.mock.calls.map(([line]) => String(line))).toEqual([
      expect.stringMatching(/^lane: a recovery pass failed: .*not open/),
      expect.stringMatching(/^lane: a recovery pass failed: .*not open/),
    ]);
    const notices = events.flatMap((event) => (event.type === 'notice' ? [event.notice] : []));
    expect(notices).toEqual([{ level: 'error', code: 'recovery_failed', params: {} }]);
    await engine.stop();
    await devices.stop();
    await client.close();
  });

  it('an event listener that throws is dropped with a log line, and the others still get every event', () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const log = new EventLog(() => ({}) as never);
    const seen: string[] = [];
    log.subscribe((event) => {
      if (event.type === 'notice') throw new Error('socket gone');
    });
    log.subscribe((event) => seen.push(event.type));
    log.emit({ type: 'notice', notice: { level: 'info', code: 'day_opened', params: {} } });
    log.emit({ type: 'notice', notice: { level: 'info', code: 'day_closed', params: {} } });
    expect(seen).toEqual(['snapshot', 'notice', 'notice']);
    expect(logged.mock.calls).toEqual([
      ['lane: an event listener failed and no longer gets events: socket gone'],
    ]);
  });
});

describe("training's network control on a lane without simulators", () => {
  it('is refused not_allowed and leaves the requests going out', async () => {
    const { engine, devices, client } = await quietLane();
    const reply = await engine.send({ type: 'training.network', down: true });
    expect(reply).toMatchObject({ ok: false, error: { code: 'not_allowed' } });
    expect(engine.snapshot().status.networkDown).toBeUndefined();
    await engine.stop();
    await devices.stop();
    await client.close();
  });
});
