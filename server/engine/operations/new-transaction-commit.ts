// A new transaction's commit, in one store transaction after its authorization: its gift card's
// issuer decides, the transaction and its first event are recorded, then what its outcome keeps,
// and its answer is built (docs/architecture.md, The flow of a sale, and In flight).
import { Code, GIFT_OPERATIONS, MsoftCode, formatAmount } from '../../../protocol/index.ts';
import type { CheckEntry } from '../checks/check-entry.ts';
import { unixSeconds } from '../../shared/clock.ts';
import { answerWithCopies } from '../receipts/receipt-delivery.ts';
import type { EngineContext, OperationRequest, ServiceAnswer } from '../engine-context.ts';
import { decideGiftPlan, type GiftDecision } from '../gift/gift-host.ts';
import { giftBalancePairs } from '../gift/ledger-refusal.ts';
import { put, transactionPairs, type AnswerResult } from '../response-pairs.ts';
import type { InFlightDraft } from '../../store/in-flight-store.ts';
import type { StoreTx } from '../../store/service-store.ts';
import type { TransactionRecord } from '../../store/transaction-record.ts';
import { insertTransaction } from '../transaction-writes.ts';
import { firstEventOf, newTransactionOf } from './new-transaction-record.ts';
import { tokenFor } from '../tokenizer.ts';
import type { Authorization } from './authorization.ts';
import { keepsCard, sealAccount, type NewTransactionPlan } from './new-transaction-plan.ts';

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
 * Adds the answer fields beyond the transaction's: authamount on a gift operation (the amount
 * applied or to remit) and on a partial approval, pclevel when its gift range names one, balance
 * when it runs on a gift card.
 */
async function addExtraPairs(
  pairs: Record<string, string>,
  tx: StoreTx,
  plan: NewTransactionPlan,
  txn: TransactionRecord,
): Promise<void> {
  const approved = txn.code === Code.AUTH;
  if (approved && (GIFT_OPERATIONS.has(txn.operation) || txn.amount !== plan.amount)) {
    pairs.authamount = formatAmount(txn.amount);
  }
  put(pairs, 'pclevel', plan.account.kind === 'card' ? plan.account.pclevel : undefined);
  Object.assign(pairs, await giftBalancePairs(tx.gift, txn));
}

/**
 * What a new transaction's commit works from: what was recorded in flight, and its authorization
 * (docs/architecture.md, In flight).
 */
interface Authorized {
  readonly draft: InFlightDraft;
  /** The entered card sealed for the vault, when its message carried it. */
  readonly sealed: Buffer | null;
  readonly auth: Authorization;
  readonly at: Date;
}

/** Notes on a transaction the reversal of a partial approval its caller did not accept. */
async function notePartialReversal(
  tx: StoreTx,
  txn: TransactionRecord,
  reversal: NonNullable<Authorization['reversal']>,
  username: string,
  nowTs: number,
): Promise<void> {
  await tx.transactions.note(
    txn,
    {
      action: 'reversal',
      amount: 0,
      code: Code.AUTH,
      msoftCode: MsoftCode.INT_SUCCESS,
      phardCode: null,
      verbiage: 'PARTIAL APPROVAL REVERSED',
      ...reversal,
      username,
    },
    nowTs,
  );
}

/**
 * Records a new transaction's outcome in its store transaction: its gift card's issuer decides,
 * an approval on a card gets its token, and the transaction is inserted with its first event (and
 * the reversal of a refused partial approval noted).
 */
async function recordOutcome(
  ctx: EngineContext,
  tx: StoreTx,
  request: OperationRequest,
  plan: NewTransactionPlan,
  { draft, sealed, auth, at }: Authorized,
): Promise<{ txn: TransactionRecord; result: AnswerResult }> {
  const { caller, params } = request;
  const { account } = plan;
  const { reply } = auth;
  const nowTs = unixSeconds(at);
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
    newTransactionOf(draft, {
      state: approved ? plan.approvedState : 'declined',
      amount,
      result,
      auth: approved ? (reply?.auth ?? null) : null,
      avs: reply?.avs ?? null,
      cv: decision?.cv ?? reply?.cv ?? null,
      token: token ?? null,
      cardSealed: keepsCard(plan, approved) ? (sealed ?? sealAccount(ctx, account)) : null,
      online: reply !== undefined,
      giftAccountId: decision?.accountId ?? null,
    }),
    firstEventOf(request.op, plan.amount, result, auth.stanSeq, caller.username),
    nowTs,
  );
  if (auth.reversal !== undefined) {
    await notePartialReversal(tx, txn, auth.reversal, caller.username, nowTs);
  }
  return { txn, result };
}

/**
 * A new transaction's commit after its in-flight record is removed: its outcome recorded
 * (recordOutcome), an approved check's account kept, the plan's step for the outcome run, its EMV
 * receipt data kept; answers with its fields, a chip read's rcpt_emv_* and, when the answer is the
 * issuer's own, the issuer's response data (icc), and the receipt copies asked for
 * (docs/architecture.md, The flow of a sale: it commits the result, and only then answers).
 */
export async function commitOutcome(
  ctx: EngineContext,
  tx: StoreTx,
  request: OperationRequest,
  plan: NewTransactionPlan,
  authorized: Authorized,
): Promise<{ answer: ServiceAnswer; txn: TransactionRecord }> {
  const { account } = plan;
  const { reply } = authorized.auth;
  const { at } = authorized;
  const nowTs = unixSeconds(at);
  const { txn, result } = await recordOutcome(ctx, tx, request, plan, authorized);
  const approved = result.code === Code.AUTH;
  if (approved && account.kind === 'check') await keepCheck(ctx, tx, txn, account.check);
  const step = approved ? plan.onApproved : plan.onDeclined;
  await step?.(tx, txn, nowTs);
  const emv = account.kind === 'card' ? account.card.emv : undefined;
  if (emv !== undefined) await tx.emv.insert(txn.ttid, emv.receipt);
  // The answer's pairs are written into one object, in the order of the fields above.
  const pairs = transactionPairs(txn, result, at, request.caller.timeZone);
  await addExtraPairs(pairs, tx, plan, txn);
  if (emv !== undefined) Object.assign(pairs, emv.receipt);
  if (reply?.issuerData !== undefined && result.code === reply.code) pairs.icc = reply.issuerData;
  return { answer: await answerWithCopies(tx, request, pairs, txn), txn };
}
