import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeFrame, encodePairs, type ResponseBody } from '../../protocol/index.ts';
import { basic, call, type HttpAnswer } from '../server/helpers/http-client.ts';
import { KvTestClient } from '../server/helpers/kv-client.ts';
import { runEntry } from '../server/helpers/server-process.ts';
import {
  startServiceProcess,
  stopServiceProcess,
  type ServiceProcess,
} from './helpers/service-process.ts';

// Requests written the way Monetra's own client libraries and tools put them on the wire
// (libmonetra's include/monetra_api.h and its tools, run against the service): username and password in every key/value frame, the C library's
// LF lines with minimal quoting, monetra_cli's identifier=1 on every request, monetra_load's settle
// loop, the legacy M_TransParam spellings; and the REST calls of the public plugins.

let service: ServiceProcess;
let kv: KvTestClient;
let nextId = 1;

const LOGIN = { username: 'test_retail:public', password: 'publ1ct3st' };
const VISA = { account: '4111111111111111', expdate: '1230' };

beforeAll(async () => {
  service = await startServiceProcess();
  kv = await KvTestClient.connect({ host: '127.0.0.1', port: service.plainPort });
});

afterAll(async () => {
  kv.close();
  await stopServiceProcess(service);
});

/** Sends one frame as libmonetra (C) writes it: LF lines, values quoted only when needed. */
async function send(pairs: Record<string, string>): Promise<ResponseBody> {
  const id = String(nextId++);
  kv.sendRaw(encodeFrame(id, encodePairs({ ...LOGIN, ...pairs }, 'lf-minimal')));
  return kv.answer(id);
}

/** The pairs of a key/value answer; fails on a CSV or bulk answer. */
async function ask(pairs: Record<string, string>): Promise<Record<string, string>> {
  const body = await send(pairs);
  if (body.kind !== 'kv') throw new Error(`answered ${body.kind}, not key/value`);
  return Object.fromEntries(body.pairs);
}

/** The rows of a CSV report answer, by column name; fails on a key/value answer. */
async function report(pairs: Record<string, string>): Promise<Record<string, string>[]> {
  const body = await send(pairs);
  if (body.kind !== 'csv') throw new Error(`answered ${JSON.stringify(body)}, not CSV`);
  return body.rows.map((row) =>
    Object.fromEntries(body.header.map((name, i) => [name, row[i] ?? ''])),
  );
}

/** A REST v2 call with the demo profile's API key, over TLS pinned to the service's certificate. */
function restV2(method: string, path: string, body?: Record<string, unknown>): Promise<HttpAnswer> {
  const { id, secret } = service.apiKey;
  return call(
    { host: '127.0.0.1', port: service.tlsPort, pin: service.fingerprint },
    {
      method,
      path: `/api/v2/${path}`,
      headers: { 'x-api-key-id': id, 'x-api-key': secret },
      ...(body === undefined ? {} : { body }),
    },
  );
}

/** A REST v1 call with Basic credentials (user|sub), a form body as the .NET example sends. */
function restV1Form(path: string, form: Record<string, string>): Promise<HttpAnswer> {
  return call(
    { host: '127.0.0.1', port: service.tlsPort, pin: service.fingerprint },
    {
      method: 'POST',
      path: `/api/v1/${path}`,
      headers: {
        authorization: basic('test_retail|public', LOGIN.password),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams(form).toString(),
    },
  );
}

describe('monetra_load -S: the settle loop', () => {
  it('settles every batch BT lists with its BatchNum and Sub, and BT then lists none', async () => {
    for (let round = 0; round < 2; round += 1) {
      expect((await ask({ action: 'sale', ...VISA, amount: '3.00' })).code).toBe('AUTH');
      const batches = await report({ action: 'admin', admin: 'BT' });
      expect(batches).toHaveLength(1);
      expect(batches.every((row) => row.Status === 'open')).toBe(true);
      for (const row of batches) {
        const settled = await ask({
          action: 'settle',
          batch: row.BatchNum ?? '',
          sub: row.Sub ?? '',
        });
        expect(settled).toMatchObject({ code: 'AUTH', verbiage: 'BATCH SETTLED' });
      }
      expect(await report({ action: 'admin', admin: 'BT' })).toEqual([]);
      expect(await report({ action: 'admin', admin: 'UB' })).toEqual([]);
    }
    const settled = await report({ action: 'admin', admin: 'SBT' });
    expect(settled.length).toBeGreaterThanOrEqual(2);
    expect(settled.every((row) => row.Status === 'settled')).toBe(true);
  });

  it('refuses a Sub that does not name the batch’s profile, naming sub', async () => {
    expect((await ask({ action: 'sale', ...VISA, amount: '3.00' })).code).toBe('AUTH');
    const [open] = await report({ action: 'admin', admin: 'BT' });
    const answer = await ask({ action: 'settle', batch: open?.BatchNum ?? '', sub: '999999' });
    expect(answer).toMatchObject({ code: 'DENY', msoft_code: 'DATA_INVALIDFIELD' });
    expect(answer.verbiage).toMatch(/^sub: /);
    expect(await report({ action: 'admin', admin: 'BT' })).toHaveLength(1);
  });
});

describe('monetra_cli: identifier=1 on every request', () => {
  it.each(['GUT', 'GFT', 'GL', 'BT'])('report %s answers CSV', async (name) => {
    const rows = await report({ action: 'admin', admin: name, identifier: '1' });
    expect(Array.isArray(rows)).toBe(true);
  });

  it('a settle echoes it; a sale and return_keyed keep it as a custom parameter', async () => {
    const sale = await ask({ action: 'sale', ...VISA, amount: '5.00', identifier: '1' });
    expect(sale.code).toBe('AUTH');
    const refund = await ask({
      action: 'return',
      account: '5454545454545454',
      expdate: '1230',
      amount: '2.00',
      zip: '32606',
      identifier: '1',
    });
    expect(refund).toMatchObject({ code: 'AUTH', msoft_code: 'INT_SUCCESS' });
    const detail = await ask({ action: 'admin', admin: 'trandetail', ttid: refund.ttid ?? '' });
    expect(detail).toMatchObject({ action: 'refund', zip: '32606', identifier: '1' });
    expect(await ask({ action: 'settle', identifier: '1' })).toMatchObject({
      code: 'AUTH',
      identifier: '1',
    });
  });

  it('REST reports echo the extra key beside the rows', async () => {
    const answer = await restV2('GET', 'report/unsettled?identifier=1');
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ identifier: '1', report: expect.any(Array) });
  });
});

describe('the legacy C API spellings (M_TransParam)', () => {
  it('completes a preauth with action=FORCE, ttid and amount', async () => {
    const held = await ask({ action: 'PREAUTH', ...VISA, amount: '20.00' });
    expect(held.code).toBe('AUTH');
    const forced = await ask({ action: 'FORCE', ttid: held.ttid ?? '', amount: '18.00' });
    expect(forced).toMatchObject({ code: 'AUTH', ttid: held.ttid });
    const detail = await ask({ action: 'admin', admin: 'trandetail', ttid: held.ttid ?? '' });
    expect(detail).toMatchObject({ amount: '18.00', tranflags: expect.stringMatching(/CAPTURED/) });
  });

  it('reads upper-case option values: capture=NO, priority=HIGH, nsf=YES', async () => {
    const sale = await ask({
      action: 'SALE',
      ...VISA,
      amount: '6.75',
      capture: 'NO',
      priority: 'HIGH',
      nsf: 'YES',
    });
    expect(sale).toMatchObject({ code: 'AUTH' });
    const detail = await ask({ action: 'admin', admin: 'trandetail', ttid: sale.ttid ?? '' });
    expect(detail.tranflags).not.toMatch(/CAPTURED/);
  });

  it('answers action=chkpwd SUCCESS for good credentials and refuses a wrong password', async () => {
    expect(await ask({ action: 'chkpwd' })).toEqual({
      code: 'SUCCESS',
      msoft_code: 'INT_SUCCESS',
      verbiage: 'CREDENTIALS ACCEPTED',
    });
    const wrong = await ask({ action: 'chkpwd', password: 'not-the-password' });
    expect(wrong).toMatchObject({ code: 'DENY', msoft_code: 'ACCT_AUTHFAIL' });
    const rest = await restV2('GET', 'user/chkpwd');
    expect(rest.status).toBe(200);
    expect(rest.json()).toMatchObject({ code: 'SUCCESS', msoft_code: 'INT_SUCCESS' });
    expect((await restV2('GET', 'user/chkpwd?profile_id=1')).json()).toMatchObject({
      msoft_code: 'DATA_UNKNOWNFIELD',
    });
  });

  it('lets a sub-user check its credentials whatever operations it is permitted', async () => {
    const admin = async (argv: string[], stdin?: string): Promise<void> => {
      const run = runEntry('server/cli.ts', ['admin', ...argv, '--data', service.dataDir], stdin);
      expect(await run.exited, run.stderr.join('')).toBe(0);
    };
    await admin(['add-sub-user', 'test_retail:probe', '--password-stdin'], 'probe-pass-1\n');
    await admin(['set-permissions', 'test_retail:probe', 'sale']);
    const probe = { username: 'test_retail:probe', password: 'probe-pass-1' };
    expect(await ask({ action: 'chkpwd', ...probe })).toMatchObject({ code: 'SUCCESS' });
    expect(await ask({ action: 'admin', admin: 'GUT', ...probe })).toMatchObject({
      msoft_code: 'ACCT_PERMISSION',
    });
  });
});

describe('values and lookups real clients send', () => {
  it('takes tax=0.00 (taxable, no tax collected) on every transport', async () => {
    const viaKv = await ask({ action: 'sale', ...VISA, amount: '4.00', tax: '0.00' });
    const viaV1 = (
      await restV1Form('transaction/purchase', { ...VISA, amount: '4.00', tax: '0.00' })
    ).json();
    const viaV2 = await restV2('POST', 'transaction/purchase', {
      account_data: VISA,
      money: { amount: '4.00', tax: '0.00' },
    });
    for (const answer of [viaKv, viaV1, viaV2.json()]) {
      expect(answer).toMatchObject({ code: 'AUTH', msoft_code: 'INT_SUCCESS' });
      const detail = await ask({ action: 'admin', admin: 'trandetail', ttid: String(answer.ttid) });
      expect(detail.tax).toBe('0.00');
    }
  });

  it('REST v2 trandetail takes ttid on the order route: that payment of the order', async () => {
    const order = `tools-${Date.now().toString(36)}`;
    const first = await restV2('POST', 'transaction/purchase', {
      account_data: VISA,
      money: { amount: '2.00' },
      order: { order_id: order },
    });
    const second = await restV2('POST', 'transaction/purchase', {
      account_data: VISA,
      money: { amount: '3.00' },
      order: { order_id: order },
    });
    const ttid = String(first.json().ttid);
    const found = await restV2('GET', `transaction/order/${order}/payment?ttid=${ttid}`);
    expect(found.status).toBe(200);
    expect(found.json()).toMatchObject({ ttid, order_id: order, amount: '2.00' });
    const elsewhere = await restV2('GET', `transaction/order/other-${order}/payment?ttid=${ttid}`);
    expect(elsewhere.status).toBe(404);
    expect(String(second.json().ttid)).not.toBe(ttid);
  });
});
