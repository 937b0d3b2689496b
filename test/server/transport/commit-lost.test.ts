// A sale whose commit meets its database server lost during COMMIT (docs/architecture.md, In
// flight): neither key/value nor REST answers it, as if the instance itself had been lost, so the
// lane looks the order up instead of taking a refusal for "nothing done" (the lane soak's
// invariant, docs/scaling.md). On real PostgreSQL: a deferred trigger ends its own connection
// while the transaction row's COMMIT runs, once per reset of a sequence.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStoreLocation } from '../../../server/store/store-location.ts';
import { call } from '../helpers/http-client.ts';
import { KvTestClient } from '../helpers/kv-client.ts';
import {
  skipWithoutPostgres,
  startPostgresCluster,
  type PostgresCluster,
} from '../helpers/postgres-cluster.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

const LOSE_NEXT_COMMIT = `
CREATE SEQUENCE lose_commit_once;
CREATE FUNCTION lose_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF nextval('lose_commit_once') = 1 THEN PERFORM pg_terminate_backend(pg_backend_pid()); END IF;
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER lose_commit AFTER INSERT ON transactions
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION lose_commit();`;

const SALE = { account: '4111111111111111', expdate: '1230', amount: '12.00' };

describe.skipIf(skipWithoutPostgres('a commit lost with its server'))(
  'a sale whose commit meets a server lost during COMMIT',
  () => {
    let cluster: PostgresCluster | undefined;
    let service: TestServer | undefined;
    let database: pg.Client | undefined;
    beforeAll(async () => {
      cluster = await startPostgresCluster();
      const url = await cluster.createDatabase();
      service = await startTestServer({ store: parseStoreLocation(url) });
      database = new pg.Client({ connectionString: url });
      await database.connect();
      await database.query(LOSE_NEXT_COMMIT);
    }, 120_000);
    afterAll(async () => {
      await database?.end();
      await service?.stop().catch(() => undefined);
      await cluster?.stop();
    });

    const plain = () => ({ host: '127.0.0.1', port: service?.server.plainAddress?.port ?? 0 });
    const key = () => ({
      auth_apikey_id: service?.apiKey.id ?? '',
      auth_apikey_secret: service?.apiKey.secret ?? '',
    });

    /** The order as a fresh key/value client finds it. */
    async function lookUp(orderId: string): Promise<Record<string, string>> {
      const client = await KvTestClient.connect(plain());
      try {
        client.send('1', {
          action_trans: 'admin',
          admin: 'trandetail',
          ...key(),
          order_id: orderId,
        });
        return await client.pairs('1');
      } finally {
        client.close();
      }
    }

    it('is not answered over key/value: the connection closes, and the order shows the sale not completed', async () => {
      await database?.query('ALTER SEQUENCE lose_commit_once RESTART');
      const client = await KvTestClient.connect(plain());
      client.send('7', { action_trans: 'sale', ...key(), ...SALE, order_id: 'LOST-KV' });
      const first = await Promise.race([
        client.closed.then(() => 'closed'),
        client.answerBody('7').then(() => 'answered'),
      ]);
      expect(first).toBe('closed');
      const found = await lookUp('LOST-KV');
      expect(found).toMatchObject({ orig_msoft_code: 'SYS_FAILURE', order_id: 'LOST-KV' });
      expect(found.txnstatus).not.toBe('APPROVED');
    }, 60_000);

    it('is not answered over REST: the connection closes without a response', async () => {
      await database?.query('ALTER SEQUENCE lose_commit_once RESTART');
      const sale = call(plain(), {
        method: 'POST',
        path: '/api/v2/transaction/purchase',
        headers: { 'X-API-KEY-ID': service?.apiKey.id, 'X-API-KEY': service?.apiKey.secret },
        body: {
          account_data: { account: SALE.account, expdate: SALE.expdate },
          money: { amount: SALE.amount },
          order_id: 'LOST-REST',
        },
      });
      await expect(sale).rejects.toThrow(/socket hang up|ECONNRESET/);
      const found = await lookUp('LOST-REST');
      expect(found.order_id).toBe('LOST-REST');
      expect(found.txnstatus).not.toBe('APPROVED');
    }, 60_000);
  },
);
