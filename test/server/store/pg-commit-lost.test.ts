// A PostgreSQL store transaction whose server is lost once its statements are done and before its
// COMMIT is answered: the session cannot know whether it committed, and says so
// (CommitOutcomeUnknown) instead of a plain failure a client would take for "nothing done".
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { CommitOutcomeUnknown } from '../../../server/store/commit-outcome-unknown.ts';
import type { ServiceStore } from '../../../server/store/service-store.ts';
import { postgresBackend } from './store-fixture.ts';

const backend = postgresBackend();

/** Ends every connection of the database that sits inside a transaction, and waits for each to go. */
async function loseOpenTransactions(location: string): Promise<number> {
  const client = new pg.Client({ connectionString: location });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `SELECT pg_terminate_backend(pid, 5000) FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()
       AND state LIKE 'idle in transaction%'`,
    );
    return rowCount ?? 0;
  } finally {
    await client.end();
  }
}

describe.skipIf(backend.skip)('a PostgreSQL store transaction whose server is lost', () => {
  const open: ServiceStore[] = [];
  afterEach(async () => {
    for (const store of open.splice(0)) await store.close();
  });

  it('reports a server lost during COMMIT as an unknown outcome, and commits the next one', async () => {
    const { store, location } = await backend.fresh();
    open.push(store);
    const lost = store.transaction(async (tx) => {
      await tx.users.createMerchant('lost', 'hash', 'UTC', 1);
      expect(await loseOpenTransactions(location)).toBe(1);
    });
    await expect(lost).rejects.toBeInstanceOf(CommitOutcomeUnknown);
    const next = await store.transaction((tx) => tx.users.createMerchant('next', 'hash', 'UTC', 2));
    expect(next.merchantId).toBeGreaterThan(0);
  });

  it('leaves a failure before COMMIT as it was: not an unknown outcome', async () => {
    const { store } = await backend.fresh();
    open.push(store);
    const refused = store.transaction(async (tx) => {
      await tx.users.createMerchant('twice', 'hash', 'UTC', 1);
      await tx.users.createMerchant('twice', 'hash', 'UTC', 1);
    });
    await expect(refused).rejects.toThrow();
    await expect(refused).rejects.not.toBeInstanceOf(CommitOutcomeUnknown);
  });
});
