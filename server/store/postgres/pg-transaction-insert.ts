import type { NewTransaction, TransactionEvent } from '../transaction-store.ts';
import { eventValues, NEW_TRANSACTION_COLUMNS, newTransactionValues } from '../transaction-rows.ts';
import { openBatchClauses } from './pg-batch-store.ts';
import type { Values } from './pg-session.ts';

/**
 * Notes a stan sequence value for a profile, unless its counter already covers it: with stans
 * handed out from reserved blocks (PgStanBlocks) it always does, so the counter's row is neither
 * written nor locked by a message, and messages of one profile never queue on it. The placeholders
 * name the profile id and the value (null: nothing to note).
 */
export function recordStanStatement(profile: string, value: string): string {
  return `INSERT INTO profile_counters AS c (profile_id, stan_seq)
    SELECT ${profile}::bigint, ${value}::bigint WHERE ${value}::bigint IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM profile_counters WHERE profile_id = ${profile}::bigint
      AND stan_seq >= ${value}::bigint)
    ON CONFLICT (profile_id) DO UPDATE SET stan_seq = greatest(c.stan_seq, excluded.stan_seq)`;
}

/**
 * The provisional item of a capture's row until its commit: 2^52 + its ttid, above every real item
 * and unique, so the row keeps its table's checks (a captured row has a batch and an item).
 */
export const PROVISIONAL_ITEM = 2 ** 52;

/**
 * A new transaction in one statement, so one round trip: its batch when it is captured
 * (openBatchClauses), its row (a capture with its provisional item), its first event and its stan
 * (recordStanStatement); answers the row as the store's reads give it (with batch_number and
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
  s AS (${recordStanStatement('$2', '$46')})
  SELECT t.*, (SELECT number FROM place) AS batch_number, $47::text AS order_id FROM t`;

/** The values of INSERT_TRANSACTION: the transaction, its first event, its order's row and payment id. */
export function insertValues(
  txn: NewTransaction,
  event: TransactionEvent,
  order: { ref: number | null; paymentId: string | null },
  nowTs: number,
): Values {
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
