import type {
  StatusFlag,
  TransactionKind,
  TransactionOperation,
  TransactionRecord,
  TransactionState,
} from './transaction-record.ts';
import type { NewTransaction, TransactionEvent } from './transaction-store.ts';

/** The columns of a transactions row joined with its batch number and order id. */
export interface TransactionRow {
  ttid: number;
  merchant_id: number;
  profile_id: number;
  user_id: number;
  username: string;
  kind: TransactionKind;
  operation: TransactionOperation;
  state: TransactionState;
  parent_ttid: number | null;
  order_id: string | null;
  payment_id: string | null;
  req_amount: number;
  amount: number;
  refunded_amount: number;
  batch_number: number | null;
  item: number | null;
  code: string;
  msoft_code: string;
  phard_code: string | null;
  verbiage: string;
  auth: string | null;
  stan: string | null;
  avs: string | null;
  cv: string | null;
  account_masked: string;
  last4: string;
  cardtype: string;
  cardholdername: string | null;
  entry_mode: string;
  token: string | null;
  card_sealed: Buffer | null;
  online: number;
  status_flags: string;
  reversal_reason: string | null;
  echo_json: string;
  custom_json: string;
  gift_account_id: number | null;
  card_fingerprint: string | null;
  created_ts: number;
  last_modified_ts: number;
}

/** The record a joined row stands for. */
export function recordFromRow(row: TransactionRow): TransactionRecord {
  return {
    ttid: row.ttid,
    merchantId: row.merchant_id,
    profileId: row.profile_id,
    userId: row.user_id,
    username: row.username,
    kind: row.kind,
    operation: row.operation,
    state: row.state,
    parentTtid: row.parent_ttid,
    orderId: row.order_id,
    paymentId: row.payment_id,
    reqAmount: row.req_amount,
    amount: row.amount,
    refundedAmount: row.refunded_amount,
    batchNumber: row.batch_number,
    item: row.item,
    code: row.code,
    msoftCode: row.msoft_code,
    phardCode: row.phard_code,
    verbiage: row.verbiage,
    auth: row.auth,
    stan: row.stan,
    avs: row.avs,
    cv: row.cv,
    accountMasked: row.account_masked,
    last4: row.last4,
    cardtype: row.cardtype,
    cardholdername: row.cardholdername,
    entryMode: row.entry_mode,
    token: row.token,
    cardSealed: row.card_sealed,
    online: row.online === 1,
    statusFlags: row.status_flags === '' ? [] : (row.status_flags.split('|') as StatusFlag[]),
    reversalReason: row.reversal_reason,
    echo: JSON.parse(row.echo_json) as Record<string, string>,
    custom: JSON.parse(row.custom_json) as Record<string, string>,
    giftAccountId: row.gift_account_id,
    cardFingerprint: row.card_fingerprint,
    createdTs: row.created_ts,
    lastModifiedTs: row.last_modified_ts,
  };
}

/** Where a new transaction was written: its ttid, payment id, batch place and time. */
export interface NewTransactionPlace {
  ttid: number;
  paymentId: string | null;
  batchNumber: number | null;
  item: number | null;
  nowTs: number;
}

/**
 * A new transaction's record from the values its insert wrote, field by field in one fixed shape
 * (not a spread of what it was made from; docs/architecture.md, CPU per sale).
 */
export function newRecord(txn: NewTransaction, at: NewTransactionPlace): TransactionRecord {
  return {
    ttid: at.ttid,
    merchantId: txn.merchantId,
    profileId: txn.profileId,
    userId: txn.userId,
    username: txn.username,
    kind: txn.kind,
    operation: txn.operation,
    state: txn.state,
    parentTtid: txn.parentTtid,
    orderId: txn.orderId,
    paymentId: at.paymentId,
    reqAmount: txn.reqAmount,
    amount: txn.amount,
    refundedAmount: 0,
    batchNumber: at.batchNumber,
    item: at.item,
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
    createdTs: at.nowTs,
    lastModifiedTs: at.nowTs,
  };
}

/**
 * The columns both back ends write for a new transaction, in the order of newTransactionValues;
 * its batch_id and item follow, as each back end places a capture in its batch.
 */
export const NEW_TRANSACTION_COLUMNS = `merchant_id, profile_id, user_id, username, kind, state,
  parent_ttid, order_ref, payment_id, req_amount, amount, code, msoft_code, phard_code, verbiage,
  auth, stan, avs, cv, account_masked, last4, cardtype, cardholdername, entry_mode, token,
  card_sealed, online, status_flags, reversal_reason, echo_json, custom_json, created_ts,
  last_modified_ts, operation, gift_account_id, card_fingerprint`;

/** The values of NEW_TRANSACTION_COLUMNS (36) for a transaction of order row `order.ref`. */
export function newTransactionValues(
  txn: NewTransaction,
  order: { ref: number | null; paymentId: string | null },
  nowTs: number,
): (string | number | Buffer | null)[] {
  return [
    txn.merchantId,
    txn.profileId,
    txn.userId,
    txn.username,
    txn.kind,
    txn.state,
    txn.parentTtid,
    order.ref,
    order.paymentId,
    txn.reqAmount,
    txn.amount,
    txn.code,
    txn.msoftCode,
    txn.phardCode,
    txn.verbiage,
    txn.auth,
    txn.stan,
    txn.avs,
    txn.cv,
    txn.accountMasked,
    txn.last4,
    txn.cardtype,
    txn.cardholdername,
    txn.entryMode,
    txn.token,
    txn.cardSealed,
    txn.online ? 1 : 0,
    txn.statusFlags.join('|'),
    txn.reversalReason,
    JSON.stringify(txn.echo),
    JSON.stringify(txn.custom),
    nowTs,
    nowTs,
    txn.operation,
    txn.giftAccountId,
    txn.cardFingerprint,
  ];
}

/** An event's values for transaction_events' columns action … username, in that order. */
export function eventValues(event: TransactionEvent): (string | number | null)[] {
  return [
    event.action,
    event.amount,
    event.code,
    event.msoftCode,
    event.phardCode,
    event.verbiage,
    event.stan,
    event.username,
  ];
}
