import { afterEach, describe, expect, it } from 'vitest';
import { call, type HttpAnswer } from '../helpers/http-client.ts';
import { KvTestClient } from '../helpers/kv-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const services: TestServer[] = [];
afterEach(async () => {
  for (const service of services.splice(0)) await service.stop();
});

async function opsService(): Promise<TestServer> {
  const service = await startTestServer({ opsPort: 0 });
  services.push(service);
  return service;
}

function ops(service: TestServer, path: string, method = 'GET'): Promise<HttpAnswer> {
  const address = service.server.opsAddress;
  if (address === undefined) throw new Error('no ops port');
  return call({ host: address.host, port: address.port }, { method, path });
}

const PAN = '4111111111111111';

function restSale(service: TestServer, amount: string): Promise<HttpAnswer> {
  const plain = service.server.plainAddress;
  if (plain === undefined) throw new Error('no plain port');
  return call(
    { host: plain.host, port: plain.port },
    {
      method: 'POST',
      path: '/api/v2/transaction/purchase',
      headers: { 'x-api-key-id': service.apiKey.id, 'x-api-key': service.apiKey.secret },
      body: { account: PAN, expdate: '1230', amount, zip: '32606' },
    },
  );
}

/** The value of one sample line of the exposition text, or undefined when it is absent. */
function sample(text: string, line: string): number | undefined {
  const found = text.split('\n').find((candidate) => candidate.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe('the ops listener (--ops-port)', () => {
  it('binds 127.0.0.1 by default and answers /healthz and /readyz 200, anything else 404 or 405', async () => {
    const service = await opsService();
    expect(service.server.opsAddress?.host).toBe('127.0.0.1');
    const health = await ops(service, '/healthz');
    expect(health.status).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await ops(service, '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.json()).toEqual({ ready: true });
    expect((await ops(service, '/nothing')).status).toBe(404);
    expect((await ops(service, '/metrics', 'POST')).status).toBe(405);
  });

  it('counts requests by operation, transport and code, with latency, group commits and refusals', async () => {
    const service = await opsService();
    expect((await restSale(service, '5.00')).json()).toMatchObject({ code: 'AUTH' });
    expect((await restSale(service, '6.00')).json()).toMatchObject({ code: 'AUTH' });
    const plain = service.server.plainAddress;
    const kv = await KvTestClient.connect({ host: '127.0.0.1', port: plain?.port ?? 0 });
    const key = { auth_apikey_id: service.apiKey.id, auth_apikey_secret: 'wrong-secret' };
    kv.send('1', { action_trans: 'sale', ...key, account: PAN, expdate: '1230', amount: '1.00' });
    expect((await kv.pairs('1')).msoft_code).toMatch(/^ACCT_/);
    kv.close();
    const metrics = await ops(service, '/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    const text = metrics.text;
    const rest = 'operation="sale",transport="rest"';
    expect(sample(text, `laneterm_requests_total{${rest},code="AUTH"}`)).toBe(2);
    expect(
      sample(text, `laneterm_requests_total{operation="sale",transport="kv",code="DENY"}`),
    ).toBe(1);
    expect(sample(text, `laneterm_request_duration_seconds_count{${rest}}`)).toBe(2);
    expect(sample(text, `laneterm_request_duration_seconds_bucket{${rest},le="+Inf"}`)).toBe(2);
    expect(sample(text, `laneterm_refusals_total{reason="ACCT_AUTHFAIL"}`) ?? 0).toBeGreaterThan(0);
    expect(sample(text, 'laneterm_store_group_commit_flushes_total')).toBeGreaterThan(0);
    expect(sample(text, 'laneterm_store_group_commit_size_count')).toBeGreaterThan(0);
    for (const name of [
      'laneterm_requests_in_progress',
      'laneterm_transactions_in_flight',
      'laneterm_processor_queue_depth',
      'laneterm_processor_in_flight',
      'laneterm_draining',
    ]) {
      expect(sample(text, name), name).toBe(0);
    }
    expect(sample(text, 'laneterm_auth_locked{kind="user"}')).toBe(0);
    expect(text).not.toContain(PAN);
    expect(text).not.toContain('111111');
    expect(text).not.toContain(service.apiKey.id);
    expect(text).not.toContain('test_retail');
  });

  it('keeps two services in one process apart: each registry counts its own requests', async () => {
    const [a, b] = [await opsService(), await opsService()];
    await restSale(a, '7.00');
    const line = 'laneterm_requests_total{operation="sale",transport="rest",code="AUTH"}';
    expect(sample((await ops(a, '/metrics')).text, line)).toBe(1);
    expect(sample((await ops(b, '/metrics')).text, line)).toBeUndefined();
  });

  it('answers /readyz 503 with the reason while the service drains, and its sale in flight AUTH', async () => {
    const service = await opsService();
    const plain = service.server.plainAddress;
    const kv = await KvTestClient.connect({ host: '127.0.0.1', port: plain?.port ?? 0 });
    const key = { auth_apikey_id: service.apiKey.id, auth_apikey_secret: service.apiKey.secret };
    // 8.02: the simulated processor waits 2 s before it answers (docs/test-cards.md).
    kv.send('1', { action_trans: 'sale', ...key, account: PAN, expdate: '1230', amount: '8.02' });
    const inFlight = 'laneterm_transactions_in_flight';
    while (sample((await ops(service, '/metrics')).text, inFlight) !== 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const drained = service.server.drain(60_000);
    const ready = await ops(service, '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.json()).toEqual({ ready: false, reasons: ['draining'] });
    expect(sample((await ops(service, '/metrics')).text, 'laneterm_draining')).toBe(1);
    expect(await kv.pairs('1')).toMatchObject({ code: 'AUTH' });
    await kv.closed;
    await drained;
  });
});
