import type { SqlSession } from '../sql-session.ts';
import { SqlTransactionStore, type CapturePlace } from '../sql-transaction-store.ts';
import type { TransactionRecord } from '../transaction-record.ts';
import { NEW_TRANSACTION_COLUMNS, newRecord, newTransactionValues } from '../transaction-rows.ts';
import type { NewTransaction, TransactionEvent } from '../transaction-store.ts';

const INSERT = `INSERT INTO transactions (${NEW_TRANSACTION_COLUMNS}, batch_id, item)
  VALUES (${Array.from({ length: 38 }, (_, i) => `$${i + 1}`).join(', ')})`;

/** A capture's place: its batch, the batch's number and its item there. */
interface BatchPlace {
  batchId: number;
  number: number;
  item: number;
}

/**
 * The next item of the profile's open batch, opening a batch first if none is open, inside the
 * change that captures the transaction: SQLite's writers take turns at its one connection, so
 * reading the batch and counting its item cannot interleave with another capture.
 */
async function placeInBatch(s: SqlSession, profileId: number, nowTs: number): Promise<BatchPlace> {
  type OpenBatch = { id: number; item_count: number; number: number };
  let open = await s.get<OpenBatch>(
    `SELECT id, item_count, number FROM batches WHERE profile_id = $1 AND status = 'open'`,
    [profileId],
  );
  open ??= await s.get<OpenBatch>(
    `INSERT INTO batches (profile_id, number, status, item_count, opened_ts)
     SELECT $1, coalesce(max(number), 0) + 1, 'open', 0, $2 FROM batches WHERE profile_id = $1
     RETURNING id, item_count, number`,
    [profileId, nowTs],
  );
  const counted =
    open === undefined
      ? 0
      : await s.run('UPDATE batches SET item_count = item_count + 1 WHERE id = $1', [open.id]);
  if (open === undefined || counted !== 1) {
    throw new Error('batch row vanished inside its own commit');
  }
  return { batchId: open.id, number: open.number, item: open.item_count + 1 };
}

/**
 * Transactions and their history in SQLite (SqlTransactionStore): one service process owns the
 * database and its writers take turns, so a capture takes the next item of its batch in the
 * change that writes it, and a new transaction's record is made from the values its insert wrote.
 */
export class SqliteTransactionStore extends SqlTransactionStore {
  insert(txn: NewTransaction, event: TransactionEvent, nowTs: number): Promise<TransactionRecord> {
    return this.sql.write(async (s) => {
      const order = await this.orderOf(s, txn, nowTs);
      const place = txn.state === 'captured' ? await placeInBatch(s, txn.profileId, nowTs) : null;
      const values = newTransactionValues(txn, order, nowTs);
      values.push(place?.batchId ?? null, place?.item ?? null);
      const ttid = await s.insertRow(INSERT, values, 'ttid');
      await this.addEvent(s, ttid, txn.profileId, event, nowTs);
      // The row as written, from the values given it: neither read back nor returned by SQLite.
      return newRecord(txn, {
        ttid,
        paymentId: order.paymentId,
        batchNumber: place?.number ?? null,
        item: place?.item ?? null,
        nowTs,
      });
    });
  }

  protected async placeCapture(
    s: SqlSession,
    txn: TransactionRecord,
    nowTs: number,
  ): Promise<CapturePlace> {
    const place = await placeInBatch(s, txn.profileId, nowTs);
    return {
      assignments: [
        ['batch_id', place.batchId],
        ['item', place.item],
      ],
    };
  }
}
