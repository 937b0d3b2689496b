import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFrame } from '../../../protocol/index.ts';
import type { HttpTarget } from '../helpers/http-client.ts';
import { KvTestClient } from '../helpers/kv-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let service: TestServer;
let target: HttpTarget;

beforeAll(async () => {
  service = await startTestServer({
    limits: { maxFrameBytes: 4096, maxInFlight: 2, idleTimeoutMs: 1500 },
  });
  target = { ...service.server.tlsAddress, pin: service.server.fingerprint256 };
});
afterAll(() => service.stop());

const DEMO = { username: 'test_retail:public', password: 'publ1ct3st' };
const sale = (amount: string) => ({
  action: 'sale',
  ...DEMO,
  account: '4111111111111111',
  expdate: '1230',
  amount,
  zip: '32606',
});

describe('key/value requests', () => {
  it('answers PING at once under its identifier', async () => {
    const kv = await KvTestClient.connect(target);
    kv.sendRaw('\x021\x1cPING\x03');
    kv.send('2', { action: 'ping' });
    expect(await kv.pairs('1')).toEqual({ code: 'SUCCESS', verbiage: 'PONG' });
    expect(await kv.pairs('2')).toEqual({ code: 'SUCCESS', verbiage: 'PONG' });
    kv.close();
  });

  it('runs a v1 sale with mixed-case keys, and masks the account in the answer', async () => {
    const kv = await KvTestClient.connect(target);
    kv.send('5', [
      ['Action', 'sale'],
      ['UserName', 'test_retail:public'],
      ['Password', 'publ1ct3st'],
      ['account', '4111111111111111'],
      ['expdate', '1230'],
      ['amount', '1.00'],
    ]);
    const pairs = await kv.pairs('5');
    expect(pairs).toMatchObject({ code: 'AUTH', msoft_code: 'INT_SUCCESS' });
    expect(JSON.stringify(pairs)).not.toContain('4111111111111111');
    kv.close();
  });

  it('takes API keys with action_trans (v2) and ignores them with action (v1)', async () => {
    const kv = await KvTestClient.connect(target);
    const key = { auth_apikey_id: service.apiKey.id, auth_apikey_secret: service.apiKey.secret };
    kv.send('1', { action_trans: 'admin', admin: 'GFT', ...key });
    kv.send('2', { action: 'admin', admin: 'GFT', ...key });
    expect((await kv.answer('1')).kind).toBe('csv');
    expect(await kv.pairs('2')).toMatchObject({ code: 'DENY', msoft_code: 'ACCT_AUTHFAIL' });
    kv.close();
  });

  it('answers reports as CSV with a header row', async () => {
    const kv = await KvTestClient.connect(target);
    kv.send('3', { action: 'admin', admin: 'GUT', ...DEMO });
    const body = await kv.answer('3');
    expect(body.kind).toBe('csv');
    if (body.kind === 'csv') expect(body.header.length).toBeGreaterThan(0);
    kv.close();
  });

  it('refuses an unknown action and an unreadable body by rule, keeping the connection', async () => {
    const kv = await KvTestClient.connect(target);
    kv.send('1', { action: 'steal', ...DEMO });
    kv.sendRaw(encodeFrame('2', 'no equals sign here\r\n'));
    kv.send('3', { action: 'ping' });
    expect(await kv.pairs('1')).toMatchObject({ code: 'DENY', msoft_code: 'DATA_INVALIDFIELD' });
    expect(await kv.pairs('2')).toMatchObject({ code: 'DENY' });
    expect(await kv.pairs('3')).toMatchObject({ code: 'SUCCESS' });
    kv.close();
  });
});

describe('pipelining', () => {
  it('answers each request as soon as it is done, in any order', async () => {
    const kv = await KvTestClient.connect(target);
    kv.send('100', sale('8.02'));
    kv.send('101', { action: 'admin', admin: 'GFT', ...DEMO });
    expect(await kv.pairs('100')).toMatchObject({ code: 'AUTH' });
    expect(kv.order).toEqual(['101', '100']);
    kv.close();
  });

  it('holds a request past the in-flight cap unread until an answer arrives, then runs it', async () => {
    const kv = await KvTestClient.connect(target);
    kv.send('1', sale('8.01'));
    kv.send('2', sale('8.01'));
    kv.send('3', sale('1.03'));
    kv.send('4', { action: 'ping' });
    for (const id of ['1', '2', '3'])
      expect(await kv.pairs(id)).toMatchObject({ code: 'AUTH', msoft_code: 'INT_SUCCESS' });
    expect(await kv.pairs('4')).toEqual({ code: 'SUCCESS', verbiage: 'PONG' });
    expect(kv.order.indexOf('3')).toBeGreaterThan(0);
    expect(kv.order.indexOf('4')).toBeGreaterThan(0);
    kv.close();
  });
});

describe('framing and limits', () => {
  it('answers a frame over the cap DATA_TOOLARGE under its identifier and keeps serving', async () => {
    const kv = await KvTestClient.connect(target);
    kv.send('8', { action: 'sale', ...DEMO, comments: 'x'.repeat(5000) });
    kv.send('9', { action: 'ping' });
    expect(await kv.pairs('8')).toMatchObject({ code: 'DENY', msoft_code: 'DATA_TOOLARGE' });
    expect(await kv.pairs('9')).toMatchObject({ code: 'SUCCESS' });
    kv.close();
  });

  it('closes the connection on bytes outside a frame, after answering what was in flight', async () => {
    const kv = await KvTestClient.connect(target);
    kv.send('1', sale('8.01'));
    kv.sendRaw('garbage between frames');
    await kv.closed;
    expect(await kv.pairs('1')).toMatchObject({ code: 'AUTH' });
  });

  it('closes an idle connection, but not while a request is in flight', async () => {
    const kv = await KvTestClient.connect(target);
    kv.send('1', sale('8.02'));
    expect(await kv.pairs('1')).toMatchObject({ code: 'AUTH' });
    await kv.closed;
  });

  it('closes a connection that never sends a byte', async () => {
    const kv = await KvTestClient.connect(target);
    await kv.closed;
    expect(kv.order).toEqual([]);
  });
});
