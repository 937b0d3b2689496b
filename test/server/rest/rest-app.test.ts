import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { call } from '../helpers/http-client.ts';
import { useTestServer } from '../helpers/test-server.ts';

const { service, plain } = useTestServer();

const PAN = '4111111111111111';

describe('paths the router cannot read', () => {
  it.each([
    ['an overlong UTF-8 slash', `/api/v2/transaction/${PAN}%c0%af`],
    ['a lone continuation byte', `/api/v1/transaction/order/${PAN}%80/payment`],
    ['a truncated escape', `/api/v2/report/failed%e2%82?x=${PAN}`],
  ])('answers %s 400 as key/value JSON, without the path', async (_name, path) => {
    const answer = await call(plain(), { method: 'GET', path });
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(answer.json()).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_INVALIDFIELD',
      verbiage: 'path: not valid percent-encoded UTF-8',
    });
    expect(answer.text).not.toContain('4111');
  });

  it('answers a path parameter past 100 characters 414 as key/value JSON, without it', async () => {
    const answer = await call(plain(), {
      method: 'DELETE',
      path: `/api/v2/transaction/${PAN}${'0'.repeat(100)}`,
    });
    expect(answer.status).toBe(414);
    expect(answer.json()).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_TOOLARGE',
      verbiage: 'path: a path parameter is longer than 100 characters',
    });
    expect(answer.text).not.toContain('4111');
  });

  it('logs each as a refusal, never with the path', async () => {
    await call(plain(), { method: 'GET', path: `/api/v2/transaction/${PAN}%c0%af` });
    const lines = service().logs.filter((line) => line.includes('path: not valid percent-encoded'));
    expect(lines.length).toBeGreaterThan(0);
    expect(service().logs.join('\n')).not.toContain(PAN);
  });
});

describe('JSON bodies', () => {
  it('refuses a name sent twice in one object, running nothing, instead of taking the last', async () => {
    const { id, secret } = service().apiKey;
    const answer = await call(plain(), {
      method: 'POST',
      path: '/api/v2/transaction/purchase',
      headers: { 'x-api-key-id': id, 'x-api-key': secret, 'content-type': 'application/json' },
      body: `{"account":"${PAN}","expdate":"1230","amount":"12.00","amount":"99.00"}`,
    });
    expect(answer.status).toBe(400);
    expect(answer.json()).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_INVALIDFIELD',
      verbiage: 'amount: sent twice in one JSON object',
    });
  });
});

/** What the service answers `head` on a fresh plain connection, up to its close. */
function rawExchange(head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(plain(), () => socket.write(`${head}\r\n\r\n`));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

describe('CONNECT', () => {
  it('is answered 404 as key/value JSON and closed, instead of closed without a word', async () => {
    const text = await rawExchange('CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22');
    expect(text).toMatch(/^HTTP\/1\.1 404 Not Found\r\n/);
    expect(text).toContain('Connection: close');
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_BADTRANS',
      verbiage: 'path: no operation at this method and path; see /api/v2/openapi.json',
    });
  });
});
