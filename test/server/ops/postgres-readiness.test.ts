import { afterEach, describe, expect, it } from 'vitest';
import { parseStoreLocation } from '../../../server/store/store-location.ts';
import { call, type HttpAnswer } from '../helpers/http-client.ts';
import {
  skipWithoutPostgres,
  startPostgresCluster,
  type PostgresCluster,
} from '../helpers/postgres-cluster.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

let cluster: PostgresCluster | undefined;
let service: TestServer | undefined;
afterEach(async () => {
  await service?.stop().catch(() => undefined);
  service = undefined;
  await cluster?.stop();
  cluster = undefined;
});

function ops(path: string): Promise<HttpAnswer> {
  const port = service?.server.opsAddress?.port ?? 0;
  return call({ host: '127.0.0.1', port }, { method: 'GET', path });
}

describe.skipIf(skipWithoutPostgres('readiness on PostgreSQL'))(
  'the ops port over PostgreSQL',
  () => {
    it('shows the pool, and answers /readyz 503 "store unreachable" once the database is gone', async () => {
      cluster = await startPostgresCluster();
      const url = await cluster.createDatabase();
      service = await startTestServer({
        opsPort: 0,
        store: parseStoreLocation(`${url}?connect_timeout=2`),
      });
      expect((await ops('/readyz')).json()).toEqual({ ready: true });
      const text = (await ops('/metrics')).text;
      expect(text).toMatch(/^laneterm_store_pool_connections\{state="idle"\} [1-9]/m);
      expect(text).toMatch(/^laneterm_store_pool_waiting \d+$/m);
      expect(text).toMatch(/^laneterm_store_pool_waits_total \d+$/m);
      expect(text).not.toContain('laneterm_store_group_commit_flushes_total');
      await cluster.primary.kill('SIGKILL');
      const ready = await ops('/readyz');
      expect(ready.status).toBe(503);
      expect(ready.json()).toEqual({ ready: false, reasons: ['store unreachable'] });
      expect((await ops('/healthz')).status).toBe(200);
    }, 120_000);
  },
);
