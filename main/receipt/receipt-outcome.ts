import type { PaymentResponse } from '../payment/index.ts';
import { cardSafe } from './card-safe-text.ts';
import type { ReceiptContext, ReceiptStanding } from './receipt-context.ts';
import type { ReceiptCopy, ReceiptOutcome } from './receipt-document.ts';
import type { ReceiptWords } from '../../protocol/index.ts';

/** The headline word of each standing. */
const STANDING_WORDS: Readonly<Record<ReceiptStanding, keyof ReceiptWords>> = {
  approved: 'approved',
  partial: 'partial',
  declined: 'declined',
  not_charged: 'notCharged',
  voided: 'voided',
  reversed: 'reversed',
  refunded: 'refunded',
  partly_refunded: 'partlyRefunded',
};

/** Standings whose transaction the service approved and still holds (a signature, a barcode). */
const HELD: ReadonlySet<ReceiptStanding> = new Set([
  'approved',
  'partial',
  'refunded',
  'partly_refunded',
]);

/** True when the answer's rcpt_emv_card_decline says the card declined after the approval. */
function cardDeclined(answer: PaymentResponse): boolean {
  const value = answer.get('rcpt_emv_card_decline')?.toLowerCase();
  return value !== undefined && value !== 'no' && value !== 'n';
}

/**
 * Why a decline was declined (docs/lane-devices.md › Receipts, outcome): the customer's copy
 * prints the words of the lane's reason in its language, never the service's own text, which is
 * technical; an English merchant copy prints the service's text (it helps whoever fixes the
 * setup), or the reason's words when the service gave none.
 */
function declineDetail(
  answer: PaymentResponse,
  context: ReceiptContext,
  words: ReceiptWords,
  copy: ReceiptCopy,
): string {
  const reason = context.declineReason;
  const reasonWords = reason === undefined ? '' : (words.declineReasons[reason] ?? '');
  if (copy === 'customer' || (context.language ?? 'en') !== 'en') return reasonWords;
  return cardSafe(answer.verbiage ?? '').trim() || reasonWords;
}

/**
 * A receipt's headline (docs/lane-devices.md, Receipts, outcome): the standing the lane gives,
 * else APPROVED or PARTIALLY APPROVED from the answer, else DECLINED with why (on `copy`).
 */
export function outcomeOf(
  answer: PaymentResponse,
  context: ReceiptContext,
  words: ReceiptWords,
  copy: ReceiptCopy,
): ReceiptOutcome {
  const standing = context.standing;
  if (standing !== undefined && standing !== 'approved' && standing !== 'partial') {
    const text = words[STANDING_WORDS[standing]] as string;
    const detail = standing === 'declined' ? declineDetail(answer, context, words, copy) : '';
    return { approved: HELD.has(standing), partial: false, text, ...(detail ? { detail } : {}) };
  }
  const approved = standing !== undefined || (answer.code === 'AUTH' && !cardDeclined(answer));
  const asked = context.amountMinor;
  const authorized = answer.authAmount;
  const partial = approved && asked !== undefined && authorized !== undefined && authorized < asked;
  if (approved) return { approved, partial, text: partial ? words.partial : words.approved };
  const detail = cardDeclined(answer)
    ? words.cardDeclined
    : declineDetail(answer, context, words, copy);
  return { approved, partial, text: words.declined, ...(detail === '' ? {} : { detail }) };
}
