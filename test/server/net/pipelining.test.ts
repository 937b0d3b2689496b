import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFrame, encodePairs } from '../../../protocol/index.ts';
import { ServerProcess } from '../durability/helpers/server-process.ts';
import { KvTestClient } from '../helpers/kv-client.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';

const tempDir = useTempDirs();
let server: ServerProcess;

beforeAll(async () => {
  server = await ServerProcess.start(tempDir());
});
afterAll(() => server.stop());

const SALE = { account: '4111111111111111', expdate: '1230', zip: '32606' };
/** Distinct amounts 1.00 to 2.99, clear of every trigger amount (docs/test-cards.md). */
const amount = (n: number) => `${1 + Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;

/** Splits HTTP/1.1 responses with Content-Length bodies; returns status and body of each whole one. */
function responses(bytes: string): { status: number; body: string }[] {
  const found: { status: number; body: string }[] = [];
  let at = 0;
  for (;;) {
    const end = bytes.indexOf('\r\n\r\n', at);
    if (end < 0) return found;
    const head = bytes.slice(at, end);
    const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
    if (bytes.length < end + 4 + length) return found;
    found.push({ status: Number(head.slice(9, 12)), body: bytes.slice(end + 4, end + 4 + length) });
    at = end + 4 + length;
  }
}

describe('pipelining past the in-flight limit (32 by default)', () => {
  it('answers 100 key/value sales sent at once on one connection, none refused', async () => {
    const kv = await KvTestClient.connect({ host: '127.0.0.1', port: server.plainPort });
    const key = { auth_apikey_id: server.apiKey.id, auth_apikey_secret: server.apiKey.secret };
    const ids = Array.from({ length: 100 }, (_, n) => String(n + 1));
    const frames = ids.map((id, n) =>
      encodeFrame(id, encodePairs({ action_trans: 'sale', ...key, ...SALE, amount: amount(n) })),
    );
    kv.sendRaw(Buffer.concat(frames));
    const answers = await Promise.all(ids.map((id) => kv.pairs(id)));
    expect(answers.filter((pairs) => pairs.code === 'AUTH')).toHaveLength(100);
    expect(answers.filter((pairs) => pairs.msoft_code === 'SYS_UNAVAILABLE')).toEqual([]);
    expect(new Set(kv.order).size).toBe(100);
    kv.close();
  });

  it('answers 100 REST sales pipelined on one connection, in order', async () => {
    const requests = Array.from({ length: 100 }, (_, n) => {
      const body = JSON.stringify({ ...SALE, amount: amount(n), order_id: `pipe-${n}` });
      return (
        'POST /api/v2/transaction/purchase HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
        `X-API-KEY-ID: ${server.apiKey.id}\r\nX-API-KEY: ${server.apiKey.secret}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`
      );
    });
    const received = await new Promise<string>((resolve, reject) => {
      let text = '';
      const socket = connect(server.plainPort, '127.0.0.1', () => socket.write(requests.join('')));
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        if (responses(text).length === 100) {
          socket.destroy();
          resolve(text);
        }
      });
      socket.on('error', reject);
      socket.on('close', () => resolve(text));
    });
    const answers = responses(received);
    expect(answers).toHaveLength(100);
    answers.forEach((answer, n) => {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'AUTH', order_id: `pipe-${n}` });
    });
  });
});
