// Every spelling of a bridge path an attacker can send: percent-encoded letters and slashes, case,
// doubled slashes, dot segments, matrix parameters, queries and fragments, against the command
// route and the event stream's upgrade. None runs a command or opens the stream without the token
// (docs/security.md, The web bridge).
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useBridge } from './bridge-fixture.ts';
import { openEventStream, type UpgradeResult } from './websocket-client.ts';

/** Each character of `segment` percent-encoded, in upper or lower hex. */
function encodeAll(segment: string, hexCase: 'upper' | 'lower'): string {
  return [...segment]
    .map((char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .map((code) => (hexCase === 'upper' ? code.toUpperCase() : code))
    .join('');
}

/** The spellings of `/api/<leaf>` a client can send: encoded, cased, doubled, dotted, decorated. */
function spellings(leaf: string): string[] {
  const path = `/api/${leaf}`;
  const letters = [...path].map((char, index) =>
    /[a-z]/.test(char)
      ? `${path.slice(0, index)}${encodeAll(char, 'lower')}${path.slice(index + 1)}`
      : path,
  );
  return [
    path,
    ...new Set(letters),
    `/${encodeAll('api', 'upper')}/${leaf}`,
    `/${encodeAll('api', 'lower')}/${encodeAll(leaf, 'lower')}`,
    `/api%2F${leaf}`,
    `/api%2f${leaf}`,
    `%2Fapi/${leaf}`,
    `/API/${leaf}`,
    `/Api/${leaf.toUpperCase()}`,
    `//api/${leaf}`,
    `/api//${leaf}`,
    `///api///${leaf}`,
    `/./api/${leaf}`,
    `/api/./${leaf}`,
    `/x/../api/${leaf}`,
    `/api/x/../${leaf}`,
    `/%2e/api/${leaf}`,
    `/x/%2e%2e/api/${leaf}`,
    `/api/${leaf}/`,
    `/api/${leaf};x=1`,
    `/api/${leaf}?x=1`,
    `/api/${leaf}#x`,
    `/api/${leaf}%00`,
    `/api/${leaf}%20`,
    `\\api\\${leaf}`,
    `/api\\${leaf}`,
    `/%5Capi/${leaf}`,
    `/api/${leaf}%3Fx=1`,
    `/api/${leaf}%23x`,
  ];
}

/** The status a POST of a sale to `path` got; 0 when the bridge closed without an answer. */
function rawPost(port: number, path: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', () => resolve(0));
    req.end(JSON.stringify({ type: 'sale.start', amountMinor: 1250 }));
  });
}

/** An upgrade of `path` offering the events protocol but no token; a closed connection is refused. */
function upgradeWithoutToken(port: number, path: string): Promise<UpgradeResult> {
  return openEventStream(port, path, ['laneterm.events']).catch(() => ({ refused: 0 }));
}

/** True for a status that answered the request (2xx or 3xx). */
function answered(status: number): boolean {
  return status >= 200 && status < 400;
}

describe('web bridge: every spelling of a path needs the token', () => {
  const { bridge, lane } = useBridge('laneterm-bridge-paths-');

  it('lists spellings that reach the routes themselves, so the checks below can fail', async () => {
    const command = await fetch(new URL('/%61pi/command', bridge().origin), {
      method: 'POST',
      headers: { Authorization: `Bearer ${bridge().token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ type: 'lane.snapshot' }),
    });
    expect(command.status).toBe(200);
    const stream = await openEventStream(bridge().port, '/%61pi/ev%65nts', [
      'laneterm.events',
      `laneterm.token.${bridge().token}`,
    ]);
    if (!('stream' in stream)) throw new Error(`refused ${stream.refused}`);
    stream.stream.close();
    lane.received.splice(0);
  });

  it('runs no command for any spelling of the command path without the token', async () => {
    for (const path of spellings('command')) {
      expect.soft(answered(await rawPost(bridge().port, path)), path).toBe(false);
    }
    expect(lane.received).toEqual([]);
  });

  it('opens no event stream for any spelling of the events path without the token', async () => {
    for (const path of spellings('events')) {
      const result = await upgradeWithoutToken(bridge().port, path);
      if ('stream' in result) result.stream.close();
      expect.soft(result, path).not.toHaveProperty('stream');
    }
    await expect.poll(() => lane.listeners.size).toBe(0);
  });

  it('refuses a path that matches no route unless it is one of the UI’s files', async () => {
    expect(await rawPost(bridge().port, '/nowhere')).toBe(401);
    expect((await fetch(new URL('/index.html', bridge().origin))).status).toBe(200);
    expect((await fetch(new URL('/missing.js', bridge().origin))).status).toBe(404);
  });
});
