import { MsoftCode, type Params } from '../../protocol/index.ts';
import { CryptoError, detectBrand, luhnValid } from '../../drivers/crypto/index.ts';
import { notFound, notOffered, serviceDecline } from './answers.ts';
import { unixSeconds } from '../shared/clock.ts';
import type { EngineContext, ServiceAnswer } from './engine-context.ts';
import { digestSecret } from '../accounts/secret-digest.ts';
import type { TicketRefusal } from '../store/card-ticket-store.ts';
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

/** The refusal of each reason a ticket cannot be used (docs/api.md, Hosted card entry). */
const TICKET_REFUSALS: Readonly<Record<TicketRefusal, ServiceAnswer>> = {
  unknown: notFound('cardshieldticket', 'ticket'),
  used: serviceDecline(MsoftCode.DATA_INVALIDMOD, 'cardshieldticket: already used'),
  expired: serviceDecline(MsoftCode.DATA_INVALIDMOD, 'cardshieldticket: expired'),
  other_merchant: serviceDecline(
    MsoftCode.DATA_RECORDNOTFOUND,
    'cardshieldticket: issued to another merchant',
  ),
};

/**
 * A ticket from the hosted card-entry page, used up by this request whatever its answer: its card
 * number, expiry, and the security code and zip entered, which go online unless the request sends
 * its own. Keyed, card not present.
 */
async function fromTicket(
  ctx: EngineContext,
  merchantId: number,
  params: Params,
  ticket: string,
): Promise<EntryOutcome> {
  const nowTs = unixSeconds(ctx.clock());
  const taken = await ctx.store.cardTickets.takeTicket(digestSecret(ticket), merchantId, nowTs);
  if ('refusal' in taken) return { kind: 'answer', answer: TICKET_REFUSALS[taken.refusal] };
  const { pan, expdate, cv, zip } = ctx.vault.unseal(taken.cardSealed, 'ticket');
  return {
    kind: 'card',
    card: {
      pan,
      ...(expdate !== undefined && { expdate }),
      ...(params.cardholdername !== undefined && { cardholdername: params.cardholdername }),
      entryMode: 'M',
      cardNotPresent: true,
      verification: { ...(cv !== undefined && { cv }), ...(zip !== undefined && { zip }) },
    },
  };
}

/**
 * The account of a new sale, preauth or refund: a token of the merchant (one it does not hold is
 * not found), a hosted card-entry ticket (fromTicket), device data (EMV, encrypted reader data:
 * entry/card-present-entry.ts), track data (track 1, track 2 or a whole swipe), or keyed
 * (account, expdate).
 */
export async function resolveAccountEntry(
  ctx: EngineContext,
  merchantId: number,
  params: Params,
): Promise<EntryOutcome> {
  if (params.token !== undefined) return fromToken(ctx, merchantId, params, params.token);
  if (params.cardshieldticket !== undefined) {
    return fromTicket(ctx, merchantId, params, params.cardshieldticket);
  }
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
 * Request keys that select something the service does not offer, and the subject its refusal
 * names (docs/test-cards.md): check data on an operation other than sale and refund (balanceinq,
 * cardtype, gift operations). Each answers DENY with DATA_BADTRANS.
 */
const NOT_OFFERED_KEYS: readonly (readonly [key: string, what: string])[] = [
  ['abaroute', 'check data on this operation'],
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

/**
 * The refusal of an account number that cannot be a card's, or undefined for one that can: a card
 * number has 8 to 19 digits (ISO/IEC 7812-1; the interface's 4–19 also takes check accounts) and
 * passes the Luhn check digit (Annex B).
 */
export function cardNumberRefusal(pan: string): ServiceAnswer | undefined {
  if (!/^[0-9]{8,19}$/.test(pan)) {
    return serviceDecline(MsoftCode.DATA_INVALIDFIELD, 'account: a card number has 8 to 19 digits');
  }
  if (!luhnValid(pan)) {
    return serviceDecline(MsoftCode.DATA_INVALIDFIELD, 'account: fails the Luhn check digit');
  }
  return undefined;
}

/**
 * The service's checks of an account number before anything goes online: a card number's length
 * and Luhn check digit (cardNumberRefusal) and a known brand (drivers/crypto's BIN table).
 * Failures are service declines (DATA_INVALIDFIELD) naming the field, never the number.
 */
export function checkCard(pan: string): CardCheck {
  const refusal = cardNumberRefusal(pan);
  if (refusal !== undefined) return { kind: 'answer', answer: refusal };
  const brand = detectBrand(pan);
  if (brand === null) {
    return {
      kind: 'answer',
      answer: serviceDecline(MsoftCode.DATA_INVALIDFIELD, UNSUPPORTED_CARD_TYPE),
    };
  }
  return { kind: 'ok', cardtype: brand.code };
}
