import type {
  StatusFlag,
  TransactionKind,
  TransactionOperation,
  TransactionRecord,
  TransactionState,
} from './transaction-record.ts';

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
