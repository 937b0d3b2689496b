import type { SqlSession } from '../sql-session.ts';
import { SqlTransactionStore, type CapturePlace } from '../sql-transaction-store.ts';
import type { TransactionRecord } from '../transaction-record.ts';
import { recordFromRow, type TransactionRow } from '../transaction-rows.ts';
import type { NewTransaction, TransactionEvent } from '../transaction-store.ts';
import { pgTxSession, type PgTxSession } from './pg-session.ts';
import {
  INSERT_TRANSACTION,
  insertValues,
  itemAtCommit,
  openBatchClauses,
  PROVISIONAL_ITEM,
} from './pg-transaction-insert.ts';

/**
 * Leaves a capture's item to its commit (itemAtCommit): the record shows none until the store
 * transaction commits, then the item taken.
 */
function itemWithCommit(s: PgTxSession, record: TransactionRecord, batchId: number): void {
  record.item = null;
  s.atCommit(itemAtCommit(batchId, record.ttid), (rows) => {
    record.item = Number(rows[0]?.item);
  });
}

/**
 * Transactions and their history in PostgreSQL (SqlTransactionStore), for instances sharing the
 * database: a new transaction is one statement (INSERT_TRANSACTION), and a capture takes its
 * batch's next item in the round trip that commits, so captures of one profile queue on the
 * batch's row lock only while PostgreSQL commits (docs/architecture.md, The store).
 */
export class PgTransactionStore extends SqlTransactionStore {
  insert(txn: NewTransaction, event: TransactionEvent, nowTs: number): Promise<TransactionRecord> {
    return this.sql.write(async (session) => {
      const s = pgTxSession(session);
      const order = await this.orderOf(s, txn, nowTs);
      const row = await s.get<TransactionRow & { batch_id: number | null }>(
        INSERT_TRANSACTION,
        insertValues(txn, event, order, nowTs),
      );
      if (row === undefined) throw new Error('transaction row vanished inside its own commit');
      const record = recordFromRow(row);
      if (row.batch_id !== null) itemWithCommit(s, record, row.batch_id);
      return record;
    });
  }

  /**
   * The profile's open batch, opened now if none is (openBatchClauses), with a provisional item;
   * the real item is taken with the commit (itemAtCommit).
   */
  protected async placeCapture(
    s: SqlSession,
    txn: TransactionRecord,
    nowTs: number,
  ): Promise<CapturePlace> {
    const batch = await s.get<{ id: number }>(
      `WITH ${openBatchClauses('CAST($1 AS bigint)', 'CAST($2 AS bigint)', 'true')}
       SELECT * FROM place`,
      [txn.profileId, nowTs],
    );
    if (batch === undefined) throw new Error('batch row vanished inside its own commit');
    return {
      assignments: [
        ['batch_id', batch.id],
        ['item', PROVISIONAL_ITEM + txn.ttid],
      ],
      placed: (after) => itemWithCommit(pgTxSession(s), after, batch.id),
    };
  }
}
