import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, call, type HttpTarget } from '../helpers/http-client.ts';
import { KvTestClient } from '../helpers/kv-client.ts';
import { ACME_PASSWORD, addAcme, totpAt } from '../helpers/merchant-setup.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let service: TestServer;
let plain: HttpTarget;

beforeAll(async () => {
  service = await startTestServer({
    limits: {
      throttle: { maxFailures: 3, windowMs: 60_000 },
      lockout: { maxFailures: 3, windowMs: 30 * 60_000 },
    },
  });
  const address = service.server.plainAddress;
  if (address === undefined) throw new Error('no plain port');
  plain = address;
});
afterAll(() => service.stop());

/** A lane at its own loopback address. */
const from = (localAddress: string): HttpTarget => ({ ...plain, localAddress });

const detail = (lane: HttpTarget, version: 'v1' | 'v2', headers: Record<string, string>) =>
  call(lane, { method: 'GET', path: `/api/${version}/transaction/1`, headers });
const password = (user: string, secret: string) => ({ authorization: basic(user, secret) });
const key = (id: string, secret: string) => ({ 'x-api-key-id': id, 'x-api-key': secret });
const outcome = async (
  answer: Promise<{ status: number; json: () => Record<string, unknown> }>,
) => {
  const done = await answer;
  return [done.status, done.json().msoft_code];
};
const logged = () => service.logs.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('failures count against the credential, then the address only for unknown names', () => {
  it('a lane with a wrong password beside a lane with a right key at the same address', async () => {
    const lane = from('127.0.0.21');
    const demoKey = key(service.apiKey.id, service.apiKey.secret);
    for (let i = 0; i < 3; i += 1) {
      expect(await outcome(detail(lane, 'v2', password('test_retail|public', 'wrong')))).toEqual([
        401,
        'ACCT_AUTHFAIL',
      ]);
      expect(await outcome(detail(lane, 'v2', demoKey))).toEqual([404, 'DATA_RECORDNOTFOUND']);
    }
    const right = password('test_retail|public', 'publ1ct3st');
    expect(await outcome(detail(lane, 'v2', right))).toEqual([429, 'ACCT_LOCKED']);
    expect(await outcome(detail(from('127.0.0.22'), 'v2', right))).toEqual([429, 'ACCT_LOCKED']);
    const v1 = await detail(lane, 'v1', right);
    expect([v1.status, v1.json().msoft_code]).toEqual([200, 'ACCT_LOCKED']);
    const kv = await KvTestClient.connect(lane);
    kv.send('1', {
      action: 'admin',
      admin: 'GFT',
      username: 'test_retail:public',
      password: 'publ1ct3st',
    });
    expect(await kv.pairs('1')).toMatchObject({ code: 'DENY', msoft_code: 'ACCT_LOCKED' });
    kv.close();
    expect(await outcome(detail(lane, 'v2', demoKey))).toEqual([404, 'DATA_RECORDNOTFOUND']);
    const merchantUser = password('test_retail', 'publ1ct3st');
    expect(await outcome(detail(lane, 'v2', merchantUser))).toEqual([404, 'DATA_RECORDNOTFOUND']);
    const lines = logged();
    expect(lines.filter((line) => line.msg === 'account locked')).toHaveLength(1);
    const refusals = lines.filter((line) => line.msg === 'request refused');
    expect(
      refusals.some((line) => line.reason === 'ACCT_LOCKED' && line.subject_kind === 'user'),
    ).toBe(true);
    expect(service.logs.join('\n')).not.toMatch(/wrong|publ1ct3st/);
  });

  it('throttles unknown names per address, never a right key or password from it', async () => {
    const lane = from('127.0.0.23');
    for (const name of ['nobody', 'ghost|x', 'test_retail|nosuch']) {
      expect(await outcome(detail(lane, 'v2', password(name, 'publ1ct3st')))).toEqual([
        401,
        'ACCT_AUTHFAIL',
      ]);
    }
    expect(await outcome(detail(lane, 'v2', password('nobody', 'x')))).toEqual([
      429,
      'ACCT_THROTTLED',
    ]);
    expect(await outcome(detail(lane, 'v2', key('P0000000000000000', 'x')))).toEqual([
      429,
      'ACCT_THROTTLED',
    ]);
    expect(await outcome(detail(from('127.0.0.24'), 'v2', password('nobody', 'x')))).toEqual([
      401,
      'ACCT_AUTHFAIL',
    ]);
    const demoKey = key(service.apiKey.id, service.apiKey.secret);
    expect(await outcome(detail(lane, 'v2', demoKey))).toEqual([404, 'DATA_RECORDNOTFOUND']);
    const merchantUser = password('test_retail', 'publ1ct3st');
    expect(await outcome(detail(lane, 'v2', merchantUser))).toEqual([404, 'DATA_RECORDNOTFOUND']);
  });

  it('throttles a key id after wrong secrets, and still takes its right secret', async () => {
    const lane = from('127.0.0.25');
    const wrong = key(service.apiKey.id, 'not-the-secret');
    for (let i = 0; i < 3; i += 1) {
      expect(await outcome(detail(lane, 'v2', wrong))).toEqual([401, 'ACCT_AUTHFAIL']);
    }
    expect(await outcome(detail(from('127.0.0.26'), 'v2', wrong))).toEqual([429, 'ACCT_THROTTLED']);
    const right = key(service.apiKey.id, service.apiKey.secret);
    expect(await outcome(detail(lane, 'v2', right))).toEqual([404, 'DATA_RECORDNOTFOUND']);
    const counted = logged().filter(
      (line) => line.msg === 'request refused' && line.subject === service.apiKey.id,
    );
    expect(counted.map((line) => [line.reason, line.failures])).toEqual([
      ['ACCT_AUTHFAIL', 1],
      ['ACCT_AUTHFAIL', 2],
      ['ACCT_AUTHFAIL', 3],
      ['ACCT_THROTTLED', undefined],
    ]);
  });

  it('counts wrong MFA codes against the account: then even the right code is locked out', async () => {
    const acme = await addAcme(service);
    const lane = from('127.0.0.27');
    const lead = password('acme|lead', ACME_PASSWORD);
    for (const code of ['000000', '111111', '222222']) {
      expect(await outcome(detail(lane, 'v2', { ...lead, 'x-mfa-code': code }))).toEqual([
        401,
        'ACCT_MFA_INVALID',
      ]);
    }
    const right = { ...lead, 'x-mfa-code': totpAt(service, acme.leadSecret) };
    expect(await outcome(detail(lane, 'v2', right))).toEqual([429, 'ACCT_LOCKED']);
  });

  it('lets each subject in again once its window has passed', async () => {
    service.clock.advance(30 * 60_000 + 1);
    const lane = from('127.0.0.21');
    const right = password('test_retail|public', 'publ1ct3st');
    expect(await outcome(detail(lane, 'v2', right))).toEqual([404, 'DATA_RECORDNOTFOUND']);
    expect(await outcome(detail(from('127.0.0.23'), 'v2', password('nobody', 'x')))).toEqual([
      401,
      'ACCT_AUTHFAIL',
    ]);
    expect(await outcome(detail(lane, 'v2', key(service.apiKey.id, 'wrong')))).toEqual([
      401,
      'ACCT_AUTHFAIL',
    ]);
  });
});
