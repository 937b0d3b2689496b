import type {
  TransactionKind,
  TransactionOperation,
  TransactionState,
} from '../../protocol/index.ts';

/** The rule book's transaction kinds and states (protocol/transactions), as the store keeps them. */
export type { TransactionKind, TransactionOperation, TransactionState };

/**
 * Lifecycle marks kept beside the state, reported in txnstatus (docs/test-cards.md); RETURNED: a
 * settled check came back through ACH.
 */
export type StatusFlag = 'ADJUSTED' | 'INCREMENTED' | 'PARTIALREVERSAL' | 'RETURNED';

/** One stored transaction; amounts in minor units, times in Unix seconds. */
export interface TransactionRecord {
  ttid: number;
  merchantId: number;
  profileId: number;
  userId: number;
  username: string;
  kind: TransactionKind;
  operation: TransactionOperation;
  state: TransactionState;
  parentTtid: number | null;
  orderId: string | null;
  paymentId: string | null;
  /** The amount first asked for (orig_reqamount). */
  reqAmount: number;
  /** The amount now held or to settle. */
  amount: number;
  /** Sum of approved refunds against this transaction. */
  refundedAmount: number;
  batchNumber: number | null;
  item: number | null;
  code: string;
  msoftCode: string;
  phardCode: string | null;
  verbiage: string;
  auth: string | null;
  stan: string | null;
  avs: string | null;
  cv: string | null;
  accountMasked: string;
  last4: string;
  cardtype: string;
  cardholdername: string | null;
  /** rcpt_entry_mode letter (UniTerm SDK response fields). */
  entryMode: string;
  token: string | null;
  /** Sealed card data while held (SENSITIVEDATA), else null. */
  cardSealed: Buffer | null;
  online: boolean;
  statusFlags: StatusFlag[];
  reversalReason: string | null;
  /** Non-sensitive request parameters as sent, for the detail's request echo. */
  echo: Record<string, string>;
  /** Custom parameters as sent (docs/interface.md › property name*). */
  custom: Record<string, string>;
  /** The gift account the transaction moves (gift_accounts.id), when it runs on a gift card. */
  giftAccountId: number | null;
  /** Keyed fingerprint of the account number (CardVault.fingerprint), for the duplicate check. */
  cardFingerprint: string | null;
  createdTs: number;
  lastModifiedTs: number;
}
