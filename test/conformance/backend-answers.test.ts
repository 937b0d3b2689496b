import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KvTestClient } from '../server/helpers/kv-client.ts';
import { skipWithoutPostgres } from '../server/helpers/postgres-cluster.ts';
import type { ServiceProcess } from './helpers/service-process.ts';
import { postgresService, sqliteService, type SuiteService } from './helpers/suite-service.ts';

const LOGIN = { username: 'test_retail:public', password: 'publ1ct3st' };
const CARD = { account: '4111111111111111', expdate: '1230', zip: '32606', cv: '999' };
/** What differs between two services by design: the ids and times each gives. */
const ASIDE = new Set(['ttid', 'orig_ttid', 'timestamp', 'rcpt_host_ts', 'order_id', 'payment_id']);
const ASIDE_MATCH = /(^|_)(ts|time|date)$/;

/** One service on a back end and a key/value lane on it. */
interface Backend {
  suite: SuiteService;
  service?: ServiceProcess;
  kv?: KvTestClient;
}

const backends: Record<'sqlite' | 'postgres', Backend> = {
  sqlite: { suite: sqliteService },
  postgres: { suite: postgresService() },
};

let nextId = 1;

/** Sends one request and returns its answer's pairs. */
async function ask(
  backend: Backend,
  pairs: Record<string, string>,
): Promise<Record<string, string>> {
  const { kv } = backend;
  if (kv === undefined) throw new Error('no lane connected');
  const id = String(nextId++);
  kv.send(id, { ...LOGIN, ...pairs });
  return kv.pairs(id);
}

/** The answer without what differs by design. */
function comparable(answer: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(answer).filter(([key]) => !ASIDE.has(key) && !ASIDE_MATCH.test(key)),
  );
}

/** The same requests on both back ends: a sale, a preauth and its capture, and their details. */
async function run(backend: Backend) {
  const sale = await ask(backend, { action_trans: 'sale', ...CARD, amount: '12.34' });
  const preauth = await ask(backend, { action_trans: 'preauth', ...CARD, amount: '20.00' });
  const capture = await ask(backend, {
    action_trans: 'preauthcomplete',
    ttid: preauth.ttid ?? '',
    amount: '18.50',
  });
  const details = await Promise.all(
    [sale, capture].map((answer) =>
      ask(backend, { action_sys: 'trandetail', ttid: answer.ttid ?? '' }),
    ),
  );
  return { sale, preauth, capture, saleDetail: details[0], captureDetail: details[1] };
}

describe.skipIf(skipWithoutPostgres('answers compared across back ends'))(
  'the same answers on SQLite and PostgreSQL',
  () => {
    beforeAll(async () => {
      for (const backend of Object.values(backends)) {
        backend.service = await backend.suite.start();
        backend.kv = await KvTestClient.connect({
          host: '127.0.0.1',
          port: backend.service.plainPort,
        });
      }
    }, 120_000);
    afterAll(async () => {
      for (const backend of Object.values(backends)) {
        backend.kv?.close();
        await backend.suite.stop(backend.service);
      }
    });

    it('answer a sale, a preauth, its capture and their details with the same keys and values, ids and times aside', async () => {
      const onSqlite = await run(backends.sqlite);
      const onPostgres = await run(backends.postgres);
      expect(onSqlite.sale.code).toBe('AUTH');
      expect(onSqlite.capture.code).toBe('AUTH');
      for (const [name, answer] of Object.entries(onSqlite)) {
        const other = onPostgres[name as keyof typeof onPostgres] ?? {};
        expect(comparable(other), name).toEqual(comparable(answer ?? {}));
      }
    }, 60_000);
  },
);
