// What a new transaction is inserted as: its in-flight draft completed by its outcome, built as one
// literal so every sale's record has the same shape (docs/architecture.md, CPU per sale: changes
// and what they saved).
import type { InFlightDraft } from '../../store/in-flight-store.ts';
import type { TransactionState } from '../../store/transaction-record.ts';
import type { NewTransaction, TransactionEvent } from '../../store/transaction-store.ts';
import type { AnswerResult } from '../response-pairs.ts';

/** What a new transaction's outcome adds to its draft (docs/test-cards.md, States). */
export interface OutcomeFields {
  state: TransactionState;
  amount: number;
  result: AnswerResult;
  auth: string | null;
  avs: string | null;
  cv: string | null;
  token: string | null;
  cardSealed: Buffer | null;
  online: boolean;
  giftAccountId: number | null;
}

/**
 * The new transaction to insert: the draft's fields, then the outcome's, with no flags yet
 * (docs/architecture.md, In flight).
 */
export function newTransactionOf(draft: InFlightDraft, outcome: OutcomeFields): NewTransaction {
  const { result } = outcome;
  return {
    merchantId: draft.merchantId,
    profileId: draft.profileId,
    userId: draft.userId,
    username: draft.username,
    kind: draft.kind,
    operation: draft.operation,
    parentTtid: draft.parentTtid,
    orderId: draft.orderId,
    reqAmount: draft.reqAmount,
    accountMasked: draft.accountMasked,
    last4: draft.last4,
    cardtype: draft.cardtype,
    cardholdername: draft.cardholdername,
    entryMode: draft.entryMode,
    echo: draft.echo,
    custom: draft.custom,
    cardFingerprint: draft.cardFingerprint,
    state: outcome.state,
    amount: outcome.amount,
    code: result.code,
    msoftCode: result.msoftCode,
    phardCode: result.phardCode,
    verbiage: result.verbiage,
    auth: outcome.auth,
    stan: result.stan,
    avs: outcome.avs,
    cv: outcome.cv,
    token: outcome.token,
    cardSealed: outcome.cardSealed,
    online: outcome.online,
    statusFlags: [],
    reversalReason: null,
    giftAccountId: outcome.giftAccountId,
  };
}

/**
 * A new transaction's first event (transaction_events): its operation, the amount asked and the
 * outcome's result.
 */
export function firstEventOf(
  action: string,
  amount: number,
  result: AnswerResult,
  stanSeq: number | null,
  username: string,
): TransactionEvent {
  return {
    action,
    amount,
    code: result.code,
    msoftCode: result.msoftCode,
    phardCode: result.phardCode,
    verbiage: result.verbiage,
    stan: result.stan,
    stanSeq,
    username,
  };
}
