import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type HttpTarget } from '../helpers/http-client.ts';
import { KvTestClient } from '../helpers/kv-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let service: TestServer;
let target: HttpTarget;
let kv: KvTestClient[];

beforeAll(async () => {
  service = await startTestServer();
  target = { ...service.server.tlsAddress, pin: service.server.fingerprint256 };
  kv = await Promise.all([1, 2, 3, 4].map(() => KvTestClient.connect(target)));
});
afterAll(async () => {
  for (const client of kv) client.close();
  await service.stop();
});

const key = () => ({
  auth_apikey_id: service.apiKey.id,
  auth_apikey_secret: service.apiKey.secret,
});

/** One v2 key/value request on connection `n`; resolves to its answer's pairs. */
let frame = 0;
function kvRun(n: number, pairs: Record<string, string>): Promise<Record<string, string>> {
  const client = kv[n % kv.length] as KvTestClient;
  frame += 1;
  const id = String(frame);
  client.send(id, { ...key(), ...pairs });
  return client.pairs(id);
}

/** A v2 REST sale on a connection of its own. */
async function restSale(body: Record<string, string>): Promise<Record<string, string>> {
  const answer = await call(target, {
    method: 'POST',
    path: '/api/v2/transaction/purchase',
    headers: { 'X-API-KEY-ID': service.apiKey.id, 'X-API-KEY': service.apiKey.secret },
    body,
  });
  return answer.json() as Record<string, string>;
}

/** Issues a demo-range gift card (7777…, 16 digits) with `amount`. */
async function issue(account: string, amount: string): Promise<void> {
  const pairs = await kvRun(0, { action_trans: 'issue', account, amount });
  expect(pairs).toMatchObject({ code: 'AUTH', balance: amount });
}

/** Cents of an amount text. */
const cents = (text: string | undefined) => Math.round(Number(text) * 100);

/**
 * Twenty sales of 8.01 at once — the delay trigger holds each at the processor for a second, so
 * all of them are in flight together — from four key/value connections and REST connections.
 */
function twentySales(account: string, extra: Record<string, string>) {
  return Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      i % 5 === 4
        ? restSale({ account, amount: '8.01', ...extra })
        : kvRun(i, { action_trans: 'sale', account, amount: '8.01', ...extra }),
    ),
  );
}

describe('parallel sales on one gift card', () => {
  it('never overdraw it: six of twenty sales of 8.01 fit on 50.00, the rest are declined', async () => {
    const account = '7777000000001012';
    await issue(account, '50.00');
    const answers = await twentySales(account, {});
    const approved = answers.filter((pairs) => pairs.code === 'AUTH');
    expect(approved).toHaveLength(6);
    for (const pairs of answers.filter((p) => p.code !== 'AUTH')) {
      expect(pairs).toMatchObject({ msoft_code: 'MERCH_PARTIALAUTH', balance: '1.94' });
    }
    const balances = approved.map((pairs) => cents(pairs.balance)).sort((a, b) => b - a);
    expect(balances).toEqual([4199, 3398, 2597, 1796, 995, 194]);
    const inquiry = await kvRun(1, { action_trans: 'balanceinq', account });
    expect(inquiry.balance).toBe('1.94');
  });

  it('with nsf=yes drain it exactly: the seventh is partial, the rest find it empty', async () => {
    const account = '7777000000001020';
    await issue(account, '50.00');
    const answers = await twentySales(account, { nsf: 'yes' });
    const approved = answers.filter((pairs) => pairs.code === 'AUTH');
    const taken = approved.reduce((sum, pairs) => sum + cents(pairs.authamount ?? '8.01'), 0);
    expect(taken).toBe(5000);
    expect(approved.map((pairs) => pairs.authamount).filter(Boolean)).toEqual(['1.94']);
    const empty = answers.filter((pairs) => pairs.code !== 'AUTH');
    expect(empty).toHaveLength(13);
    for (const pairs of empty) expect(pairs).toMatchObject({ phard_code: 'NSF', balance: '0.00' });
  });
});
