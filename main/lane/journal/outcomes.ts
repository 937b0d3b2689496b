import { emptyParams } from '../../../protocol/index.ts';
import type { CardSummary } from '../../lane-api/index.ts';
import { PaymentResponse, type PaymentResult, type Unknown } from '../../payment/index.ts';
import { declineReason } from '../decline-reasons.ts';
import type { JournalEntry, MarkChange, Outcome } from './journal-types.ts';

/** A masked card with the brand the service answered, when the lane did not know it. */
export function withBrand(card: CardSummary | undefined, response: PaymentResponse) {
  const brand = response.cardtype;
  return card === undefined || brand === undefined || card.brand !== undefined
    ? card
    : { ...card, brand };
}

/**
 * Gift operations whose authamount is the amount applied or to remit (docs/interface.md › Transaction response,
 * authamount), read as what they approved.
 */
const GIFT_AMOUNT_OPERATIONS: ReadonlySet<string> = new Set(['activate', 'issue', 'cashout']);

/** The journal outcome of an answered result (approved, partial or declined). */
export function outcomeOf(
  result: Exclude<PaymentResult, Unknown>,
  plan: { readonly amountMinor: number; readonly card?: CardSummary },
): Outcome {
  const gift = GIFT_AMOUNT_OPERATIONS.has(result.operation);
  const response = result.response;
  const common = {
    ttid: response.ttid,
    auth: response.auth,
    balanceMinor: response.balance,
    verbiage: response.verbiage?.slice(0, 200),
    answer: response.masked(),
    card: withBrand(plan.card, response),
  };
  if (result.outcome === 'approved' || result.outcome === 'partial') {
    const approvedMinor =
      result.outcome === 'partial'
        ? (response.authAmount ?? 0)
        : gift
          ? (response.authAmount ?? plan.amountMinor)
          : plan.amountMinor;
    return { state: result.outcome, approvedMinor, ...common };
  }
  const decidedBy = result.outcome === 'declined_processor' ? 'processor' : 'service';
  return { state: 'declined', reason: declineReason(response), decidedBy, ...common };
}

const MOVE_MARKS: Readonly<Partial<Record<JournalEntry['operation'], MarkChange['mark']>>> = {
  void: 'voided',
  reversal: 'reversed',
  adjust: 'adjusted',
  preauthcomplete: 'completed',
  refund: 'refunded',
};

/**
 * The mark an approved entry leaves on the entry it acts on (a void marks its sale voided; a
 * refund adds what it approved to the sale's refunded amount; a tip adjust puts its tip on the
 * sale); the lane reverses whole only.
 */
export function markOfMove(
  entry: Pick<JournalEntry, 'parentId' | 'operation' | 'tipMinor'>,
  approvedMinor: number,
): MarkChange | undefined {
  const mark = MOVE_MARKS[entry.operation];
  if (entry.parentId === undefined || mark === undefined) return undefined;
  if (entry.operation === 'refund')
    return { entryId: entry.parentId, mark, refundedMinor: approvedMinor };
  if (entry.operation === 'adjust' && entry.tipMinor !== undefined)
    return { entryId: entry.parentId, mark, tipMinor: entry.tipMinor };
  return { entryId: entry.parentId, mark };
}

/** An answer read by its original result when it is a detail (orig_code…), else as it is. */
function originalAnswer(response: PaymentResponse): PaymentResponse {
  if (response.get('orig_code') === undefined) return response;
  const pairs = emptyParams();
  for (const key of ['code', 'msoft_code', 'phard_code', 'verbiage']) {
    const value = response.get(`orig_${key}`);
    if (value !== undefined) pairs[key] = value;
  }
  return new PaymentResponse(pairs);
}

export function foundOutcome(
  entry: JournalEntry,
  response: PaymentResponse,
  approved: boolean,
): Outcome {
  const original = originalAnswer(response);
  const common = {
    ttid: response.ttid,
    auth: response.auth,
    verbiage: original.verbiage?.slice(0, 200),
    answer: response.masked(),
    card: withBrand(entry.card, response),
  };
  if (!approved) {
    const decidedBy = original.phardCode === undefined ? 'service' : 'processor';
    return { state: 'declined', reason: declineReason(original), decidedBy, ...common };
  }
  const held =
    response.get('orig_code') === undefined ? response.authAmount : response.minorUnits('amount');
  const approvedMinor = held ?? entry.amountMinor;
  const state =
    approvedMinor < entry.amountMinor && entry.operation !== 'refund' ? 'partial' : 'approved';
  return { state, approvedMinor, balanceMinor: response.balance, ...common };
}
