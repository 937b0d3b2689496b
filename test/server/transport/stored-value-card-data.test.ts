import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin } from '../helpers/admin-run.ts';
import { call, type HttpTarget } from '../helpers/http-client.ts';
import { KvTestClient } from '../helpers/kv-client.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let service: TestServer;
let target: HttpTarget;

beforeAll(async () => {
  service = await startTestServer();
  target = { ...service.server.tlsAddress, pin: service.server.fingerprint256 };
});
afterAll(() => service.stop());

/** Card data the stories below send; none may be found in clear at rest or in a log line. */
const GIFT = '7777000000002010';
const SWIPED_GIFT = '6035710000002048';
const CREDIT = '5454545454545454';
const DENIED = '2223000048400011';
const GIFT_PIN = '90817263';
const GIFT_TRACK = `;${SWIPED_GIFT}=24051200000?`;
const SECRETS = [GIFT, SWIPED_GIFT, CREDIT, DENIED, GIFT_PIN, GIFT_TRACK, '5454 5454 5454 5454'];

async function rest(path: string, body: Record<string, string>): Promise<Record<string, string>> {
  const answer = await call(target, {
    method: 'POST',
    path: `/api/v2/${path}`,
    headers: { 'X-API-KEY-ID': service.apiKey.id, 'X-API-KEY': service.apiKey.secret },
    body,
  });
  return answer.json() as Record<string, string>;
}

/** Runs one v2 key/value request on its own connection. */
async function kvRun(pairs: Record<string, string>): Promise<Record<string, string>> {
  const kv = await KvTestClient.connect(target);
  kv.send('1', {
    auth_apikey_id: service.apiKey.id,
    auth_apikey_secret: service.apiKey.secret,
    ...pairs,
  });
  const answer = await kv.pairs('1');
  kv.close();
  return answer;
}

/** Every byte in the data directory: database, WAL, keys, certificate. */
function dataDirectoryText(): string {
  return readdirSync(service.dir)
    .map((name) => readFileSync(join(service.dir, name)).toString('latin1'))
    .join('\n');
}

describe('card data of the stored-value operations', () => {
  it('is found nowhere in the data directory or the logs, only masked', async () => {
    expect(
      await rest('transaction/gift/issue', { account: GIFT, amount: '30.00', pin: GIFT_PIN }),
    ).toMatchObject({ code: 'AUTH' });
    expect(
      await kvRun({
        action_trans: 'sale',
        account: GIFT,
        amount: '4.00',
        pin: GIFT_PIN,
        comments: `card ${GIFT}`,
      }),
    ).toMatchObject({ code: 'AUTH' });
    expect(
      await kvRun({ action_trans: 'sale', account: GIFT, amount: '1.00', pin: '11112222' }),
    ).toMatchObject({ verbiage: 'INCORRECT PIN' });
    expect(await rest('transaction/balance', { account: GIFT, pin: GIFT_PIN })).toMatchObject({
      balance: '26.00',
    });
    expect(
      await kvRun({
        action_trans: 'issue',
        trackdata: GIFT_TRACK,
        amount: '10.00',
        duplcheck: 'yes',
      }),
    ).toMatchObject({ code: 'AUTH' });
    expect(await rest('transaction/gift/cashout', { trackdata: GIFT_TRACK })).toMatchObject({
      authamount: '10.00',
    });
    expect(await rest('transaction/cardtype', { account: CREDIT, tokenize: 'yes' })).toMatchObject({
      cardtype: 'MC',
    });
    expect(
      await rest('transaction/balance', { account: CREDIT, expdate: '1230', cv: '999' }),
    ).toMatchObject({ balance: '2500.00' });
    expect(
      await rest('transaction/purchase', {
        account: CREDIT,
        expdate: '1230',
        amount: '6.75',
        comments: 'read out 5454 5454 5454 5454',
      }),
    ).toMatchObject({ msoft_code: 'MERCH_PARTIALAUTH' });
    const listed = await admin(service.dir, ['add-denied-card', 'test_retail'], `${DENIED}\n`);
    expect(listed.out).toBe('test_retail: deny list entry 1 XXXXXXXXXXXX0011');
    expect(
      await kvRun({
        action_trans: 'sale',
        account: DENIED,
        expdate: '1230',
        amount: '2.00',
        carddenylist_check: 'yes',
      }),
    ).toMatchObject({ msoft_code: 'MERCH_DENYLIST' });
    expect(
      await kvRun({
        action_trans: 'sale',
        account: CREDIT,
        expdate: '1230',
        amount: '6.01',
        carddenylist_decline: 'yes',
      }),
    ).toMatchObject({ code: 'DENY' });
    const disk = dataDirectoryText();
    const logs = service.logs.join('\n');
    expect(logs).toContain('"operation":"issue"');
    for (const secret of SECRETS) {
      expect(disk.includes(secret), `data directory holds ${secret.slice(-4)} in clear`).toBe(
        false,
      );
      expect(logs.includes(secret), `logs hold ${secret.slice(-4)} in clear`).toBe(false);
    }
    expect(disk).toContain('XXXXXXXXXXXX2010');
    expect(disk).toContain('card XXXXXXXXXXXX2010');
  });
});
