import { afterEach, describe, expect, it } from 'vitest';
import {
  startServiceProcess,
  stopServiceProcess,
} from '../../conformance/helpers/service-process.ts';
import type { ServiceProcess } from '../../conformance/helpers/service-process.ts';
import { admin } from '../helpers/admin-run.ts';
import { KvTestClient } from '../helpers/kv-client.ts';
import {
  skipWithoutPostgres,
  startPostgresCluster,
  type PostgresCluster,
} from '../helpers/postgres-cluster.ts';

const SALE = { action_trans: 'sale', account: '4111111111111111', expdate: '1230', zip: '32606' };
const SUB_USER = { username: 'test_retail:public', password: 'publ1ct3st' };
const MERCHANT_USER = { username: 'test_retail', password: 'publ1ct3st' };

let cluster: PostgresCluster | undefined;
const services: ServiceProcess[] = [];
const lanes: KvTestClient[] = [];

afterEach(async () => {
  for (const lane of lanes.splice(0)) lane.close();
  for (const service of services.splice(0).reverse()) await stopServiceProcess(service);
  await cluster?.stop();
  cluster = undefined;
});

/** Two instances over one fresh database, each with its own data directory, and the database's URL. */
async function twoInstances(): Promise<{ url: string; a: ServiceProcess; b: ServiceProcess }> {
  cluster = await startPostgresCluster();
  const url = await cluster.createDatabase();
  const a = await startServiceProcess(undefined, ['--store', url]);
  services.push(a);
  const b = await startServiceProcess(undefined, ['--store', url]);
  services.push(b);
  return { url, a, b };
}

/** A key/value lane on an instance's plain port that sends one sale at a time. */
async function laneOn(service: ServiceProcess): Promise<(auth: object) => Promise<string>> {
  const kv = await KvTestClient.connect({ host: '127.0.0.1', port: service.plainPort });
  lanes.push(kv);
  let nextId = 1;
  let cents = 100;
  return async (auth) => {
    const id = String(nextId++);
    cents += 1;
    kv.send(id, { ...SALE, ...auth, amount: (cents / 100).toFixed(2) });
    const answer = await kv.pairs(id);
    return answer.code === 'AUTH' ? 'AUTH' : (answer.msoft_code ?? answer.code ?? '');
  };
}

/** Runs an admin command against the shared database; throws when it fails. */
async function adminOn(service: ServiceProcess, url: string, ...argv: string[]): Promise<void> {
  const run = await admin(service.dataDir, [...argv, '--store', url]);
  if (run.code !== 0) throw new Error(`admin ${argv[0]}: ${run.err}`);
}

describe.skipIf(skipWithoutPostgres('accounts across two PostgreSQL instances'))(
  'accounts across two instances, one PostgreSQL',
  () => {
    it('refuse a key revoked while both serve it at the next request of either', async () => {
      const { url, a, b } = await twoInstances();
      const [onA, onB] = [await laneOn(a), await laneOn(b)];
      const key = { auth_apikey_id: a.apiKey.id, auth_apikey_secret: a.apiKey.secret };
      expect([await onA(key), await onB(key)]).toEqual(['AUTH', 'AUTH']);
      await adminOn(a, url, 'revoke-api-key', a.apiKey.id);
      expect(await onB(key)).toBe('ACCT_AUTHFAIL');
      expect(await onA(key)).toBe('ACCT_AUTHFAIL');
    });

    it('apply a permission change and a dual-authorization change at the next request of the other', async () => {
      const { url, a, b } = await twoInstances();
      const onB = await laneOn(b);
      await adminOn(a, url, 'set-permissions', SUB_USER.username, 'sale');
      expect(await onB(SUB_USER)).toBe('AUTH');
      await adminOn(a, url, 'set-permissions', SUB_USER.username, 'void');
      expect(await onB(SUB_USER)).toBe('ACCT_PERMISSION');
      await adminOn(a, url, 'set-permissions', SUB_USER.username, 'sale');
      expect(await onB(SUB_USER)).toBe('AUTH');
      expect(await onB(MERCHANT_USER)).toBe('AUTH');
      await adminOn(a, url, 'set-dual-auth', 'test_retail', 'sale');
      expect(await onB(MERCHANT_USER)).toBe('ACCT_DUAL_REQUIRED');
      await adminOn(a, url, 'set-dual-auth', 'test_retail', 'none');
      expect(await onB(MERCHANT_USER)).toBe('AUTH');
    });
  },
);
