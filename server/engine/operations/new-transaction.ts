import { Code, MsoftCode } from '../../../protocol/index.ts';
import { lastFour, maskPan } from '../../../drivers/crypto/index.ts';
import type {
  ProcessorCard,
  ProcessorDebit,
  ProcessorVerification,
} from '../../processor/index.ts';
import type { CardEntry } from '../account-entry.ts';
import { response } from '../answers.ts';
import { unixSeconds } from '../clock.ts';
import type { EngineContext, OperationRequest } from '../engine-context.ts';
import { QUEUE_TIMEOUT_RESULT, sendOnline } from '../online.ts';
import { transactionPairs } from '../response-pairs.ts';
import type { ServiceAnswer } from '../engine-context.ts';
import type {
  TransactionKind,
  TransactionRecord,
  TransactionState,
} from '../store/transaction-record.ts';
import { tokenFor } from '../tokenizer.ts';

/**
 * The account of a new transaction: entered card data (with the PIN of a PIN debit), or a prior
 * transaction it refunds.
 */
export type PlanAccount =
  | { kind: 'card'; card: CardEntry; cardtype: string; debit?: ProcessorDebit }
  | { kind: 'prior'; prior: TransactionRecord };

/** Everything needed to run a new sale, preauth or refund. */
export interface NewTransactionPlan {
  kind: TransactionKind;
  /** The state an approval leaves it in: captured (in a batch) or authorized (hold only). */
  approvedState: Extract<TransactionState, 'captured' | 'authorized'>;
  account: PlanAccount;
  /** Minor units. */
  amount: number;
  verification?: ProcessorVerification;
  echo: Record<string, string>;
  custom: Record<string, string>;
  /** Runs inside the commit of an approval, with the new transaction (e.g. to update its parent). */
  onApproved?: (txn: TransactionRecord, nowTs: number) => void;
}

/** The card the processor message carries, if the account is entered card data. */
function messageCard(account: PlanAccount): ProcessorCard | undefined {
  if (account.kind === 'prior') return undefined;
  const { card, cardtype, debit } = account;
  return {
    pan: card.pan,
    ...(card.expdate !== undefined && { expdate: card.expdate }),
    cardtype,
    cardNotPresent: card.cardNotPresent,
    ...(debit !== undefined && { debit }),
    ...(card.emv !== undefined && {
      emv: { cryptogram: card.emv.cryptogram, cryptogramType: card.emv.cryptogramType },
    }),
  };
}

/** The account as a transaction shows it: masked entry, or a copy of the prior transaction's. */
function accountDisplay(
  account: PlanAccount,
): Pick<
  TransactionRecord,
  'accountMasked' | 'last4' | 'cardtype' | 'cardholdername' | 'entryMode'
> {
  if (account.kind === 'prior') {
    const { accountMasked, last4, cardtype, cardholdername, entryMode } = account.prior;
    return { accountMasked, last4, cardtype, cardholdername, entryMode };
  }
  const { card, cardtype } = account;
  return {
    accountMasked: maskPan(card.pan),
    last4: lastFour(card.pan),
    cardtype,
    cardholdername: card.cardholdername ?? null,
    entryMode: card.entryMode,
  };
}

/** The sealed card an approved sale or preauth keeps for later moves (SENSITIVEDATA). */
function sealedCard(
  ctx: EngineContext,
  plan: NewTransactionPlan,
  approved: boolean,
): Buffer | null {
  if (!approved || plan.kind === 'refund' || plan.account.kind !== 'card') return null;
  const { pan, expdate } = plan.account.card;
  return ctx.vault.seal({ pan, ...(expdate !== undefined && { expdate }) }, 'transaction');
}

/**
 * Runs a new transaction on an account: sends it online through the send queue (authorize, or
 * credit for a refund), then commits the transaction, its first event, its batch item, its order,
 * its token and its EMV receipt data in one SQLite transaction, and only then answers, a chip
 * read with its rcpt_emv_* fields and the issuer's response data (icc).
 */
export async function runNewTransaction(
  request: OperationRequest,
  ctx: EngineContext,
  plan: NewTransactionPlan,
): Promise<ServiceAnswer> {
  const { caller, params } = request;
  const online = await sendOnline(ctx, request, {
    kind: plan.kind === 'refund' ? 'credit' : 'authorize',
    amount: plan.amount,
    card: messageCard(plan.account),
    ...(plan.verification !== undefined && { verification: plan.verification }),
  });
  const reply = online.kind === 'reply' ? online.reply : undefined;
  const result = {
    code: reply?.code ?? QUEUE_TIMEOUT_RESULT.code,
    msoftCode: reply === undefined ? QUEUE_TIMEOUT_RESULT.msoftCode : MsoftCode.INT_SUCCESS,
    phardCode: reply?.phardCode ?? null,
    verbiage: reply?.verbiage ?? QUEUE_TIMEOUT_RESULT.verbiage,
    stan: online.kind === 'reply' ? online.stan : null,
  };
  const approved = result.code === Code.AUTH;
  const state = approved ? plan.approvedState : 'declined';
  const emv = plan.account.kind === 'card' ? plan.account.card.emv : undefined;
  const at = ctx.clock();
  const nowTs = unixSeconds(at);
  const txn = ctx.transactions.atomically(() => {
    const { account } = plan;
    const token =
      approved && account.kind === 'card'
        ? tokenFor(ctx, caller.merchantId, account.card, account.cardtype, params, nowTs)
        : undefined;
    const txn = ctx.transactions.insert(
      {
        merchantId: caller.merchantId,
        profileId: caller.profileId,
        userId: caller.userId,
        username: caller.username,
        kind: plan.kind,
        state,
        parentTtid: account.kind === 'prior' ? account.prior.ttid : null,
        orderId: params.order_id ?? (account.kind === 'prior' ? account.prior.orderId : null),
        reqAmount: plan.amount,
        amount: plan.amount,
        code: result.code,
        msoftCode: result.msoftCode,
        phardCode: result.phardCode,
        verbiage: result.verbiage,
        auth: reply?.auth ?? null,
        stan: result.stan,
        avs: reply?.avs ?? null,
        cv: reply?.cv ?? null,
        ...accountDisplay(account),
        token: token ?? null,
        cardSealed: sealedCard(ctx, plan, approved),
        online: online.kind === 'reply',
        statusFlags: [],
        reversalReason: null,
        echo: plan.echo,
        custom: plan.custom,
      },
      {
        action: request.op,
        amount: plan.amount,
        ...result,
        stanSeq: online.kind === 'reply' ? online.stanSeq : null,
        username: caller.username,
      },
      nowTs,
    );
    if (approved) plan.onApproved?.(txn, nowTs);
    if (emv !== undefined) ctx.emv.insert(txn.ttid, emv.receipt);
    return txn;
  });
  return response({
    ...transactionPairs(txn, result, at, caller.timeZone),
    ...emv?.receipt,
    ...(reply?.issuerData !== undefined && { icc: reply.issuerData }),
  });
}
