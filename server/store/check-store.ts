import { SqlArea } from './sql-session.ts';

/** The ACH return a check came back with (detail: return_code, return_reason, return_ts). */
export interface CheckReturnRecord {
  code: string;
  reason: string;
  /** Unix seconds. */
  ts: number;
}

/** One check's entry as kept (009_checks, check_entries). */
export interface CheckRecord {
  ttid: number;
  /** The merchant of its transaction. */
  merchantId: number;
  abaroute: string;
  accounttype: string;
  /** The account sealed by the card vault (purpose check), until its return time has passed. */
  accountSealed: Buffer | null;
  /** Unix seconds; null until its batch settles. */
  returnDueTs: number | null;
  returned: CheckReturnRecord | null;
}

/** Reading check entries (store boundary). */
export interface CheckReads {
  /** The check entry of a transaction, or undefined when it is not a check. */
  find(ttid: number): Promise<CheckRecord | undefined>;
  /** Settled checks whose return time has come (at or before nowTs) and still open, oldest first. */
  due(nowTs: number): Promise<CheckRecord[]>;
  /** The earliest return time of a settled check still open, Unix seconds; undefined when none. */
  nextDueTs(): Promise<number | undefined>;
}

/**
 * Checks' bank accounts and their ACH returns (docs/test-cards.md, Checks). A check's sealed
 * account is dropped once its return time has passed, when it comes back, and in the store
 * transaction that voids or reverses it.
 */
export interface CheckStore extends CheckReads {
  /** Keeps an approved check's entry; call in the store transaction that records the check. */
  insert(ttid: number, abaroute: string, accounttype: string, accountSealed: Buffer): Promise<void>;
  /**
   * Sets `dueTs` as the return time of the checks of batch `batchId` now settled that still hold
   * their account and have none yet; call in the settlement's store transaction. Returns how many.
   */
  settled(batchId: number, dueTs: number): Promise<number>;
  /**
   * Closes a check still open (holding its account), dropping its account: it came back with
   * `returned`, or (null) stands. Returns false, writing nothing, when it was closed before, so of
   * callers racing to close one check one does.
   */
  close(ttid: number, returned: CheckReturnRecord | null): Promise<boolean>;
  /** Drops the account of a check voided or reversed, in the store transaction that cancels it. */
  dropAccount(ttid: number): Promise<void>;
}

/** A check_entries row with its transaction's merchant (009_checks). */
interface CheckRow {
  ttid: number;
  merchant_id: number;
  abaroute: string;
  accounttype: string;
  account_sealed: Buffer | null;
  return_due_ts: number | null;
  return_code: string | null;
  return_reason: string | null;
  return_ts: number | null;
}

/** The SELECT of a check entry with its transaction's merchant, as CheckRow. */
const SELECT_CHECK = `SELECT c.*, t.merchant_id FROM check_entries c JOIN transactions t ON t.ttid = c.ttid`;

/** A check entry from its row. */
function checkFromRow(row: CheckRow): CheckRecord {
  return {
    ttid: row.ttid,
    merchantId: row.merchant_id,
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
 * Check entries in SQL (009_checks): an open entry holds its account until it is closed.
 * Closing is one conditional UPDATE on an entry still open, so of instances racing to close the
 * same due check one does (its row lock holds the other until the commit, which then finds it
 * closed), and its return is recorded once.
 */
export class SqlCheckStore extends SqlArea implements CheckStore {
  async find(ttid: number): Promise<CheckRecord | undefined> {
    const row = await this.sql.get<CheckRow>(`${SELECT_CHECK} WHERE c.ttid = $1`, [ttid]);
    return row === undefined ? undefined : checkFromRow(row);
  }

  async due(nowTs: number): Promise<CheckRecord[]> {
    const rows = await this.sql.all<CheckRow>(
      `${SELECT_CHECK}
       WHERE c.account_sealed IS NOT NULL AND c.return_due_ts IS NOT NULL
         AND c.return_due_ts <= $1
       ORDER BY c.return_due_ts, c.ttid`,
      [nowTs],
    );
    return rows.map(checkFromRow);
  }

  async nextDueTs(): Promise<number | undefined> {
    const row = await this.sql.get<{ due: number | null }>(
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
    await this.sql.run(
      `INSERT INTO check_entries (ttid, abaroute, accounttype, account_sealed)
       VALUES ($1, $2, $3, $4)`,
      [ttid, abaroute, accounttype, accountSealed],
    );
  }

  settled(batchId: number, dueTs: number): Promise<number> {
    return this.sql.run(
      `UPDATE check_entries SET return_due_ts = $1
       WHERE account_sealed IS NOT NULL AND return_due_ts IS NULL
         AND ttid IN (SELECT ttid FROM transactions WHERE batch_id = $2 AND state = 'settled')`,
      [dueTs, batchId],
    );
  }

  async close(ttid: number, returned: CheckReturnRecord | null): Promise<boolean> {
    const closed = await this.sql.run(
      `UPDATE check_entries SET account_sealed = NULL, return_code = $1, return_reason = $2,
         return_ts = $3
       WHERE ttid = $4 AND account_sealed IS NOT NULL`,
      [returned?.code ?? null, returned?.reason ?? null, returned?.ts ?? null, ttid],
    );
    return closed === 1;
  }

  async dropAccount(ttid: number): Promise<void> {
    await this.sql.run('UPDATE check_entries SET account_sealed = NULL WHERE ttid = $1', [ttid]);
  }
}
