// Requests a browser never sends but a client on a rebound name, or behind a proxy, can: two Host
// lines, an absolute-form target naming another host, a path that is not UTF-8. Each is refused
// before any route runs, without echoing what was sent (docs/app.md, Web bridge).
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useBridge } from './bridge-fixture.ts';

/** Status and body of what the bridge answers `head` (request line and headers, no CRLFCRLF). */
function exchange(
  port: number,
  head: string,
  body = '',
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: '127.0.0.1', port }, () => {
      const length = body === '' ? '' : `Content-Length: ${Buffer.byteLength(body)}\r\n`;
      socket.end(`${head}\r\n${length}Connection: close\r\n\r\n${body}`);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
  });
}

describe('web bridge: Host games and unreadable paths', () => {
  const { bridge } = useBridge('laneterm-bridge-origin-');
  const command = JSON.stringify({ type: 'lane.snapshot' });
  const own = () => `127.0.0.1:${bridge().port}`;
  const post = (target: string, headers: string) =>
    exchange(
      bridge().port,
      `POST ${target} HTTP/1.1\r\n${headers}Authorization: Bearer ${bridge().token}\r\n` +
        'Content-Type: application/json',
      command,
    );

  it('runs the command with its own Host and the token, so the refusals below can fail', async () => {
    expect((await post('/api/command', `Host: ${own()}\r\n`)).status).toBe(200);
    expect((await post(`http://${own()}/api/command`, `Host: ${own()}\r\n`)).status).toBe(200);
  });

  it('refuses a second Host line naming another host', async () => {
    const answer = await post('/api/command', `Host: ${own()}\r\nHost: evil.example\r\n`);
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('BRIDGE_ORIGIN');
  });

  it('refuses an absolute-form target naming another host, whatever Host says', async () => {
    const answer = await post('http://evil.example/api/command', `Host: ${own()}\r\n`);
    expect(answer.status).toBe(403);
    expect(answer.text).toContain('BRIDGE_ORIGIN');
  });

  it('checks Host and the token before saying a path is unreadable, and never repeats it', async () => {
    const path = '/api/command%c0%af4111111111111111';
    const foreign = await exchange(bridge().port, `GET ${path} HTTP/1.1\r\nHost: evil.example`);
    expect(foreign.status).toBe(403);
    const tokenless = await exchange(bridge().port, `GET ${path} HTTP/1.1\r\nHost: ${own()}`);
    expect(tokenless.status).toBe(401);
    const unreadable = await post(path, `Host: ${own()}\r\n`);
    expect(unreadable.status).toBe(400);
    expect(unreadable.text).toContain('BRIDGE_PATH');
    for (const answer of [foreign, tokenless, unreadable]) {
      expect(answer.text).not.toContain('4111');
    }
  });
});
