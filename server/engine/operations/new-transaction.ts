import { Code, MsoftCode, formatAmount } from '../../../protocol/index.ts';
import { lastFour, maskPan } from '../../../drivers/crypto/index.ts';
import type {
  ProcessorCard,
  ProcessorDebit,
  ProcessorVerification,
} from '../../processor/index.ts';
import type { CardEntry } from '../account-entry.ts';
import { checkDisplay, processorCheck, type CheckEntry } from '../checks/check-entry.ts';
import { unixSeconds } from '../clock.ts';
import { answerWithCopies } from '../receipts/receipt-delivery.ts';
import type { EngineContext, OperationRequest } from '../engine-context.ts';
import { decideGiftPlan, type GiftDecision, type GiftPlan } from '../gift/gift-host.ts';
import { giftBalancePairs } from '../gift/ledger-refusal.ts';
import { put, transactionPairs, type AnswerResult } from '../response-pairs.ts';
import type { ServiceAnswer } from '../engine-context.ts';
import { InFlightClaimedError, type InFlightDraft } from '../../store/in-flight-store.ts';
import type { StoreTx } from '../../store/service-store.ts';
import {
  GIFT_OPERATIONS,
  type TransactionKind,
  type TransactionOperation,
  type TransactionRecord,
  type TransactionState,
} from '../../store/transaction-record.ts';
import { resolveInFlight } from '../in-flight-recovery.ts';
import { insertTransaction } from '../transaction-writes.ts';
import { tokenFor } from '../tokenizer.ts';
import { authorizeOnline, type Authorization } from './authorization.ts';

/**
 * The account of a new transaction: entered card data (with its cardtype, for a gift card of a
 * range naming one its pclevel, and the PIN of a PIN debit), a check's bank account, or a prior
 * transaction it refunds.
 */
export type PlanAccount =
  | { kind: 'card'; card: CardEntry; cardtype: string; pclevel?: number; debit?: ProcessorDebit }
  | { kind: 'check'; check: CheckEntry }
  | { kind: 'prior'; prior: TransactionRecord };

/**
 * A step of a new transaction's commit, run in its store transaction with the new transaction
 * (e.g. to update its parent, or to deny-list its card).
 */
export type CommitStep = (tx: StoreTx, txn: TransactionRecord, nowTs: number) => Promise<void>;

/** Everything needed to run a new sale, preauth, refund or gift operation. */
export interface NewTransactionPlan {
  kind: TransactionKind;
  /** The operation recorded (detail's and reports' action); default the kind. */
  operation?: TransactionOperation;
  /** The state an approval leaves it in: captured (in a batch) or authorized (hold only). */
  approvedState: Extract<TransactionState, 'captured' | 'authorized'>;
  account: PlanAccount;
  /** Minor units. */
  amount: number;
  verification?: ProcessorVerification;
  echo: Record<string, string>;
  custom: Record<string, string>;
  /** The gift card it runs on: the card's issuer (the gift ledger) decides inside the commit. */
  gift?: GiftPlan;
  /** Runs inside the commit of an approval. */
  onApproved?: CommitStep;
  /** Runs inside the commit of a decline. */
  onDeclined?: CommitStep;
}

/**
 * The card the processor message carries: entered card data with its PIN debit and chip read,
 * unless a gift card (its issuer is the service's gift ledger) or a prior transaction.
 */
function messageCard(plan: NewTransactionPlan): ProcessorCard | undefined {
  const { account } = plan;
  if (account.kind !== 'card' || plan.gift !== undefined) return undefined;
  return processorCard(account);
}

/** A processor message's card: the entered card, its PIN debit, its chip read's cryptogram. */
export function processorCard(account: Extract<PlanAccount, { kind: 'card' }>): ProcessorCard {
  const { card, cardtype, debit } = account;
  return {
    pan: card.pan,
    ...(card.expdate !== undefined && { expdate: card.expdate }),
    cardtype,
    cardNotPresent: card.cardNotPresent,
    ...(debit !== undefined && { debit }),
    ...(card.emv !== undefined && {
      emv: {
        cryptogram: card.emv.cryptogram,
        cryptogramType: card.emv.cryptogramType,
        tags: card.emv.tags,
      },
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
  if (account.kind === 'check') return checkDisplay(account.check);
  const { card, cardtype } = account;
  return {
    accountMasked: maskPan(card.pan),
    last4: lastFour(card.pan),
    cardtype,
    cardholdername: card.cardholdername ?? null,
    entryMode: card.entryMode,
  };
}

/**
 * Whether an approved transaction keeps its card for later moves (SENSITIVEDATA): an approved sale
 * or preauth on entered card data does; a refund, a cashout (nothing follows it but a void) and a
 * transaction on a prior one do not.
 */
function keepsCard(plan: NewTransactionPlan, approved: boolean): boolean {
  return (
    approved &&
    plan.kind !== 'refund' &&
    plan.account.kind === 'card' &&
    plan.operation !== 'cashout'
  );
}

/** The account sealed for the card vault (purpose "transaction"), when it is entered card data. */
function sealAccount(ctx: EngineContext, account: PlanAccount): Buffer | null {
  if (account.kind !== 'card') return null;
  const { pan, expdate } = account.card;
  return ctx.vault.seal({ pan, ...(expdate !== undefined && { expdate }) }, 'transaction');
}

/** The keyed fingerprint of the card or bank account a new transaction enters (duplicate check). */
function fingerprintOf(ctx: EngineContext, account: PlanAccount): string | null {
  if (account.kind === 'prior') return null;
  return ctx.vault.fingerprint(account.kind === 'card' ? account.card.pan : account.check.account);
}

/** What the transaction is recorded as whatever its outcome: everything but the outcome. */
function draftOf(
  ctx: EngineContext,
  request: OperationRequest,
  plan: NewTransactionPlan,
): InFlightDraft {
  const { caller, params } = request;
  const { account } = plan;
  return {
    merchantId: caller.merchantId,
    profileId: caller.profileId,
    userId: caller.userId,
    username: caller.username,
    kind: plan.kind,
    operation: plan.operation ?? plan.kind,
    parentTtid: account.kind === 'prior' ? account.prior.ttid : null,
    orderId: params.order_id ?? (account.kind === 'prior' ? account.prior.orderId : null),
    reqAmount: plan.amount,
    ...accountDisplay(account),
    echo: plan.echo,
    custom: plan.custom,
    cardFingerprint: fingerprintOf(ctx, account),
  };
}

/** Keeps an approved check's sealed bank account for its return time, in its store transaction. */
async function keepCheck(
  ctx: EngineContext,
  tx: StoreTx,
  txn: TransactionRecord,
  check: CheckEntry,
): Promise<void> {
  const sealed = ctx.vault.seal({ pan: check.account }, 'check');
  await tx.checks.insert(txn.ttid, check.abaroute, check.accounttype, sealed);
}

/** The result and amount a new transaction is recorded with, once its gift card's issuer decided. */
interface Outcome {
  result: AnswerResult;
  amount: number;
  decision?: GiftDecision;
}

async function outcomeOf(
  ctx: EngineContext,
  tx: StoreTx,
  request: OperationRequest,
  plan: NewTransactionPlan,
  auth: Authorization,
  nowTs: number,
): Promise<Outcome> {
  const { result, approvedAmount } = auth;
  if (result.code !== Code.AUTH || plan.gift === undefined) {
    return { result, amount: approvedAmount };
  }
  const { merchantId } = request.caller;
  const decision = await decideGiftPlan(ctx, tx, merchantId, plan.gift, approvedAmount, nowTs);
  if (decision.kind === 'approved') return { result, amount: decision.amount, decision };
  return { result: { ...decision.result, stan: result.stan }, amount: approvedAmount, decision };
}

/**
 * The answer fields beyond the transaction's: authamount on a gift operation (the amount applied
 * or to remit) and on a partial approval, balance when it runs on a gift card, pclevel when its
 * gift range names one.
 */
async function extraPairs(
  tx: StoreTx,
  plan: NewTransactionPlan,
  txn: TransactionRecord,
): Promise<Record<string, string>> {
  const pairs: Record<string, string> = {};
  const approved = txn.code === Code.AUTH;
  if (approved && (GIFT_OPERATIONS.has(txn.operation) || txn.amount !== plan.amount)) {
    pairs.authamount = formatAmount(txn.amount);
  }
  put(pairs, 'pclevel', plan.account.kind === 'card' ? plan.account.pclevel : undefined);
  return { ...pairs, ...(await giftBalancePairs(tx.gift, txn)) };
}

/**
 * Runs a new transaction on an account. It is first recorded in flight (durably), so an order
 * lookup answers "in progress" until its outcome is committed and a restart finds it; then it goes
 * online through the send queue (authorize, or credit for a refund or a gift load; a refused
 * partial approval is reversed there and then); then, in one store transaction, a gift card's
 * issuer decides, and the transaction, its first event, its batch item, its order, its token, its
 * gift ledger row and its EMV receipt data are committed and its in-flight record removed; only
 * then it answers, a chip read with its rcpt_emv_* fields and, when the answer is the issuer's
 * own, the issuer's response data (icc). When that commit fails, the transaction is settled as
 * never completed (resolveInFlight), unless another instance took its record over and settles it,
 * and the failure answered.
 */
export async function runNewTransaction(
  request: OperationRequest,
  ctx: EngineContext,
  plan: NewTransactionPlan,
): Promise<ServiceAnswer> {
  const { caller, params } = request;
  const card = messageCard(plan);
  const draft = draftOf(ctx, request, plan);
  const sealed = card === undefined ? null : sealAccount(ctx, plan.account);
  const inFlight = await ctx.store.inFlight.insert(draft, sealed, unixSeconds(request.now));
  const auth = await authorizeOnline(ctx, request, {
    kind: plan.kind === 'refund' ? 'credit' : 'authorize',
    amount: plan.amount,
    card,
    ...(plan.account.kind === 'check' && { check: processorCheck(plan.account.check) }),
    ...(plan.verification !== undefined && { verification: plan.verification }),
  });
  const { reply } = auth;
  const emv = plan.account.kind === 'card' ? plan.account.card.emv : undefined;
  const at = ctx.clock();
  const nowTs = unixSeconds(at);
  const commit = ctx.store.transaction(async (tx) => {
    await tx.inFlight.remove(inFlight.id);
    const { account } = plan;
    const { result, amount, decision } = await outcomeOf(ctx, tx, request, plan, auth, nowTs);
    const approved = result.code === Code.AUTH;
    const token =
      approved && account.kind === 'card'
        ? await tokenFor(
            tx.tokens,
            ctx.vault,
            caller.merchantId,
            account.card,
            account.cardtype,
            params,
            nowTs,
          )
        : undefined;
    const txn = await insertTransaction(
      tx,
      {
        ...draft,
        state: approved ? plan.approvedState : 'declined',
        amount,
        code: result.code,
        msoftCode: result.msoftCode,
        phardCode: result.phardCode,
        verbiage: result.verbiage,
        auth: approved ? (reply?.auth ?? null) : null,
        stan: result.stan,
        avs: reply?.avs ?? null,
        cv: decision?.cv ?? reply?.cv ?? null,
        token: token ?? null,
        cardSealed: keepsCard(plan, approved) ? (sealed ?? sealAccount(ctx, account)) : null,
        online: reply !== undefined,
        statusFlags: [],
        reversalReason: null,
        giftAccountId: decision?.accountId ?? null,
      },
      {
        action: request.op,
        amount: plan.amount,
        ...result,
        stanSeq: auth.stanSeq,
        username: caller.username,
      },
      nowTs,
    );
    if (auth.reversal !== undefined) {
      await tx.transactions.note(
        txn,
        {
          action: 'reversal',
          amount: 0,
          code: Code.AUTH,
          msoftCode: MsoftCode.INT_SUCCESS,
          phardCode: null,
          verbiage: 'PARTIAL APPROVAL REVERSED',
          ...auth.reversal,
          username: caller.username,
        },
        nowTs,
      );
    }
    if (approved && account.kind === 'check') await keepCheck(ctx, tx, txn, account.check);
    const step = approved ? plan.onApproved : plan.onDeclined;
    await step?.(tx, txn, nowTs);
    if (emv !== undefined) await tx.emv.insert(txn.ttid, emv.receipt);
    const pairs = {
      ...transactionPairs(txn, result, at, caller.timeZone),
      ...(await extraPairs(tx, plan, txn)),
      ...emv?.receipt,
      ...(reply?.issuerData !== undefined &&
        result.code === reply.code && { icc: reply.issuerData }),
    };
    return answerWithCopies(tx, request, pairs, txn);
  });
  return commit.catch(async (error: unknown) => {
    // A record another instance took over is that instance's to settle.
    if (!(error instanceof InFlightClaimedError)) await resolveInFlight(ctx, inFlight);
    throw error;
  });
}
