import { Code, MsoftCode, refusalOf, type Move } from '../../../protocol/index.ts';
import type { ProcessorRequest } from '../../processor/index.ts';
import { invalidMove, notFound, response, serviceDecline } from '../answers.ts';
import { unixSeconds } from '../../shared/clock.ts';
import type { EngineContext, OperationRequest } from '../engine-context.ts';
import { QUEUE_TIMEOUT_RESULT, sendOnline } from '../online.ts';
import { transactionPairs, withCommittedItem, type AnswerResult } from '../response-pairs.ts';
import type { CallerContext, ServiceAnswer } from '../engine-context.ts';
import { GiftLedgerError } from '../gift/gift-ledger.ts';
import { giftBalancePairs, ledgerRefusal } from '../gift/ledger-refusal.ts';
import type { TransactionRecord } from '../../store/transaction-record.ts';
import type { StoreTx } from '../../store/service-store.ts';
import { StaleTransactionError, type TransactionChange } from '../../store/transaction-store.ts';
import { updateTransaction } from '../transaction-writes.ts';

/** The result of a move done by the service alone (void, adjust): approved, not online. */
export const OFFLINE_SUCCESS: AnswerResult = {
  code: Code.AUTH,
  msoftCode: MsoftCode.INT_SUCCESS,
  phardCode: null,
  verbiage: 'SUCCESS',
  stan: null,
};

/** The caller's merchant's transaction with that ttid (digits), if any. */
export async function findTransaction(
  ctx: EngineContext,
  caller: CallerContext,
  ttid: string,
): Promise<TransactionRecord | undefined> {
  return /^[0-9]{1,15}$/.test(ttid)
    ? ctx.store.transactions.find(caller.merchantId, Number(ttid))
    : undefined;
}

/**
 * Runs a move on the transaction named by the request's ttid while holding that ttid's lock, so
 * the state the move was checked against is the state it commits over. Unknown ttid: not found.
 */
export async function withTransaction(
  request: OperationRequest,
  ctx: EngineContext,
  work: (txn: TransactionRecord) => ServiceAnswer | Promise<ServiceAnswer>,
): Promise<ServiceAnswer> {
  const txn = await findTransaction(ctx, request.caller, request.params.ttid ?? '');
  if (txn === undefined) return notFound('ttid');
  return ctx.locks.run(`ttid:${txn.ttid}`, async () => {
    const current = await ctx.store.transactions.find(txn.merchantId, txn.ttid);
    return current === undefined ? notFound('ttid') : work(current);
  });
}

/** The refusal of a move the state table forbids for this transaction, if it does. */
export function refuseMove(
  request: OperationRequest,
  txn: TransactionRecord,
  move: Move,
): ServiceAnswer | undefined {
  const refusal = refusalOf(txn, move);
  return refusal === undefined ? undefined : invalidMove(request.op, refusal);
}

/**
 * A move's change, or a function computing it inside the commit with its store transaction (e.g.
 * to create a token).
 */
export type ChangeOf = TransactionChange | ((tx: StoreTx) => Promise<TransactionChange>);

/** What a move's history event records beside its result: the amount and the stan used. */
type MoveDetail = { amount: number | null; stanSeq: number | null };

/**
 * Records a move that changed nothing (a decline, online or by the gift ledger) in the
 * transaction's history, and answers it with the transaction as it stands.
 */
async function noteDecline(
  request: OperationRequest,
  ctx: EngineContext,
  txn: TransactionRecord,
  result: AnswerResult,
  detail: MoveDetail,
): Promise<ServiceAnswer> {
  const at = ctx.clock();
  await ctx.store.transactions.note(
    txn,
    { action: request.op, ...detail, ...result, username: request.caller.username },
    unixSeconds(at),
  );
  return response(transactionPairs(txn, result, at, request.caller.timeZone));
}

/**
 * Commits a move's change with its event and answers with the transaction as it now stands (and,
 * on a gift card, the card's balance). A change given as a function runs inside the commit, so
 * whatever else it writes commits with it. If the transaction left the state the move was checked
 * in (a settlement ran meanwhile), nothing is written and the answer is DATA_LOCKED; if its gift
 * card cannot take the change, nothing is written and the gift ledger's refusal is answered.
 */
export async function commitMove(
  request: OperationRequest,
  ctx: EngineContext,
  txn: TransactionRecord,
  change: ChangeOf,
  result: AnswerResult,
  detail: MoveDetail,
): Promise<ServiceAnswer> {
  const at = ctx.clock();
  try {
    const { pairs, updated } = await ctx.store.transaction(async (tx) => {
      const updated = await updateTransaction(
        tx,
        txn,
        typeof change === 'function' ? await change(tx) : change,
        { action: request.op, ...detail, ...result, username: request.caller.username },
        unixSeconds(at),
      );
      const pairs = {
        ...transactionPairs(updated, result, at, request.caller.timeZone),
        ...(await giftBalancePairs(tx.gift, updated)),
      };
      return { pairs, updated };
    });
    return response(withCommittedItem(pairs, updated));
  } catch (error) {
    if (error instanceof GiftLedgerError) {
      const refusal = ledgerRefusal(error, request.op, result);
      return refusal.kind === 'answer'
        ? refusal.answer
        : noteDecline(request, ctx, txn, refusal.result, detail);
    }
    if (!(error instanceof StaleTransactionError)) throw error;
    return serviceDecline(
      MsoftCode.DATA_LOCKED,
      'ttid: the transaction changed state while the request was in progress; look it up again',
    );
  }
}

/**
 * Sends a move online and commits `change` when the processor approves. A decline, or a wait in
 * the send queue past `timeout`, changes nothing: it is written to the history and answered.
 */
export async function runOnlineMove(
  request: OperationRequest,
  ctx: EngineContext,
  txn: TransactionRecord,
  message: Omit<ProcessorRequest, 'stan' | 'now'>,
  change: ChangeOf,
): Promise<ServiceAnswer> {
  const online = await sendOnline(ctx, request, message);
  const result: AnswerResult =
    online.kind === 'reply'
      ? {
          code: online.reply.code,
          msoftCode: MsoftCode.INT_SUCCESS,
          phardCode: online.reply.phardCode,
          verbiage: online.reply.verbiage,
          stan: online.stan,
        }
      : { ...QUEUE_TIMEOUT_RESULT, phardCode: null, stan: null };
  const detail = {
    amount: message.amount,
    stanSeq: online.kind === 'reply' ? online.stanSeq : null,
  };
  if (result.code === Code.AUTH) return commitMove(request, ctx, txn, change, result, detail);
  return noteDecline(request, ctx, txn, result, detail);
}
