import { refusalOf } from './state-machine.ts';
import type { TransactionRecord } from './store/transaction-record.ts';

/**
 * tranflags of a transaction (seed: Transaction detail, tranflags): CAPTURED while in a batch
 * (captured or settled), ONLINE when it went to the processor, SENSITIVEDATA while its card data
 * is held.
 */
export function tranflagsOf(txn: TransactionRecord): string[] {
  const flags: string[] = [];
  if (txn.state === 'captured' || txn.state === 'settled') flags.push('CAPTURED');
  if (txn.online) flags.push('ONLINE');
  if (txn.cardSealed !== null) flags.push('SENSITIVEDATA');
  return flags;
}

/**
 * txnstatus of a transaction (docs/engine.md): APPROVED or DECLINED; VOIDED or REVERSED when
 * cancelled; the marks ADJUSTED, INCREMENTED, PARTIALREVERSAL, REFUNDED; COMPLETE once settled
 * (seed: txnstatus COMPLETE).
 */
export function txnstatusOf(txn: TransactionRecord): string[] {
  const status = [txn.state === 'declined' ? 'DECLINED' : 'APPROVED'];
  if (txn.state === 'voided') status.push('VOIDED');
  if (txn.state === 'reversed') status.push('REVERSED');
  status.push(...txn.statusFlags);
  if (txn.state === 'settled') status.push('COMPLETE');
  return status;
}

/** reversible (seed: Transaction detail): the state table allows a full reversal now. */
export function reversibleOf(txn: TransactionRecord): boolean {
  return refusalOf(txn, 'reversal_full') === undefined && txn.refundedAmount === 0;
}
