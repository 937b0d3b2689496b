// A device lost and back is told to the cashier as a notice naming the device (docs/lane.md ›
// Notices): the rule on status sequences, then the training lane with its reader's cable pulled
// through the lane API's training.unplug (socat ptys, the service as its own process).
import { describe, expect, it } from 'vitest';
import type { DeviceStatus } from '../../../main/devices/index.ts';
import type { Notice } from '../../../main/lane-api/index.ts';
import { DeviceNotices } from '../../../main/lane/device-notices.ts';
import { benchPerTestOnOneService } from './helpers/lane-bench.ts';

const status = (role: DeviceStatus['role'], state: DeviceStatus['state']): DeviceStatus => ({
  role,
  kind: role === 'reader' ? 'idtech' : 'pinpad',
  link: `serial:/dev/${role}`,
  state,
  since: 1,
});

describe('device notices', () => {
  it('tells a device lost once while it reconnects and back once it is connected; a first connect and a fault say nothing', () => {
    const told: Notice[] = [];
    const notices = new DeviceNotices(
      [status('reader', 'connected'), status('pinpad', 'connecting')],
      (notice) => told.push(notice),
    );
    notices.seen(status('pinpad', 'reconnecting'));
    notices.seen(status('pinpad', 'connected'));
    notices.seen(status('reader', 'faulted'));
    notices.seen(status('reader', 'connected'));
    expect(told).toEqual([]);
    notices.seen(status('reader', 'reconnecting'));
    notices.seen(status('reader', 'reconnecting'));
    notices.seen(status('reader', 'faulted'));
    notices.seen(status('reader', 'connected'));
    notices.seen(status('reader', 'connected'));
    expect(told).toEqual([
      { level: 'warning', code: 'device_lost', params: { device: 'reader' } },
      { level: 'info', code: 'device_back', params: { device: 'reader' } },
    ]);
  });
});

describe('device notices on the training lane', () => {
  const startBench = benchPerTestOnOneService();

  it("training's unplug control: the reader is told lost, the status bar says reconnecting, then it is told back and connected", async () => {
    const { driver } = await startBench();
    await driver.send({ type: 'training.unplug', device: 'reader', ms: 800 });
    expect(await driver.notice('device_lost')).toEqual({
      level: 'warning',
      code: 'device_lost',
      params: { device: 'reader' },
    });
    const readerStates = () =>
      driver.events.flatMap((e) =>
        e.type === 'status'
          ? e.status.devices.filter((d) => d.kind === 'reader').map((d) => d.state)
          : [],
      );
    expect(readerStates().at(-1)).toBe('reconnecting');
    expect((await driver.notice('device_back')).params).toEqual({ device: 'reader' });
    expect(readerStates().at(-1)).toBe('connected');
  });
});
