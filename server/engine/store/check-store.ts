import type { EngineDatabase } from './statement-cache.ts';
import type { TransactionRecord } from './transaction-record.ts';
import type { TransactionWriteHook } from './transaction-store.ts';

/** The ACH return a check came back with (detail: return_code, return_reason, return_ts). */
export interface CheckReturnRecord {
  code: string;
  reason: string;
  /** Unix seconds. */
  ts: number;
}

/** One check's entry as kept (check_entries). */
export interface CheckRecord {
  ttid: number;
  abaroute: string;
  accounttype: string;
  /** The account sealed by the card vault (purpose check), until its return time has passed. */
  accountSealed: Buffer | null;
  /** Unix seconds; null until its batch settles. */
  returnDueTs: number | null;
  returned: CheckReturnRecord | null;
}

interface CheckRow {
  ttid: number;
  abaroute: string;
  accounttype: string;
  account_sealed: Buffer | null;
  return_due_ts: number | null;
  return_code: string | null;
  return_reason: string | null;
  return_ts: number | null;
}

function recordOf(row: CheckRow): CheckRecord {
  return {
    ttid: row.ttid,
    abaroute: row.abaroute,
    accounttype: row.accounttype,
    accountSealed: row.account_sealed,
    returnDueTs: row.return_due_ts,
    returned:
      row.return_code === null
        ? null
        : { code: row.return_code, reason: row.return_reason ?? '', ts: row.return_ts ?? 0 },
  };
}

/**
 * Checks' bank accounts and their ACH returns (table check_entries). A check's sealed account is
 * dropped once its return time has passed, when it comes back, and in the commit that voids it
 * (as a TransactionWriteHook, in the transaction's own commit).
 */
export class CheckStore implements TransactionWriteHook {
  readonly #db: EngineDatabase;

  constructor(db: EngineDatabase) {
    this.#db = db;
  }

  /** Keeps an approved check's entry; call inside its transaction's commit. */
  insert(ttid: number, abaroute: string, accounttype: string, accountSealed: Buffer): void {
    this.#db
      .prepare(
        'INSERT INTO check_entries (ttid, abaroute, accounttype, account_sealed) VALUES (?, ?, ?, ?)',
      )
      .run(ttid, abaroute, accounttype, accountSealed);
  }

  /** The check entry of a transaction, or undefined when it is not a check. */
  find(ttid: number): CheckRecord | undefined {
    const row = this.#db
      .prepare<[number], CheckRow>('SELECT * FROM check_entries WHERE ttid = ?')
      .get(ttid);
    return row === undefined ? undefined : recordOf(row);
  }

  /** Sets when the returns of a settling batch's checks are due; call inside the settlement. */
  settled(batchId: number, dueTs: number): number {
    return this.#db
      .prepare(
        `UPDATE check_entries SET return_due_ts = ?
         WHERE account_sealed IS NOT NULL AND return_due_ts IS NULL
           AND ttid IN (SELECT ttid FROM transactions WHERE batch_id = ? AND state = 'settled')`,
      )
      .run(dueTs, batchId).changes;
  }

  /** Settled checks whose return time has come and that are not yet answered, oldest first. */
  due(nowTs: number): CheckRecord[] {
    return this.#db
      .prepare<[number], CheckRow>(
        `SELECT * FROM check_entries
         WHERE account_sealed IS NOT NULL AND return_due_ts IS NOT NULL AND return_due_ts <= ?
         ORDER BY return_due_ts, ttid`,
      )
      .all(nowTs)
      .map(recordOf);
  }

  /** The earliest return time still to come, Unix seconds, or undefined when none is. */
  nextDueTs(): number | undefined {
    const row = this.#db
      .prepare<[], { due: number | null }>(
        `SELECT min(return_due_ts) AS due FROM check_entries
         WHERE account_sealed IS NOT NULL AND return_due_ts IS NOT NULL`,
      )
      .get();
    return row?.due ?? undefined;
  }

  /** Closes a check's return time: it came back with `returned`, or (null) it stands. */
  close(ttid: number, returned: CheckReturnRecord | null): void {
    this.#db
      .prepare(
        `UPDATE check_entries SET account_sealed = NULL, return_code = ?, return_reason = ?,
         return_ts = ? WHERE ttid = ?`,
      )
      .run(returned?.code ?? null, returned?.reason ?? null, returned?.ts ?? null, ttid);
  }

  /** Drops the account of a check voided or reversed, in the commit that cancels it. */
  written(_before: TransactionRecord | null, after: TransactionRecord): void {
    if (after.state !== 'voided' && after.state !== 'reversed') return;
    this.#db
      .prepare('UPDATE check_entries SET account_sealed = NULL WHERE ttid = ?')
      .run(after.ttid);
  }
}
