import type { CheckRecord, CheckReturnRecord, CheckStore } from '../check-store.ts';
import { checkFromRow, SELECT_CHECK, type CheckRow } from '../check-ticket-rows.ts';
import type { SqliteSession } from './sqlite-session.ts';

/** Check entries in SQLite (009_checks): an open entry holds its account until it is closed. */
export class SqliteCheckStore implements CheckStore {
  readonly #s: SqliteSession;

  constructor(session: SqliteSession) {
    this.#s = session;
  }

  find(ttid: number): Promise<CheckRecord | undefined> {
    return this.#s.read(() => {
      const row = this.#s.prepare<[number], CheckRow>(`${SELECT_CHECK} WHERE c.ttid = ?`).get(ttid);
      return row === undefined ? undefined : checkFromRow(row);
    });
  }

  due(nowTs: number): Promise<CheckRecord[]> {
    return this.#s.read(() =>
      this.#s
        .prepare<[number], CheckRow>(
          `${SELECT_CHECK}
           WHERE c.account_sealed IS NOT NULL AND c.return_due_ts IS NOT NULL
             AND c.return_due_ts <= ?
           ORDER BY c.return_due_ts, c.ttid`,
        )
        .all(nowTs)
        .map(checkFromRow),
    );
  }

  nextDueTs(): Promise<number | undefined> {
    return this.#s.read(() => {
      const row = this.#s
        .prepare<[], { due: number | null }>(
          `SELECT min(return_due_ts) AS due FROM check_entries
           WHERE account_sealed IS NOT NULL AND return_due_ts IS NOT NULL`,
        )
        .get();
      return row?.due ?? undefined;
    });
  }

  insert(
    ttid: number,
    abaroute: string,
    accounttype: string,
    accountSealed: Buffer,
  ): Promise<void> {
    return this.#s.write(() => {
      this.#s
        .prepare(
          `INSERT INTO check_entries (ttid, abaroute, accounttype, account_sealed)
           VALUES (?, ?, ?, ?)`,
        )
        .run(ttid, abaroute, accounttype, accountSealed);
    });
  }

  settled(batchId: number, dueTs: number): Promise<number> {
    return this.#s.write(
      () =>
        this.#s
          .prepare(
            `UPDATE check_entries SET return_due_ts = ?
             WHERE account_sealed IS NOT NULL AND return_due_ts IS NULL
               AND ttid IN (SELECT ttid FROM transactions WHERE batch_id = ? AND state = 'settled')`,
          )
          .run(dueTs, batchId).changes,
    );
  }

  close(ttid: number, returned: CheckReturnRecord | null): Promise<boolean> {
    return this.#s.write(
      () =>
        this.#s
          .prepare(
            `UPDATE check_entries SET account_sealed = NULL, return_code = ?, return_reason = ?,
             return_ts = ? WHERE ttid = ? AND account_sealed IS NOT NULL`,
          )
          .run(returned?.code ?? null, returned?.reason ?? null, returned?.ts ?? null, ttid)
          .changes === 1,
    );
  }

  dropAccount(ttid: number): Promise<void> {
    return this.#s.write(() => {
      this.#s.prepare('UPDATE check_entries SET account_sealed = NULL WHERE ttid = ?').run(ttid);
    });
  }
}
