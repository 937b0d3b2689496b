import type { StoreTx } from '../store/service-store.ts';
import type { TransactionRecord } from '../store/transaction-record.ts';
import type {
  NewTransaction,
  TransactionChange,
  TransactionEvent,
} from '../store/transaction-store.ts';
import { CHECK_CARDTYPE } from './checks/check-entry.ts';
import { postGiftEffect } from './gift/gift-ledger.ts';

/**
 * Records a new transaction with its first event in a store transaction, and posts what it does
 * to its gift card (GiftLedgerError when the card cannot take it); returns it as stored.
 */
export async function insertTransaction(
  tx: StoreTx,
  txn: NewTransaction,
  event: TransactionEvent,
  nowTs: number,
): Promise<TransactionRecord> {
  const stored = await tx.transactions.insert(txn, event, nowTs);
  await postGiftEffect(tx.gift, null, stored, event.action, nowTs);
  return stored;
}

/**
 * Applies a move's change with its event in a store transaction (StaleTransactionError when the
 * transaction left the state it was checked in), posts the change of what it does to its gift
 * card, and drops the bank account of a check it voids or reverses; returns it as it now stands.
 */
export async function updateTransaction(
  tx: StoreTx,
  txn: TransactionRecord,
  change: TransactionChange,
  event: TransactionEvent,
  nowTs: number,
): Promise<TransactionRecord> {
  const { before, after } = await tx.transactions.update(txn, change, event, nowTs);
  await postGiftEffect(tx.gift, before, after, event.action, nowTs);
  if (
    after.cardtype === CHECK_CARDTYPE &&
    (after.state === 'voided' || after.state === 'reversed')
  ) {
    await tx.checks.dropAccount(after.ttid);
  }
  return after;
}
