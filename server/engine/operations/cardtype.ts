import { Code, MsoftCode } from '../../../protocol/index.ts';
import { detectBrand } from '../../../drivers/crypto/index.ts';
import { cardNumberRefusal, resolveAccountEntry } from '../account-entry.ts';
import { response } from '../answers.ts';
import { binDetails } from '../bin-details.ts';
import { entryDisplay, unofferedFor } from '../card-account.ts';
import { unixSeconds } from '../../shared/clock.ts';
import type { OperationHandler } from '../engine-context.ts';
import { giftCardType } from '../gift/gift-ranges.ts';
import { accountPairs } from '../response-pairs.ts';
import { tokenFor } from '../tokenizer.ts';

/** cardtype of a number of no known brand (the public CLI's and plugins' card maps: UNKNOWN). */
const UNKNOWN_CARDTYPE = 'UNKNOWN';

/** The result of a lookup answered by the service alone: no phard_code (docs/interface.md › cardtype). */
const LOOKUP_SUCCESS = {
  code: Code.AUTH,
  msoftCode: MsoftCode.INT_SUCCESS,
  phardCode: null,
  verbiage: 'SUCCESS',
  stan: null,
} as const;

/**
 * cardtype (docs/interface.md › What the service does §1, real-time BIN lookup; card_* fields and token, no phard_code): answered by the
 * service without going online. A gift card of the merchant's ranges takes its range's cardtype
 * and pclevel; any other number its brand (UNKNOWN when none); the card_* fields and pclevel come
 * from the simulated BIN file. A number failing the Luhn check is refused. tokenize=yes answers a
 * token (committed); nothing else is recorded.
 */
export const cardtypeHandler: OperationHandler = async (request, ctx) => {
  const { params, caller } = request;
  const entry = await resolveAccountEntry(ctx, caller.merchantId, params);
  if (entry.kind === 'answer') return unofferedFor(params, false) ?? entry.answer;
  const { card } = entry;
  const gift = giftCardType(request.giftRanges, card.pan);
  const unoffered = unofferedFor(params, gift !== null);
  if (unoffered !== undefined) return unoffered;
  const refusal = cardNumberRefusal(card.pan);
  if (refusal !== undefined) return refusal;
  const cardtype = gift?.cardtype ?? detectBrand(card.pan)?.code ?? UNKNOWN_CARDTYPE;
  const details = binDetails(card.pan);
  const at = ctx.clock();
  const nowTs = unixSeconds(at);
  const token =
    params.tokenize === 'yes'
      ? await ctx.store.transaction((tx) =>
          tokenFor(tx.tokens, ctx.vault, caller.merchantId, card, cardtype, params, nowTs),
        )
      : undefined;
  const fields = {
    pclevel: gift?.pclevel ?? details?.pclevel,
    ...details?.fields,
    token,
  };
  return response(
    accountPairs(entryDisplay(card, cardtype), LOOKUP_SUCCESS, fields, at, caller.timeZone),
  );
};
