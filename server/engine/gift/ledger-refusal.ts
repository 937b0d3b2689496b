import { formatAmount } from '../../../protocol/index.ts';
import { invalidMove } from '../answers.ts';
import type { ServiceAnswer } from '../engine-context.ts';
import type { GiftReads } from '../../store/gift-store.ts';
import { INSUFFICIENT_FUNDS } from '../partial-approval.ts';
import type { AnswerResult } from '../response-pairs.ts';
import type { TransactionRecord } from '../../store/transaction-record.ts';
import { NOT_ACTIVE } from './gift-host.ts';
import type { GiftLedgerError } from './gift-ledger.ts';

/** Why a move done by the service alone (void, adjust) was refused by the gift ledger. */
function offlineReason(error: GiftLedgerError): string {
  switch (error.refusal) {
    case 'insufficient':
      return `the gift card holds ${formatAmount(error.balance)}; this would take ${formatAmount(error.wanted)}`;
    case 'in_use':
      return 'the gift card was used since it was loaded; cash it out instead';
    case 'not_active':
      return 'the gift card is not active';
    case 'already_active':
      return 'the gift card is already active';
  }
}

/**
 * How a move the gift ledger refused is answered, nothing of it written: a move done by the
 * service alone as a refused move (DATA_INVALIDMOD with the reason); a move the processor
 * approved as the card issuer's decline (INSUFFICIENT FUNDS, or CARD NOT ACTIVE), to be recorded
 * in the transaction's history with the message's stan.
 */
export function ledgerRefusal(
  error: GiftLedgerError,
  op: string,
  result: AnswerResult,
): { kind: 'answer'; answer: ServiceAnswer } | { kind: 'decline'; result: AnswerResult } {
  if (result.phardCode === null) {
    return { kind: 'answer', answer: invalidMove(op, offlineReason(error)) };
  }
  const decline = error.refusal === 'insufficient' ? INSUFFICIENT_FUNDS : NOT_ACTIVE;
  return { kind: 'decline', result: { ...decline, stan: result.stan } };
}

/** The balance of the gift card a transaction runs on, for its answer (none off gift cards). */
export async function giftBalancePairs(
  gift: GiftReads,
  txn: TransactionRecord,
): Promise<Record<string, string>> {
  if (txn.giftAccountId === null) return {};
  return { balance: formatAmount((await gift.get(txn.giftAccountId)).balance) };
}
