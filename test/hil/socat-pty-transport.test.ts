import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SocatPtyTransport } from '../../drivers/sim/socat-pty-transport.ts';
import { SerialTransport } from '../../drivers/transport/serial-transport.ts';
import type { BaseTransport } from '../../drivers/transport/transport.ts';

const closers: (() => Promise<unknown>)[] = [];
let dir = '';

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  rmSync(dir, { recursive: true, force: true });
});

function pty(name: string): SocatPtyTransport {
  dir = mkdtempSync(join(tmpdir(), 'laneterm-socat-'));
  const transport = new SocatPtyTransport({ lanePath: join(dir, name) });
  closers.push(() => transport.close());
  return transport;
}

async function lane(path: string): Promise<SerialTransport> {
  const transport = new SerialTransport({ path, presenceCheckMs: 50 });
  await transport.open();
  closers.push(() => transport.close());
  return transport;
}

const nextData = (transport: BaseTransport): Promise<string> =>
  new Promise<string>((resolve) => transport.once('data', (chunk) => resolve(chunk.toString())));

const socatsFor = (path: string): number =>
  spawnSync('pgrep', ['-f', `socat .*link=${path}`], { encoding: 'utf8' })
    .stdout.trim()
    .split('\n')
    .filter((line) => line !== '').length;

describe('SocatPtyTransport over real ptys (socat)', () => {
  it('links the lane end at PATH and carries bytes both ways', async () => {
    const device = pty('pad');
    await device.open();
    expect(realpathSync(device.lanePath)).toMatch(/^\/dev\/pts\/[0-9]+$/);
    expect(device.devicePath).toMatch(/^\/dev\/pts\/[0-9]+$/);
    expect(device.devicePath).not.toBe(realpathSync(device.lanePath));
    const host = await lane(device.lanePath);
    const atDevice = nextData(device);
    await host.write(Buffer.from('ping'));
    expect(await atDevice).toBe('ping');
    const atHost = nextData(host);
    await device.write(Buffer.from('pong'));
    expect(await atHost).toBe('pong');
  });

  it('close() kills socat: the lane sees a disconnect and PATH goes; open() makes a new pair at PATH', async () => {
    const device = pty('pad');
    await device.open();
    const host = await lane(device.lanePath);
    const lost = new Promise((resolve) => host.once('disconnect', resolve));
    await device.close();
    await expect(lost).resolves.toBeInstanceOf(Error);
    expect(host.isOpen).toBe(false);
    expect(existsSync(device.lanePath)).toBe(false);
    expect(socatsFor(device.lanePath)).toBe(0);
    await device.open();
    const again = await lane(device.lanePath);
    const atDevice = nextData(device);
    await again.write(Buffer.from('back'));
    expect(await atDevice).toBe('back');
    expect(socatsFor(device.lanePath)).toBe(1);
  });

  it('reports a disconnect when socat dies under it, and removes the link socat left', async () => {
    const device = pty('pad');
    await device.open();
    const lost = new Promise((resolve) => device.once('disconnect', resolve));
    spawnSync('pkill', ['-KILL', '-f', `socat .*link=${device.lanePath}`]);
    await expect(lost).resolves.toMatchObject({ code: 'DISCONNECTED' });
    expect(device.isOpen).toBe(false);
    expect(existsSync(device.lanePath)).toBe(false);
  });

  it('refuses a PATH that is a file or a live pty, and a path socat would misread', async () => {
    const device = pty('pad');
    writeFileSync(device.lanePath, 'not a tty');
    await expect(device.open()).rejects.toMatchObject({
      code: 'BAD_INPUT',
      field: 'pty',
      message: `pty: ${device.lanePath} is taken (not a link)`,
    });
    rmSync(device.lanePath);
    await device.open();
    const twin = new SocatPtyTransport({ lanePath: device.lanePath });
    await expect(twin.open()).rejects.toMatchObject({
      message: `pty: ${device.lanePath} is taken (a live pty, another simulator?)`,
    });
    expect(() => new SocatPtyTransport({ lanePath: '/tmp/a,b' })).toThrow(
      expect.objectContaining({ code: 'BAD_INPUT', field: 'pty' }),
    );
  });

  it("fails with NOT_FOUND naming socat's complaint when the folder does not exist", async () => {
    const device = new SocatPtyTransport({ lanePath: '/nonexistent-laneterm/pad' });
    await expect(device.open()).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringMatching(/^pty: socat exited: .+/),
    });
    expect(socatsFor('/nonexistent-laneterm/pad')).toBe(0);
  });
});
