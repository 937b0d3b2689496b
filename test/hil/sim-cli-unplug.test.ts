import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PinPadDriver } from '../../drivers/pinpad/pinpad-driver.ts';
import {
  DeviceSupervisor,
  type SupervisorState,
} from '../../drivers/supervisor/device-supervisor.ts';
import { SerialTransport } from '../../drivers/transport/serial-transport.ts';
import { openPtyPair, type PtyPair } from './helpers/pty-pair.ts';
import { type SimProcess, startSim } from './helpers/sim-process.ts';
import { nodeEntryArgs } from '../compiled-tree/node-entry.ts';

const request = { pan: '4000056655665556', amountMinor: 2500 };

let sim: SimProcess | undefined;
let supervisor: DeviceSupervisor | undefined;
let dir: string | undefined;
let pair: PtyPair | undefined;

afterEach(async () => {
  await supervisor?.close();
  await sim?.stop();
  await pair?.unplug();
  pair = undefined;
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  supervisor = undefined;
  sim = undefined;
  dir = undefined;
});

/** socat processes whose command line names `path` (the test's own pty link). */
function socatsFor(path: string): string[] {
  const found = spawnSync('pgrep', ['-af', `socat .*link=${path}`], { encoding: 'utf8' });
  return found.stdout.split('\n').filter((line) => line.includes('socat'));
}

function tempDir(): string {
  dir = mkdtempSync(join(tmpdir(), 'laneterm-pty-'));
  return dir;
}

describe('npm run sim -- <device> --pty PATH: the simulator owns its cable', () => {
  it('pinpad --fault unplug: the lane sees DISCONNECTED, the supervisor reopens PATH after the replug, the next PIN works; no socat is left', async () => {
    const path = join(tempDir(), 'pinpad');
    sim = startSim(['pinpad', '--pty', path, '--fault', 'unplug']);
    await sim.waitFor(/ready/);
    expect(realpathSync(path)).toMatch(/^\/dev\/pts\/[0-9]+$/);
    expect(socatsFor(path)).toHaveLength(1);

    const states: SupervisorState[] = [];
    const opened: string[] = [];
    supervisor = new DeviceSupervisor({
      name: 'pinpad',
      locate: () => {
        const transport = new SerialTransport({ path, baudRate: 9600, presenceCheckMs: 50 });
        opened.push(transport.settings.path);
        return Promise.resolve(transport);
      },
      backoff: { initialMs: 100, maxMs: 200, factor: 2, jitter: 0 },
    });
    supervisor.onState((state) => states.push(state));
    const driver = new PinPadDriver(supervisor, { ackTimeoutMs: 300 });
    await driver.open();

    await expect(driver.requestPin(request, { deadlineMs: 10_000 })).rejects.toMatchObject({
      code: 'DISCONNECTED',
    });
    await sim.waitFor(/unplugged pty:.*replug in 2000 ms/);
    expect(states).toContain('error');
    expect(supervisor.state).not.toBe('open');
    expect(existsSync(path)).toBe(false);
    expect(socatsFor(path)).toHaveLength(0);

    await sim.waitFor(/replugged pty:/);
    await supervisor.waitUntilOpen({ deadlineMs: 10_000 });
    await expect(driver.requestPin(request, { deadlineMs: 10_000 })).resolves.toMatchObject({
      ksn: 'FFFF9876543210E00002',
    });
    expect(states.filter((state) => state === 'open')).toHaveLength(2);
    expect(new Set(opened)).toEqual(new Set([path]));

    await supervisor.close();
    supervisor = undefined;
    await sim.stop();
    expect(sim.child.exitCode).toBe(0);
    expect(socatsFor(path)).toHaveLength(0);
    expect(existsSync(path)).toBe(false);
  });

  it('"unplug 300" on the console pulls the cable now and plugs it back at the same path', async () => {
    const path = join(tempDir(), 'wedge');
    sim = startSim(['wedge', '--pty', path]);
    await sim.waitFor(/ready; commands: .*unplug \[ms\]/);
    const first = realpathSync(path);
    sim.command('unplug 300');
    await sim.waitFor(/unplugged pty:/);
    expect(existsSync(path)).toBe(false);
    await sim.waitFor(/replugged pty:/);
    expect(realpathSync(path)).toMatch(/^\/dev\/pts\/[0-9]+$/);
    expect(first).toMatch(/^\/dev\/pts\/[0-9]+$/);
    sim.command('quit');
    await new Promise((resolve) => sim!.child.once('exit', resolve));
    expect(socatsFor(path)).toHaveLength(0);
    expect(existsSync(path)).toBe(false);
  });

  it('refuses a PATH that is taken by a live pty, and --port with --pty', async () => {
    const path = join(tempDir(), 'pad');
    sim = startSim(['pinpad', '--pty', path]);
    await sim.waitFor(/ready/);
    const second = spawnSync(
      process.execPath,
      [...nodeEntryArgs('drivers/tools/sim-cli.ts'), 'pinpad', '--pty', path],
      { encoding: 'utf8' },
    );
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`sim: pty: ${path} is taken (a live pty, another simulator?)`);
    expect(socatsFor(path)).toHaveLength(1);
    const both = spawnSync(
      process.execPath,
      [
        ...nodeEntryArgs('drivers/tools/sim-cli.ts'),
        'pinpad',
        '--pty',
        path,
        '--port',
        '/dev/null',
      ],
      { encoding: 'utf8' },
    );
    expect(both.status).toBe(2);
    expect(both.stderr).toContain('--port and --pty: give one of them');
  });

  it("--port: warns that unplug reaches only the simulator's side, closes that side and reopens it", async () => {
    pair = await openPtyPair();
    sim = startSim(['wedge', '--port', pair.device, '--fault', 'unplug']);
    await sim.waitFor(
      /warning: on --port, unplug only closes the simulator's side; the lane sees no hang-up \(use --pty PATH\)/,
    );
    await sim.waitFor(/ready/);
    sim.command('unplug 100');
    await sim.waitFor(
      /unplugged serial:\/dev\/pts\/[0-9]+; replug in 100 ms[\s\S]*warning: on --port/,
    );
    await sim.waitFor(/replugged serial:\/dev\/pts\/[0-9]+/);
  });
});
