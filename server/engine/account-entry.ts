import { MsoftCode, type Params } from '../../protocol/index.ts';
import {
  CryptoError,
  parseTrack1,
  parseTrack2,
  parseWedgeSwipe,
  trackExpiryToExpdate,
  type TrackData,
} from '../../drivers/crypto/index.ts';
import { notFound, serviceDecline } from './answers.ts';
import type { EngineContext } from './engine-context.ts';
import type { ServiceAnswer } from './service-types.ts';

/** The account a new transaction runs on, however it was entered. */
export interface CardEntry {
  pan: string;
  /** MMYY, when the entry carried one. */
  expdate?: string;
  cardholdername?: string;
  /** rcpt_entry_mode: M keyed, S swipe, R contactless magnetic stripe (payment-server-facts A7). */
  entryMode: 'M' | 'S' | 'R';
  cardNotPresent: boolean;
  /** The token the account came from (token entry). */
  token?: string;
}

/** An entry resolved to an account, or the answer refusing it. */
export type EntryOutcome =
  { kind: 'card'; card: CardEntry } | { kind: 'answer'; answer: ServiceAnswer };

function parseTrackdata(text: string): TrackData {
  const parsers = [text.includes('^') ? parseTrack1 : parseTrack2];
  if (/^[%;]/.test(text)) parsers.unshift((swipe: string) => parseWedgeSwipe(swipe).card);
  let failure: unknown;
  for (const parse of parsers) {
    try {
      return parse(text);
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

function fromTrack(params: Params, trackdata: string): EntryOutcome {
  try {
    const track = parseTrackdata(trackdata);
    const name = params.cardholdername ?? track.name;
    return {
      kind: 'card',
      card: {
        pan: track.pan,
        expdate: trackExpiryToExpdate(track.expiry),
        ...(name !== undefined && name !== '' && { cardholdername: name }),
        entryMode: params.rfid === 'yes' ? 'R' : 'S',
        cardNotPresent: false,
      },
    };
  } catch (error) {
    const rule = error instanceof CryptoError ? ` (${error.rule})` : '';
    return {
      kind: 'answer',
      answer: serviceDecline(MsoftCode.DATA_INVALIDFIELD, `trackdata: not a readable track${rule}`),
    };
  }
}

function fromToken(
  ctx: EngineContext,
  merchantId: number,
  params: Params,
  token: string,
): EntryOutcome {
  const stored = ctx.tokens.findByToken(merchantId, token);
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
 * The account of a new sale, preauth or refund: keyed (account, expdate), track data (track 1,
 * track 2 or a whole swipe), or a token of the merchant; a token the merchant does not hold is
 * not found.
 */
export function resolveAccountEntry(
  ctx: EngineContext,
  merchantId: number,
  params: Params,
): EntryOutcome {
  if (params.token !== undefined) return fromToken(ctx, merchantId, params, params.token);
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
