import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, call, type HttpTarget } from '../helpers/http-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let service: TestServer;
let target: HttpTarget;
const auth = { authorization: basic('test_retail|public', 'publ1ct3st') };

beforeAll(async () => {
  service = await startTestServer({
    limits: { maxBodyBytes: 2048, idleTimeoutMs: 1000, maxConnections: 3 },
  });
  const plain = service.server.plainAddress;
  if (plain === undefined) throw new Error('no plain port');
  target = plain;
});
afterAll(() => service.stop());

const purchase = (version: string, body: string | Record<string, unknown>, headers = {}) =>
  call(target, {
    method: 'POST',
    path: `/api/${version}/transaction/purchase`,
    headers: { ...auth, ...headers },
    body,
  });

describe('REST bodies', () => {
  it('answers a body over the cap 413 DATA_TOOLARGE, and keeps serving', async () => {
    const answer = await purchase('v2', { amount: '1.00', comments: 'x'.repeat(4000) });
    expect(answer.status).toBe(413);
    expect(answer.json()).toMatchObject({ code: 'DENY', msoft_code: 'DATA_TOOLARGE' });
    const after = await purchase('v2', {
      account: '4111111111111111',
      expdate: '1230',
      amount: '1.00',
    });
    expect(after.json()).toMatchObject({ code: 'AUTH' });
  });

  it('answers malformed JSON 400 and an unknown content type 415', async () => {
    const bad = await purchase('v2', '{"amount": ', { 'content-type': 'application/json' });
    expect(bad.status).toBe(400);
    expect(bad.json()).toMatchObject({
      msoft_code: 'DATA_INVALIDFIELD',
      verbiage: 'body: not valid JSON',
    });
    const xml = await purchase('v2', '<Trans/>', { 'content-type': 'text/xml' });
    expect(xml.status).toBe(415);
  });

  it('refuses a non-string value naming the field, never echoing the value (v2 400, v1 200)', async () => {
    const v2 = await purchase('v2', { account: 4111111111111111, amount: '1.00' });
    expect(v2.status).toBe(400);
    expect(v2.json()).toMatchObject({ code: 'DENY', msoft_code: 'DATA_INVALIDFIELD' });
    expect(String(v2.json().verbiage)).toMatch(/^account/);
    expect(v2.text).not.toContain('4111111111111111');
    const v1 = await purchase('v1', { account: 4111111111111111, amount: '1.00' });
    expect(v1.status).toBe(200);
    expect(v1.json()).toMatchObject({ code: 'DENY', msoft_code: 'DATA_INVALIDFIELD' });
  });

  it('takes form bodies on v1 only', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const v2 = await purchase('v2', 'account=4111111111111111&expdate=1230&amount=1.00', form);
    expect(v2.status).toBe(400);
    expect(v2.json().verbiage).toMatch(/JSON/);
  });

  it('refuses a key given twice with different values (query and body)', async () => {
    const answer = await call(target, {
      method: 'POST',
      path: '/api/v2/transaction/purchase?amount=2.00',
      headers: auth,
      body: { account: '4111111111111111', expdate: '1230', amount: '1.00' },
    });
    expect(answer.status).toBe(400);
    expect(answer.json().verbiage).toMatch(/^amount/);
  });

  it('answers bad input after authentication: an unauthenticated bad body gets 401', async () => {
    const answer = await call(target, {
      method: 'POST',
      path: '/api/v2/transaction/purchase',
      body: { amount: 5 },
    });
    expect(answer.status).toBe(401);
  });
});

/** Everything the service writes on one raw connection until it closes it. */
function rawExchange(bytes: string): Promise<string> {
  return new Promise((resolve) => {
    const received: string[] = [];
    const socket = connect(target.port, target.host, () => socket.write(bytes));
    socket.on('data', (chunk: Buffer) => received.push(chunk.toString('latin1')));
    socket.on('close', () => resolve(received.join('')));
    socket.on('error', () => undefined);
  });
}

describe('unreadable HTTP', () => {
  it('answers 400 DATA_INVALIDFIELD as key/value JSON with Connection: close, then closes', async () => {
    const answer = await rawExchange('DELETE /api/v2/transaction/7 HTTP/1.1\r\nHost x\r\n\r\n');
    const [head = '', body = ''] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head).toMatch(/\r\nConnection: close(\r\n|$)/i);
    expect(JSON.parse(body)).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_INVALIDFIELD',
      verbiage: 'request: not readable HTTP',
    });
  });

  it('answers headers past the cap 431 DATA_TOOLARGE', async () => {
    const answer = await rawExchange(
      `GET /api/v2/openapi.json HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/"msoft_code":"DATA_TOOLARGE"/);
  });
});

describe('connections', () => {
  it('closes a silent connection, and a keep-alive connection once it is idle', async () => {
    const silent = await new Promise<boolean>((resolve) => {
      const socket = connect(target.port, target.host);
      socket.on('close', () => resolve(true));
      socket.on('error', () => undefined);
    });
    expect(silent).toBe(true);
    const received: string[] = [];
    await new Promise<void>((resolve) => {
      const socket = connect(target.port, target.host, () =>
        socket.write('GET /api/v1/openapi.json HTTP/1.1\r\nHost: x\r\n\r\n'),
      );
      socket.on('data', (chunk: Buffer) => received.push(chunk.toString('latin1')));
      socket.on('close', () => resolve());
      socket.on('error', () => undefined);
    });
    expect(received.join('')).toMatch(/^HTTP\/1\.1 200 OK/);
  });

  it('holds a connection past the cap unread, and serves it once a slot frees', async () => {
    const open = await Promise.all(
      [0, 1, 2].map(
        () =>
          new Promise<Socket>((resolve) => {
            const socket = connect(target.port, target.host, () => resolve(socket));
          }),
      ),
    );
    const waited = service.logs.filter((line) => line.includes('waiting for a slot')).length;
    const received: string[] = [];
    let slotFreed = false;
    const answered = new Promise<boolean>((resolve) => {
      const socket = connect(target.port, target.host);
      socket.on('data', (chunk: Buffer) => {
        received.push(chunk.toString('latin1'));
        resolve(slotFreed);
      });
      socket.on('close', () => resolve(false));
      socket.on('error', () => undefined);
      socket.write('GET /api/v2/openapi.json HTTP/1.1\r\nHost: x\r\n\r\n');
    });
    while (service.logs.filter((line) => line.includes('waiting for a slot')).length === waited)
      await new Promise((resolve) => setTimeout(resolve, 10));
    slotFreed = true;
    open[0]?.destroy();
    expect(await answered).toBe(true);
    expect(received.join('')).toMatch(/^HTTP\/1\.1 200 OK/);
    for (const socket of open) socket.destroy();
  });

  it('answers 400 requests pipelined in one write: it parses them only as fast as it serves them', async () => {
    const requests = Array.from(
      { length: 400 },
      (_, i) => `GET /api/v2/nowhere-${i} HTTP/1.1\r\nHost: x\r\n\r\n`,
    );
    const answer = await rawExchange(requests.join(''));
    const answered = [...answer.matchAll(/HTTP\/1\.1 404 /g)].length;
    expect(answered).toBe(400);
    expect(service.logs.some((line) => line.includes('pipelined past the limit'))).toBe(false);
  });

  it('closes a connection at once when as many wait as are served, and logs why', async () => {
    const opened = await Promise.all(
      Array.from(
        { length: 7 },
        () =>
          new Promise<Socket>((resolve) => {
            const socket = connect(target.port, target.host, () => resolve(socket));
            socket.on('error', () => undefined);
          }),
      ),
    );
    const refusal = '"reason":"connections waiting for a slot"';
    while (!service.logs.some((line) => line.includes(refusal)))
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(service.logs.find((line) => line.includes(refusal))).toContain('"source":"127.0.0.1"');
    for (const socket of opened) socket.destroy();
  });
});
