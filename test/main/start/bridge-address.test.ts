// The browser path's address kept per lane folder (docs/app.md, Web bridge): the same port and
// token after a restart, in a 0600 file; --new-token replaces the token; a port taken meanwhile
// gives way to a free one.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningBridge } from '../../../main/bridge/bridge-server.ts';
import { BRIDGE_FILE, startKeptBridge } from '../../../main/start/bridge-address.ts';
import { useTempDirs } from '../../server/helpers/temp-dirs.ts';
import { ScriptedLane } from '../bridge/scripted-lane.ts';

const tempDir = useTempDirs('laneterm-bridge-address-');
const running: RunningBridge[] = [];
afterEach(async () => {
  for (const bridge of running.splice(0)) await bridge.close();
});

async function start(laneDir: string, newToken = false): Promise<RunningBridge> {
  const bridge = await startKeptBridge(laneDir, { lane: new ScriptedLane() }, newToken);
  running.push(bridge);
  return bridge;
}

const kept = (laneDir: string) =>
  JSON.parse(readFileSync(join(laneDir, BRIDGE_FILE), 'utf8')) as { port: number; token: string };

describe('the bridge address kept per lane folder', () => {
  it('starts again on the same port with the same token, kept in a 0600 file', async () => {
    const laneDir = tempDir();
    const first = await start(laneDir);
    expect(kept(laneDir)).toEqual({ port: first.port, token: first.token });
    expect(statSync(join(laneDir, BRIDGE_FILE)).mode & 0o777).toBe(0o600);
    await running.pop()?.close();
    const second = await start(laneDir);
    expect(second.url).toBe(first.url);
    const answer = await fetch(new URL('/api/command', second.origin), {
      method: 'POST',
      headers: { Authorization: `Bearer ${first.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'lane.snapshot' }),
    });
    expect(answer.status).toBe(200);
  });

  it('replaces the token when asked (--new-token), keeping the port', async () => {
    const laneDir = tempDir();
    const first = await start(laneDir);
    await running.pop()?.close();
    const second = await start(laneDir, true);
    expect(second.port).toBe(first.port);
    expect(second.token).not.toBe(first.token);
    expect(kept(laneDir).token).toBe(second.token);
  });

  it('takes a free port when another program holds the kept one, and keeps that', async () => {
    const laneDir = tempDir();
    const first = await start(laneDir);
    await running.pop()?.close();
    const squatter = createServer();
    await new Promise<void>((done) => squatter.listen(first.port, '127.0.0.1', done));
    try {
      const second = await start(laneDir);
      expect(second.port).not.toBe(first.port);
      expect(second.token).toBe(first.token);
      expect(kept(laneDir).port).toBe(second.port);
    } finally {
      await new Promise((done) => squatter.close(done));
    }
  });

  it('starts afresh from a kept file it cannot read', async () => {
    const laneDir = tempDir();
    writeFileSync(join(laneDir, BRIDGE_FILE), '{"port": "x", "token": "short"}');
    const bridge = await start(laneDir);
    expect(bridge.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(kept(laneDir)).toEqual({ port: bridge.port, token: bridge.token });
  });
});
