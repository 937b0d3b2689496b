import { Code, MsoftCode } from '../../protocol/index.ts';
import type { InFlightRecord } from '../store/in-flight-store.ts';
import type { TransactionRecord } from '../store/transaction-record.ts';
import type { TransactionEvent } from '../store/transaction-store.ts';
import { unixSeconds } from '../shared/clock.ts';
import type { EngineContext } from './engine-context.ts';
import { insertTransaction } from './transaction-writes.ts';

/**
 * The result a transaction whose outcome was never committed is recorded with (docs/test-cards.md,
 * In flight): a decline by the service, SYS_FAILURE, no phard_code: the card is not charged.
 */
export const NOT_COMPLETED = {
  code: Code.DENY,
  msoftCode: MsoftCode.SYS_FAILURE,
  phardCode: null,
  verbiage: 'NOT COMPLETED: the outcome was never recorded; any authorization was reversed',
} as const;

/**
 * Sends a reversal of an in-flight record's message to the processor (ISO 8583's reversal of a
 * message whose answer was lost), carrying the card it was for; returns its event.
 */
async function reverseMessage(
  ctx: EngineContext,
  record: InFlightRecord,
  cardSealed: Buffer,
  now: Date,
): Promise<Omit<TransactionEvent, 'username'>> {
  const { draft } = record;
  const secret = ctx.vault.unseal(cardSealed, 'transaction');
  const { seq, stan } = await ctx.stans.next(draft.profileId);
  const reply = await ctx.processor.send({
    kind: 'reverse',
    amount: 0,
    card: {
      pan: secret.pan,
      ...(secret.expdate !== undefined && { expdate: secret.expdate }),
      cardtype: draft.cardtype,
      cardNotPresent: draft.entryMode === 'M',
    },
    stan,
    now,
  });
  return {
    action: 'reversal',
    amount: 0,
    code: reply.code,
    msoftCode: MsoftCode.INT_SUCCESS,
    phardCode: reply.phardCode,
    verbiage: reply.code === Code.AUTH ? 'UNRECORDED AUTHORIZATION REVERSED' : reply.verbiage,
    stan,
    stanSeq: seq,
  };
}

/**
 * Settles a transaction left in flight, whose outcome was never committed (the service stopped, or
 * the commit failed): what may have reached the processor with a card is reversed there first;
 * then, in one store transaction, it is recorded as declined (NOT_COMPLETED, with the reversal in
 * its history) under its order, and its in-flight record removed. Nothing moved on a gift card: a
 * gift card's ledger moves only in the commit of an outcome. Returns the transaction recorded.
 */
export async function resolveInFlight(
  ctx: EngineContext,
  record: InFlightRecord,
): Promise<TransactionRecord> {
  const now = ctx.clock();
  const reversal =
    record.cardSealed === null
      ? undefined
      : await reverseMessage(ctx, record, record.cardSealed, now);
  const nowTs = unixSeconds(now);
  const { draft } = record;
  return ctx.store.transaction(async (tx) => {
    await tx.inFlight.remove(record.id);
    const txn = await insertTransaction(
      tx,
      {
        ...draft,
        state: 'declined',
        amount: draft.reqAmount,
        ...NOT_COMPLETED,
        auth: null,
        stan: null,
        avs: null,
        cv: null,
        token: null,
        cardSealed: null,
        online: reversal !== undefined,
        statusFlags: [],
        reversalReason: null,
        giftAccountId: null,
      },
      {
        action: draft.operation,
        amount: draft.reqAmount,
        ...NOT_COMPLETED,
        stan: null,
        stanSeq: null,
        username: draft.username,
      },
      nowTs,
    );
    if (reversal !== undefined) {
      await tx.transactions.note(txn, { ...reversal, username: draft.username }, nowTs);
    }
    return txn;
  });
}

/**
 * Whether a new transaction's record is still in flight after its outcome's commit met a lost
 * database server, read by its id: still there, it was not committed and is settled here; gone,
 * the outcome stands. When the read fails too, it is not known, and the record is left for the
 * next start to settle (docs/architecture.md, In flight).
 */
export async function stillInFlight(ctx: EngineContext, record: InFlightRecord): Promise<boolean> {
  try {
    return await ctx.store.inFlight.isInFlight(record.id);
  } catch {
    return false;
  }
}
