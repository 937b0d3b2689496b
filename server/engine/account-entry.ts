import { MsoftCode, type Params } from '../../protocol/index.ts';
import { CryptoError, detectBrand, luhnValid } from '../../drivers/crypto/index.ts';
import { notFound, notOffered, serviceDecline } from './answers.ts';
import type { EngineContext, ServiceAnswer } from './engine-context.ts';
import type { EntryOutcome } from './entry/card-entry.ts';
import { cardPresentEntry } from './entry/card-present-entry.ts';
import { parseTrackdata, trackEntry } from './entry/track-text.ts';

export type { CardEntry, EntryOutcome } from './entry/card-entry.ts';

function fromTrack(params: Params, trackdata: string): EntryOutcome {
  try {
    return { kind: 'card', card: trackEntry(params, parseTrackdata(trackdata)) };
  } catch (error) {
    const rule = error instanceof CryptoError ? ` (${error.rule})` : '';
    return {
      kind: 'answer',
      answer: serviceDecline(MsoftCode.DATA_INVALIDFIELD, `trackdata: not a readable track${rule}`),
    };
  }
}

async function fromToken(
  ctx: EngineContext,
  merchantId: number,
  params: Params,
  token: string,
): Promise<EntryOutcome> {
  const stored = await ctx.store.tokens.findByToken(merchantId, token);
  if (stored === undefined) return { kind: 'answer', answer: notFound('token', 'token') };
  const secret = ctx.vault.unseal(stored.cardSealed, 'token');
  const expdate = params.expdate ?? secret.expdate;
  return {
    kind: 'card',
    card: {
      pan: secret.pan,
      ...(expdate !== undefined && { expdate }),
      ...(params.cardholdername !== undefined && { cardholdername: params.cardholdername }),
      entryMode: 'M',
      cardNotPresent: true,
      token,
    },
  };
}

/**
 * The account of a new sale, preauth or refund: a token of the merchant (one it does not hold is
 * not found), device data (EMV, encrypted reader data: entry/card-present-entry.ts), track data
 * (track 1, track 2 or a whole swipe), or keyed (account, expdate).
 */
export async function resolveAccountEntry(
  ctx: EngineContext,
  merchantId: number,
  params: Params,
): Promise<EntryOutcome> {
  if (params.token !== undefined) return fromToken(ctx, merchantId, params, params.token);
  const cardPresent = await cardPresentEntry(ctx, params);
  if (cardPresent !== undefined) return cardPresent;
  if (params.trackdata !== undefined) return fromTrack(params, params.trackdata);
  if (params.account !== undefined) {
    return {
      kind: 'card',
      card: {
        pan: params.account,
        ...(params.expdate !== undefined && { expdate: params.expdate }),
        ...(params.cardholdername !== undefined && { cardholdername: params.cardholdername }),
        entryMode: 'M',
        cardNotPresent: params.cardpresent !== 'yes',
      },
    };
  }
  return {
    kind: 'answer',
    answer: serviceDecline(MsoftCode.DATA_MISSINGFIELD, 'account: no account data sent'),
  };
}

/**
 * Request keys that select something the service does not offer yet, and the subject its
 * refusal names (docs/test-cards.md): the ticket and check entry methods. Each answers DENY with
 * DATA_BADTRANS.
 */
const NOT_OFFERED_KEYS: readonly (readonly [key: string, what: string])[] = [
  ['cardshieldticket', 'tickets'],
  ['abaroute', 'check payments'],
];

/** The refusal of an entry method the service does not offer, if the request uses one. */
export function unofferedFeature(params: Params): ServiceAnswer | undefined {
  const hit = NOT_OFFERED_KEYS.find(([key]) => params[key] !== undefined);
  return hit === undefined ? undefined : notOffered(hit[0], hit[1]);
}

/** A card that passed the service's own checks, with its wire cardtype. */
export type CardCheck =
  { kind: 'ok'; cardtype: string } | { kind: 'answer'; answer: ServiceAnswer };

/** The verbiage of an account whose brand the service does not take (activemerchant tests). */
const UNSUPPORTED_CARD_TYPE = 'UNSUPPORTED CARD TYPE';

/** The refusal of an account number failing the Luhn check digit (ISO/IEC 7812-1 Annex B). */
export function luhnRefusal(): ServiceAnswer {
  return serviceDecline(MsoftCode.DATA_INVALIDFIELD, 'account: fails the Luhn check digit');
}

/**
 * The service's checks of an account number before anything goes online: the Luhn check digit
 * (ISO/IEC 7812-1 Annex B) and a known brand (drivers/crypto's BIN table). Failures are service
 * declines (DATA_INVALIDFIELD) naming the field, never the number.
 */
export function checkCard(pan: string): CardCheck {
  if (!luhnValid(pan)) return { kind: 'answer', answer: luhnRefusal() };
  const brand = detectBrand(pan);
  if (brand === null) {
    return {
      kind: 'answer',
      answer: serviceDecline(MsoftCode.DATA_INVALIDFIELD, UNSUPPORTED_CARD_TYPE),
    };
  }
  return { kind: 'ok', cardtype: brand.code };
}
