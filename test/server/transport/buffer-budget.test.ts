import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floodUntilStalled } from '../helpers/flood.ts';
import { call, type HttpTarget } from '../helpers/http-client.ts';
import { KvTestClient } from '../helpers/kv-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let service: TestServer;
let target: HttpTarget;

beforeAll(async () => {
  service = await startTestServer({
    limits: { maxBufferedBytes: 64 * 1024, maxUnsentBytes: 512 * 1024 },
  });
  const plain = service.server.plainAddress;
  if (plain === undefined) throw new Error('no plain port');
  target = plain;
});
afterAll(() => service.stop());

const SALE = { account: '4111111111111111', expdate: '1230', amount: '3.00', zip: '32606' };

async function kvSale(): Promise<Record<string, string>> {
  const kv = await KvTestClient.connect(target);
  const key = { auth_apikey_id: service.apiKey.id, auth_apikey_secret: service.apiKey.secret };
  kv.send('1', { action_trans: 'sale', ...key, ...SALE });
  kv.sendRaw('\x022\x1cPING\x03');
  const answer = await kv.pairs('1');
  expect(await kv.pairs('2')).toEqual({ code: 'SUCCESS', verbiage: 'PONG' });
  kv.close();
  return answer;
}

function restSale() {
  return call(target, {
    method: 'POST',
    path: '/api/v2/transaction/purchase',
    headers: { 'x-api-key-id': service.apiKey.id, 'x-api-key': service.apiKey.secret },
    body: SALE,
  });
}

describe('the buffer budget', () => {
  it('answers new work busy while the buffers hold more than the budget, and serves again after', async () => {
    const flooder = await new Promise<ReturnType<typeof connect>>((resolve) => {
      const socket = connect(target.port, target.host, () => resolve(socket));
    });
    const pings = Buffer.from('\x021\x1cPING\x03'.repeat(8192), 'latin1');
    const flood = await floodUntilStalled(flooder, pings, {
      maxBytes: 256 * 1024 * 1024,
      stallMs: 2000,
      stop: () => false,
    });
    expect(flood.end).toBe('stalled');

    expect(await kvSale()).toEqual({
      code: 'DENY',
      msoft_code: 'SYS_UNAVAILABLE',
      verbiage: 'Service busy: request not run; send it again shortly',
    });
    const busy = await restSale();
    expect(busy.status).toBe(503);
    expect(busy.json()).toMatchObject({ code: 'DENY', msoft_code: 'SYS_UNAVAILABLE' });

    flooder.destroy();
    let answer = await kvSale();
    for (let attempt = 0; attempt < 50 && answer.code !== 'AUTH'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await kvSale();
    }
    expect(answer).toMatchObject({ code: 'AUTH' });
    expect((await restSale()).json()).toMatchObject({ code: 'AUTH' });
  });

  it('counts REST requests at what node:http holds for them, headers included', async () => {
    const body = JSON.stringify({ ...SALE, amount: '8.03' });
    const sale =
      `POST /api/v2/transaction/purchase HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
      `X-API-KEY-ID: ${service.apiKey.id}\r\nX-API-KEY: ${service.apiKey.secret}\r\n` +
      `${'a:b\r\n'.repeat(90)}Content-Length: ${body.length}\r\n\r\n${body}`;
    // 12 sales the processor holds 3 s, 8 KiB each as parsed: 96 KiB, past the 64 KiB budget;
    // their bodies alone are 1 KiB.
    const slow = connect(target.port, target.host, () => slow.write(sale.repeat(12)));
    const received: Buffer[] = [];
    slow.on('data', (chunk: Buffer) => received.push(chunk));
    let answer = await kvSale();
    for (let attempt = 0; attempt < 20 && answer.code === 'AUTH'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await kvSale();
    }
    expect(answer).toMatchObject({ code: 'DENY', msoft_code: 'SYS_UNAVAILABLE' });
    const answers = () => Buffer.concat(received).toString('latin1').split('HTTP/1.1 ').slice(1);
    while (answers().length < 12) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answers().filter((text) => text.includes('"code":"AUTH"')).length).toBeGreaterThan(0);
    expect(await kvSale()).toMatchObject({ code: 'AUTH' });
    slow.destroy();
  });

  it('counts the REST answers a client leaves unread', async () => {
    const reader = await new Promise<ReturnType<typeof connect>>((resolve) => {
      const socket = connect(target.port, target.host, () => resolve(socket));
    });
    reader.pause();
    // 24 requests take about 52 KiB parsed, under the budget: only their unsent answers spend it.
    reader.write('GET /api/v1/openapi.json HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(24));
    let answer = await kvSale();
    for (let attempt = 0; attempt < 100 && answer.code === 'AUTH'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await kvSale();
    }
    expect(answer).toMatchObject({ code: 'DENY', msoft_code: 'SYS_UNAVAILABLE' });
    reader.destroy();
    for (let attempt = 0; attempt < 50 && answer.code !== 'AUTH'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await kvSale();
    }
    expect(answer).toMatchObject({ code: 'AUTH' });
  });
});
