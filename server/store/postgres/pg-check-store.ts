import type { CheckRecord, CheckReturnRecord, CheckStore } from '../check-store.ts';
import { checkFromRow, SELECT_CHECK, type CheckRow } from '../check-ticket-rows.ts';
import type { PgSession } from './pg-session.ts';

/**
 * Check entries in PostgreSQL (009_checks): an open entry holds its account until it is closed.
 * Closing is one conditional UPDATE on an entry still open, so of instances racing to close the
 * same due check one does (its row lock holds the other until the commit, which then finds it
 * closed), and its return is recorded once.
 */
export class PgCheckStore implements CheckStore {
  readonly #s: PgSession;

  constructor(session: PgSession) {
    this.#s = session;
  }

  async find(ttid: number): Promise<CheckRecord | undefined> {
    const row = await this.#s.get<CheckRow>(`${SELECT_CHECK} WHERE c.ttid = $1`, [ttid]);
    return row === undefined ? undefined : checkFromRow(row);
  }

  async due(nowTs: number): Promise<CheckRecord[]> {
    const rows = await this.#s.all<CheckRow>(
      `${SELECT_CHECK}
       WHERE c.account_sealed IS NOT NULL AND c.return_due_ts IS NOT NULL
         AND c.return_due_ts <= $1
       ORDER BY c.return_due_ts, c.ttid`,
      [nowTs],
    );
    return rows.map(checkFromRow);
  }

  async nextDueTs(): Promise<number | undefined> {
    const row = await this.#s.get<{ due: number | null }>(
      `SELECT min(return_due_ts) AS due FROM check_entries
       WHERE account_sealed IS NOT NULL AND return_due_ts IS NOT NULL`,
    );
    return row?.due ?? undefined;
  }

  async insert(
    ttid: number,
    abaroute: string,
    accounttype: string,
    accountSealed: Buffer,
  ): Promise<void> {
    await this.#s.run(
      `INSERT INTO check_entries (ttid, abaroute, accounttype, account_sealed)
       VALUES ($1, $2, $3, $4)`,
      [ttid, abaroute, accounttype, accountSealed],
    );
  }

  settled(batchId: number, dueTs: number): Promise<number> {
    return this.#s.run(
      `UPDATE check_entries SET return_due_ts = $1
       WHERE account_sealed IS NOT NULL AND return_due_ts IS NULL
         AND ttid IN (SELECT ttid FROM transactions WHERE batch_id = $2 AND state = 'settled')`,
      [dueTs, batchId],
    );
  }

  async close(ttid: number, returned: CheckReturnRecord | null): Promise<boolean> {
    const closed = await this.#s.run(
      `UPDATE check_entries SET account_sealed = NULL, return_code = $1, return_reason = $2,
         return_ts = $3
       WHERE ttid = $4 AND account_sealed IS NOT NULL`,
      [returned?.code ?? null, returned?.reason ?? null, returned?.ts ?? null, ttid],
    );
    return closed === 1;
  }

  async dropAccount(ttid: number): Promise<void> {
    await this.#s.run('UPDATE check_entries SET account_sealed = NULL WHERE ttid = $1', [ttid]);
  }
}
