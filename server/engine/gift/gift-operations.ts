import { MsoftCode, formatAmount, kindOfOperation, parseAmount } from '../../../protocol/index.ts';
import { resolveAccountEntry } from '../account-entry.ts';
import { naming } from '../account-name.ts';
import { invalidMove, notFound, serviceDecline } from '../answers.ts';
import {
  cardName,
  enteredCard,
  giftAsk,
  notAGiftCard,
  planAccount,
  type EnteredCard,
} from '../card-account.ts';
import type { EngineContext, OperationHandler, OperationRequest } from '../engine-context.ts';
import type { ServiceAnswer } from '../engine-context.ts';
import { reversalHandler } from '../operations/hold-moves.ts';
import { runNewTransaction } from '../operations/new-transaction.ts';
import { isGiftSpend, refundOfPrior, refundToAccount } from '../operations/refund.ts';
import { findTransaction } from '../operations/transaction-moves.ts';
import { customOf, echoOf } from '../request-echo.ts';
import { screenCard } from '../screening.ts';

type GiftCard = Extract<EnteredCard, { kind: 'card' }>;

/**
 * The gift card a gift operation names, by any entry method; refused outside the gift ranges,
 * naming the card read.
 */
async function giftCardOf(
  ctx: EngineContext,
  request: OperationRequest,
): Promise<GiftCard | ServiceAnswer> {
  const { params, caller } = request;
  const entry = await resolveAccountEntry(ctx, caller.merchantId, params);
  const entered = enteredCard(request.giftRanges, params, entry);
  if (entered.kind === 'answer') return entered.answer;
  return entered.gift === null ? naming(notAGiftCard(), cardName(entered)) : entered;
}

/**
 * The amount an activate or issue loads (docs/interface.md › activate "a denominated gift card", issue "amount
 * required"): activate takes the card's denomination on file when no amount is sent, and refuses
 * another amount; issue refuses a denominated card.
 */
function loadAmount(
  request: OperationRequest,
  denomination: number | null,
): number | ServiceAnswer {
  const sent = request.params.amount;
  const amount = sent === undefined ? undefined : parseAmount(sent, 'amount');
  if (request.op === 'issue' && denomination !== null) {
    return invalidMove(
      'issue',
      `the card has a denomination of ${formatAmount(denomination)}; use activate`,
    );
  }
  if (amount === undefined && denomination === null) {
    return serviceDecline(
      MsoftCode.DATA_MISSINGFIELD,
      'amount: required to activate a card without a denomination on file',
    );
  }
  if (amount !== undefined && denomination !== null && amount !== denomination) {
    return serviceDecline(
      MsoftCode.DATA_INVALIDFIELD,
      `amount: the card's denomination is ${formatAmount(denomination)}`,
    );
  }
  return amount ?? (denomination as number);
}

/**
 * activate and issue (docs/interface.md › What the service does §1): open a gift card of the merchant and load it: activate a denominated
 * card (its denomination on file, or the amount sent), issue a non-denominated one with the amount
 * sent. A credit online; the gift ledger refuses a card already active, and a PIN sent becomes the
 * card's PIN. authamount is the amount applied, balance the card's balance.
 */
export const openCardHandler: OperationHandler = async (request, ctx) => {
  const gift = await giftCardOf(ctx, request);
  if (gift.kind !== 'card') return gift;
  const { params, caller } = request;
  const stock = await ctx.store.gift.find(caller.merchantId, ctx.vault.fingerprint(gift.card.pan));
  const amount = loadAmount(request, stock?.denomination ?? null);
  if (typeof amount !== 'number') return naming(amount, cardName(gift));
  const screened = await screenCard(ctx, request, gift.card.pan, amount, gift.cardtype);
  if (screened !== undefined) return screened;
  const operation = request.op === 'issue' ? 'issue' : 'activate';
  return runNewTransaction(request, ctx, {
    kind: kindOfOperation(operation),
    operation,
    approvedState: 'captured',
    account: planAccount(gift),
    amount,
    echo: echoOf(params),
    custom: customOf(params),
    gift: { kind: 'card', ask: giftAsk(params, 'open', gift.card.pan) },
  });
};

/**
 * cashout (docs/interface.md › What the service does §1): removes everything a gift card holds; authamount is the amount to remit, and
 * the card's balance is then 0. The amount is the balance as the commit finds it; a card that is
 * not active, or holds nothing, is refused before going online.
 */
export const cashoutHandler: OperationHandler = async (request, ctx) => {
  const gift = await giftCardOf(ctx, request);
  if (gift.kind !== 'card') return gift;
  const { params, caller } = request;
  const fingerprint = ctx.vault.fingerprint(gift.card.pan);
  const account = await ctx.store.gift.find(caller.merchantId, fingerprint);
  if (account?.status !== 'active')
    return naming(invalidMove('cashout', 'the gift card is not active'), cardName(gift));
  if (account.balance === 0)
    return naming(
      invalidMove('cashout', 'the gift card holds nothing to cash out'),
      cardName(gift),
    );
  const screened = await screenCard(ctx, request, gift.card.pan, undefined, gift.cardtype);
  if (screened !== undefined) return screened;
  return runNewTransaction(request, ctx, {
    kind: kindOfOperation('cashout'),
    operation: 'cashout',
    approvedState: 'captured',
    account: planAccount(gift),
    amount: account.balance,
    echo: echoOf(params),
    custom: customOf(params),
    gift: { kind: 'card', ask: giftAsk(params, 'cashout', gift.card.pan) },
  });
};

/**
 * merchreturn (docs/interface.md › What the service does §1): loads returned merchandise's value onto a gift card, by account, or by the
 * ttid of a gift card sale (a refund of it, back onto its card). When that sale is unsettled and
 * the amount is what it holds, "reversal applies": the sale is reversed instead, and the answer is
 * the reversal's.
 */
export const merchreturnHandler: OperationHandler = async (request, ctx) => {
  const { params } = request;
  if (params.ttid === undefined) return refundToAccount(request, ctx, 'merchreturn');
  const prior = await findTransaction(ctx, request.caller, params.ttid);
  if (prior === undefined) return notFound('ttid');
  const unsettled = prior.state === 'authorized' || prior.state === 'captured';
  const amount = parseAmount(params.amount ?? '', 'amount');
  if (isGiftSpend(prior) && unsettled && amount === prior.amount) {
    const { amount: _whole, ...reversal } = params;
    return reversalHandler({ ...request, op: 'reversal', params: reversal }, ctx);
  }
  return refundOfPrior(request, ctx, 'merchreturn');
};
