// The web bridge over real sockets: the UI's files with their CSP, commands behind the per-start
// token and the schema, card data refused, foreign Host and Origin refused, and the event stream
// over a WebSocket that needs the token too.
import { request } from 'node:http';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ALIVE_FRAME,
  startBridge,
  type RunningBridge,
} from '../../../main/bridge/bridge-server.ts';
import { useTempDirs } from '../../server/helpers/temp-dirs.ts';
import { ScriptedLane } from './scripted-lane.ts';
import { openEventStream } from './websocket-client.ts';

const tempDir = useTempDirs('laneterm-bridge-');
const running: RunningBridge[] = [];
afterEach(async () => {
  for (const bridge of running.splice(0)) await bridge.close();
});

async function start(lane = new ScriptedLane()) {
  const staticDir = tempDir();
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>LaneTerm</title>');
  const bridge = await startBridge({ lane, staticDir });
  running.push(bridge);
  return { bridge, lane };
}

function post(bridge: RunningBridge, body: unknown, token = bridge.token) {
  return fetch(new URL('/api/command', bridge.origin), {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

function rawGet(port: number, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('web bridge', () => {
  it('listens on 127.0.0.1 and prints a URL carrying a fresh token in its fragment', async () => {
    const { bridge } = await start();
    const { bridge: other } = await start();
    expect(bridge.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/#token=[A-Za-z0-9_-]{43}$/);
    expect(other.token).not.toBe(bridge.token);
  });

  it('serves the UI with a CSP that allows only its own scripts, styles and socket', async () => {
    const { bridge } = await start();
    const response = await fetch(bridge.origin);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>LaneTerm</title>');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain(`connect-src 'self' ws://127.0.0.1:${bridge.port}`);
    expect(csp).not.toContain('unsafe');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('runs a command with the token and answers the lane reply', async () => {
    const { bridge, lane } = await start();
    const response = await post(bridge, { type: 'sale.start', amountMinor: 1250 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, data: { workflowId: 'wf-1' } });
    expect(lane.received).toEqual([{ type: 'sale.start', amountMinor: 1250 }]);
  });

  it('refuses a command without the token, or with another start’s token', async () => {
    const { bridge, lane } = await start();
    const missing = await fetch(new URL('/api/command', bridge.origin), { method: 'POST' });
    expect(missing.status).toBe(401);
    const wrong = await post(bridge, { type: 'lane.snapshot' }, 'A'.repeat(43));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toMatchObject({ ok: false, error: { code: 'BRIDGE_TOKEN' } });
    expect(lane.received).toEqual([]);
  });

  it('refuses a command outside the schema, naming the field and rule, before the lane sees it', async () => {
    const { bridge, lane } = await start();
    const response = await post(bridge, { type: 'sale.start', amountMinor: 0 });
    expect(await response.json()).toEqual({
      ok: false,
      error: {
        code: 'invalid_command',
        message: 'command: amountMinor breaks the rule number.too_small',
        field: 'amountMinor',
        rule: 'number.too_small',
      },
    });
    expect(lane.received).toEqual([]);
  });

  it('refuses a keyed card from the UI and never echoes its digits', async () => {
    const { bridge, lane } = await start();
    const response = await post(bridge, {
      type: 'workflow.manual_card',
      workflowId: 'wf-1',
      card: { account: '4111111111111111', expdate: '1230' },
    });
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({
      ok: false,
      error: { code: 'invalid_command', field: 'type' },
    });
    expect(text).not.toContain('4111');
    expect(lane.received).toEqual([]);
  });

  it('answers unavailable when the lane fails instead of dropping the request, and logs why', async () => {
    const { bridge, lane } = await start();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    lane.reply = () => {
      throw new Error('journal closed');
    };
    const response = await post(bridge, { type: 'lane.snapshot' });
    expect(await response.json()).toEqual({
      ok: false,
      error: { code: 'unavailable', message: 'lane.snapshot: the lane did not answer' },
    });
    expect(logged.mock.calls).toEqual([['lane: lane.snapshot failed: journal closed']]);
    logged.mockRestore();
  });

  it('refuses a request whose Host or Origin is not the bridge (DNS rebinding, other sites)', async () => {
    const { bridge } = await start();
    expect(await rawGet(bridge.port, { host: `127.0.0.1:${bridge.port}` })).toBe(200);
    expect(await rawGet(bridge.port, { host: `localhost:${bridge.port}` })).toBe(200);
    expect(await rawGet(bridge.port, { host: `evil.example:${bridge.port}` })).toBe(403);
    expect(
      await rawGet(bridge.port, {
        host: `127.0.0.1:${bridge.port}`,
        origin: 'http://evil.example',
      }),
    ).toBe(403);
  });

  it('streams the snapshot then every event to a socket that offers the token', async () => {
    const { bridge, lane } = await start();
    const result = await openEventStream(bridge.port, '/api/events', [
      'laneterm.events',
      `laneterm.token.${bridge.token}`,
    ]);
    if (!('stream' in result)) throw new Error(`refused ${result.refused}`);
    const { stream } = result;
    const events = () => stream.messages.filter((text) => text !== ALIVE_FRAME);
    expect(stream.protocol).toBe('laneterm.events');
    await expect.poll(() => events().length).toBe(1);
    lane.notify('server_lost');
    await expect.poll(() => events().length).toBe(2);
    const types = events().map((text) => (JSON.parse(text) as { type: string }).type);
    expect(types).toEqual(['snapshot', 'notice']);
    stream.close();
    await expect.poll(() => lane.listeners.size).toBe(0);
  });

  it('says it is alive between events, so a page hears a silent lane', async () => {
    const { bridge } = await start();
    const result = await openEventStream(bridge.port, '/api/events', [
      'laneterm.events',
      `laneterm.token.${bridge.token}`,
    ]);
    if (!('stream' in result)) throw new Error(`refused ${result.refused}`);
    const { stream } = result;
    await expect
      .poll(() => stream.messages.filter((text) => text === ALIVE_FRAME).length)
      .toBeGreaterThanOrEqual(2);
    expect(JSON.parse(stream.messages[0] ?? '{}')).toMatchObject({ type: 'snapshot' });
    stream.close();
  });

  it('refuses a socket without the token', async () => {
    const { bridge, lane } = await start();
    const result = await openEventStream(bridge.port, '/api/events', [
      'laneterm.events',
      'laneterm.token.x',
    ]);
    expect(result).toEqual({ refused: 401 });
    expect(lane.listeners.size).toBe(0);
  });
});
