// A new transaction's record as its insert wrote it, built as one literal in the record's field
// order, so every sale's record has the same shape (docs/architecture.md, CPU per sale: changes and
// what they saved).
import type { TransactionRecord } from './transaction-record.ts';
import type { NewTransaction } from './transaction-store.ts';

/** Where an insert placed a new transaction and what it gave it (docs/architecture.md, The store). */
export interface InsertedPlace {
  ttid: number;
  paymentId: string | null;
  batchNumber: number | null;
  item: number | null;
  nowTs: number;
}

/**
 * The record of a new transaction from the values its insert wrote, neither read back nor returned
 * (docs/architecture.md, The store).
 */
export function insertedRecord(txn: NewTransaction, place: InsertedPlace): TransactionRecord {
  return {
    ttid: place.ttid,
    merchantId: txn.merchantId,
    profileId: txn.profileId,
    userId: txn.userId,
    username: txn.username,
    kind: txn.kind,
    operation: txn.operation,
    state: txn.state,
    parentTtid: txn.parentTtid,
    orderId: txn.orderId,
    paymentId: place.paymentId,
    reqAmount: txn.reqAmount,
    amount: txn.amount,
    refundedAmount: 0,
    batchNumber: place.batchNumber,
    item: place.item,
    code: txn.code,
    msoftCode: txn.msoftCode,
    phardCode: txn.phardCode,
    verbiage: txn.verbiage,
    auth: txn.auth,
    stan: txn.stan,
    avs: txn.avs,
    cv: txn.cv,
    accountMasked: txn.accountMasked,
    last4: txn.last4,
    cardtype: txn.cardtype,
    cardholdername: txn.cardholdername,
    entryMode: txn.entryMode,
    token: txn.token,
    cardSealed: txn.cardSealed,
    online: txn.online,
    statusFlags: [...txn.statusFlags],
    reversalReason: txn.reversalReason,
    echo: txn.echo,
    custom: txn.custom,
    giftAccountId: txn.giftAccountId,
    cardFingerprint: txn.cardFingerprint,
    createdTs: place.nowTs,
    lastModifiedTs: place.nowTs,
  };
}
