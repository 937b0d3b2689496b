import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerProcess } from '../durability/helpers/server-process.ts';
import { basic, call } from '../helpers/http-client.ts';
import { KvTestClient } from '../helpers/kv-client.ts';
import { runEntry } from '../helpers/server-process.ts';

// Against the service as `npm run server` runs it, with its default limits: 10 failures lock a
// password account for 30 minutes, whichever addresses they come from (PCI DSS v4.0 8.3.4).

let dir: string;
let server: ServerProcess;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'laneterm-lockout-'));
  server = await ServerProcess.start(dir);
});
afterAll(async () => {
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
});

const SALE = { account: '4111111111111111', expdate: '1230', amount: '5.00', zip: '32606' };
const ADDRESSES = Array.from({ length: 10 }, (_, i) => `127.0.0.${41 + i}`);

/** A key/value connection from one loopback address to the plain port. */
const lane = (localAddress: string) =>
  KvTestClient.connect({ host: '127.0.0.1', port: server.plainPort, localAddress });

let nextId = 1;

/** Sends each request on the connection at once and collects the msoft_code of every answer. */
async function send(kv: KvTestClient, requests: Record<string, string>[]): Promise<string[]> {
  const ids = requests.map((request) => {
    const id = String(nextId++);
    kv.send(id, request);
    return id;
  });
  return Promise.all(ids.map(async (id) => (await kv.pairs(id)).msoft_code ?? ''));
}

const byPassword = (username: string, password: string) => ({
  action: 'sale',
  username,
  password,
  ...SALE,
});
const byKey = () => ({
  action_trans: 'sale',
  auth_apikey_id: server.apiKey.id,
  auth_apikey_secret: server.apiKey.secret,
  ...SALE,
});

async function admin(...argv: string[]): Promise<{ code: number | string; out: string }> {
  const run = runEntry('server/cli.ts', ['admin', ...argv, '--data', dir]);
  const code = await run.exited;
  return { code, out: run.stdout.join('\n') + run.stderr.join('') };
}

describe('account lockout across addresses, against a running service', () => {
  it('locks an account after 40 wrong passwords from 10 addresses; a key from each still sells', async () => {
    const lanes = await Promise.all(ADDRESSES.map(lane));
    const wrong = Array.from({ length: 4 }, () => byPassword('test_retail:public', 'not-it'));
    const answers = (await Promise.all(lanes.map((kv) => send(kv, wrong)))).flat();
    expect(answers).toHaveLength(40);
    expect(answers.filter((code) => code === 'ACCT_AUTHFAIL')).toHaveLength(10);
    expect(answers.filter((code) => code === 'ACCT_LOCKED')).toHaveLength(30);
    for (const kv of lanes) {
      const [locked, keyed, merchantUser] = await send(kv, [
        byPassword('test_retail:public', 'publ1ct3st'),
        byKey(),
        byPassword('test_retail', 'publ1ct3st'),
      ]);
      expect([locked, keyed, merchantUser]).toEqual(['ACCT_LOCKED', 'INT_SUCCESS', 'INT_SUCCESS']);
    }
    lanes.forEach((kv) => kv.close());
    const rest = await call(
      { host: '127.0.0.1', port: server.plainPort, localAddress: ADDRESSES[0] },
      {
        method: 'GET',
        path: '/api/v2/transaction/1',
        headers: { authorization: basic('test_retail|public', 'publ1ct3st') },
      },
    );
    expect([rest.status, rest.json().msoft_code]).toEqual([429, 'ACCT_LOCKED']);
    const locks = server.logLines().filter((line) => line.msg === 'account locked');
    expect(locks).toHaveLength(1);
  });

  it('lists the lock with `admin locked`, and `admin unlock` lets the user in at once', async () => {
    const listed = await admin('locked');
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(
      /user test_retail:public {2}locked until \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ {2}failed attempts: 10/,
    );
    const unlocked = await admin('unlock', 'test_retail:public');
    expect([unlocked.code, unlocked.out.trim()]).toEqual([0, 'test_retail:public: unlocked']);
    const kv = await lane(ADDRESSES[0] ?? '');
    expect(await send(kv, [byPassword('test_retail:public', 'publ1ct3st')])).toEqual([
      'INT_SUCCESS',
    ]);
    kv.close();
    expect((await admin('locked')).out.trim()).toBe('nothing locked or throttled');
  });

  it('keeps a lockout across a restart of the service', async () => {
    const kv = await lane('127.0.0.51');
    const wrong = Array.from({ length: 10 }, () => byPassword('test_retail:public', 'not-it'));
    expect(new Set(await send(kv, wrong))).toEqual(new Set(['ACCT_AUTHFAIL']));
    kv.close();
    expect((await server.stop()).code).toBe(0);
    server = await ServerProcess.start(dir);
    const again = await lane('127.0.0.52');
    expect(await send(again, [byPassword('test_retail:public', 'publ1ct3st'), byKey()])).toEqual([
      'ACCT_LOCKED',
      'INT_SUCCESS',
    ]);
    again.close();
  });
});
