import { Code, MsoftCode, formatAmount } from '../../../protocol/index.ts';
import type { ProcessorDebit, ProcessorRequest } from '../../processor/index.ts';
import { resolveAccountEntry } from '../account-entry.ts';
import { naming } from '../account-name.ts';
import { response } from '../answers.ts';
import {
  cardName,
  enteredCard,
  entryDisplay,
  giftAsk,
  planAccount,
  type EnteredCard,
} from '../card-account.ts';
import { unixSeconds } from '../../shared/clock.ts';
import type { OperationHandler } from '../engine-context.ts';
import { debitPin } from '../entry/pin-entry.ts';
import { decideGift } from '../gift/gift-host.ts';
import { QUEUE_TIMEOUT_RESULT, sendOnline } from '../online.ts';
import { accountPairs, type AnswerResult } from '../response-pairs.ts';
import { tokenFor } from '../tokenizer.ts';
import { processorCard } from './new-transaction-plan.ts';
import { verificationOf } from './sale.ts';

/**
 * The inquiry message: about a card the processor checks (expiry, the PIN of a PIN debit, AVS,
 * CV; a chip read gets the issuer's response data), or without the card for a gift card, whose
 * balance the gift ledger knows.
 */
function inquiry(
  entered: Extract<EnteredCard, { kind: 'card' }>,
  debit: ProcessorDebit | undefined,
  params: Record<string, string>,
): Omit<ProcessorRequest, 'stan' | 'now'> {
  if (entered.gift !== null) return { kind: 'inquire', amount: 0 };
  return {
    kind: 'inquire',
    amount: 0,
    card: processorCard(planAccount(entered, debit)),
    verification: verificationOf(params),
  };
}

/**
 * balanceinq (docs/interface.md › balance inquiry; answers avs, cv, balance, token): sent online through the
 * send queue. A gift card's balance comes from its ledger, read inside a commit (PIN and CV rules
 * of the gift ledger apply; a card not active is declined); any other card's from the processor,
 * with pin and ksn a PIN debit inquiry (a PIN refused names the card). Nothing moves and no
 * transaction is recorded: the answer has no ttid; a chip read adds its rcpt_emv_* fields and the
 * issuer's response data. The message's stan, and a token asked for with tokenize=yes, are
 * committed.
 */
export const balanceHandler: OperationHandler = async (request, ctx) => {
  const { params, caller } = request;
  const entry = await resolveAccountEntry(ctx, caller.merchantId, params);
  const entered = enteredCard(request.giftRanges, params, entry);
  if (entered.kind === 'answer') return entered.answer;
  const debit = entered.gift === null ? await debitPin(ctx, params, entered.card.pan) : undefined;
  if (debit?.kind === 'answer') return naming(debit.answer, cardName(entered));
  const online = await sendOnline(ctx, request, inquiry(entered, debit?.debit, params));
  if (online.kind !== 'reply') {
    const { code, msoftCode, verbiage } = QUEUE_TIMEOUT_RESULT;
    return response({ code, msoft_code: msoftCode, verbiage });
  }
  const { reply, stan, stanSeq } = online;
  const { card, cardtype, gift } = entered;
  const at = ctx.clock();
  const nowTs = unixSeconds(at);
  return ctx.store.transaction(async (tx) => {
    await tx.transactions.recordStan(caller.profileId, stanSeq);
    let result: AnswerResult = {
      code: reply.code,
      msoftCode: MsoftCode.INT_SUCCESS,
      phardCode: reply.phardCode,
      verbiage: reply.verbiage,
      stan,
    };
    let { balance, cv } = reply;
    if (result.code === Code.AUTH && gift !== null) {
      const ask = { ...giftAsk(params, 'inquire', card.pan), amount: 0 };
      const decision = await decideGift(ctx, tx, caller.merchantId, ask, nowTs);
      cv = decision.cv;
      if (decision.kind === 'approved') balance = decision.amount;
      else result = { ...decision.result, stan };
    }
    const approved = result.code === Code.AUTH;
    const token = approved
      ? await tokenFor(tx.tokens, ctx.vault, caller.merchantId, card, cardtype, params, nowTs)
      : undefined;
    const fields = {
      auth: approved ? reply.auth : undefined,
      pclevel: gift?.pclevel,
      avs: reply.avs,
      cv,
      token,
      balance: approved && balance !== undefined ? formatAmount(balance) : undefined,
    };
    return response({
      ...accountPairs(entryDisplay(card, cardtype), result, fields, at, caller.timeZone),
      ...card.emv?.receipt,
      ...(reply.issuerData !== undefined &&
        result.code === reply.code && { icc: reply.issuerData }),
    });
  });
};
