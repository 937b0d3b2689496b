import type { SqlValues } from '../sql-session.ts';
import { recordStanSql } from '../transaction-change-sql.ts';
import { POSTGRES_DIALECT } from '../sql-dialect.ts';
import type { NewTransaction, TransactionEvent } from '../transaction-store.ts';
import { eventValues, NEW_TRANSACTION_COLUMNS, newTransactionValues } from '../transaction-rows.ts';

/**
 * The WITH clauses that find a capture's batch without locking it: `place` is the profile's open
 * batch (id, number), or one opened now when none is (two writes opening one at once meet on the
 * partial unique index batches_one_open, and the loser's store transaction runs again); empty
 * unless `when` holds. Placeholders name the statement's parameters: profile id, now, a boolean.
 */
export function openBatchClauses(profile: string, now: string, when: string): string {
  return `found AS (
      SELECT id, number FROM batches WHERE profile_id = ${profile} AND status = 'open' AND ${when}),
    opened AS (
      INSERT INTO batches (profile_id, number, status, item_count, opened_ts)
      SELECT ${profile}, coalesce(max(number), 0) + 1, 'open', 0, ${now}
      FROM batches WHERE profile_id = ${profile}
      HAVING ${when} AND NOT EXISTS (SELECT 1 FROM found)
      RETURNING id, number),
    place AS (SELECT * FROM found UNION ALL SELECT * FROM opened)`;
}

/**
 * The provisional item of a capture's row until its commit: 2^52 + its ttid, above every real item
 * and unique, so the row keeps its table's checks (a captured row has a batch and an item).
 */
export const PROVISIONAL_ITEM = 2 ** 52;

/**
 * A new transaction in one statement, so one round trip: its batch when it is captured
 * (openBatchClauses), its row (a capture with its provisional item), its first event and its stan
 * (recordStanSql); answers the row as the store's reads give it (with batch_number and
 * order_id). A capture's real item is taken with the commit (itemAtCommit).
 */
export const INSERT_TRANSACTION = `WITH ${openBatchClauses('$2::bigint', '$32::bigint', '$37::boolean')},
  id AS (SELECT nextval(pg_get_serial_sequence('transactions', 'ttid')) AS ttid),
  t AS (INSERT INTO transactions (ttid, ${NEW_TRANSACTION_COLUMNS}, batch_id, item)
    OVERRIDING SYSTEM VALUE
    VALUES ((SELECT ttid FROM id), ${Array.from({ length: 36 }, (_, i) => `$${i + 1}`).join(', ')},
    (SELECT id FROM place), (SELECT ttid + ${PROVISIONAL_ITEM} FROM id WHERE $37::boolean))
    RETURNING *),
  e AS (INSERT INTO transaction_events (ttid, action, amount, code, msoft_code, phard_code,
    verbiage, stan, username, ts)
    SELECT ttid, $38::text, $39::bigint, $40::text, $41::text, $42::text, $43::text, $44::text,
    $45::text, $32::bigint FROM t),
  s AS (${recordStanSql(POSTGRES_DIALECT, '$2', '$46')})
  SELECT t.*, (SELECT number FROM place) AS batch_number, $47::text AS order_id FROM t`;

/** The values of INSERT_TRANSACTION: the transaction, its first event, its order's row and payment id. */
export function insertValues(
  txn: NewTransaction,
  event: TransactionEvent,
  order: { ref: number | null; paymentId: string | null },
  nowTs: number,
): SqlValues {
  return [
    ...newTransactionValues(txn, order, nowTs),
    txn.state === 'captured',
    ...eventValues(event),
    event.stanSeq,
    txn.orderId,
  ];
}

/**
 * The statement that gives a capture its item, run with its commit (PgTxSession.atCommit): the
 * next item of its batch, taken under the batch's row lock, which every capture of the profile
 * waits for and a settlement meets (whichever comes second sees the other's commit). A batch
 * settled meanwhile leaves the item null, which the row's check refuses: the capture runs again.
 */
export function itemAtCommit(batchId: number, ttid: number): string {
  if (!Number.isSafeInteger(batchId) || !Number.isSafeInteger(ttid)) {
    throw new TypeError(`itemAtCommit: batch ${batchId} and ttid ${ttid} must be whole numbers`);
  }
  return `WITH b AS (UPDATE batches SET item_count = item_count + 1
      WHERE id = ${batchId} AND status = 'open' RETURNING item_count)
    UPDATE transactions SET item = (SELECT item_count FROM b) WHERE ttid = ${ttid} RETURNING item`;
}
