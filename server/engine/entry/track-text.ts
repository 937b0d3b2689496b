import type { Params } from '../../../protocol/index.ts';
import {
  parseTrack1,
  parseTrack2,
  parseWedgeSwipe,
  trackExpiryToExpdate,
  type TrackData,
} from '../../../drivers/crypto/index.ts';
import type { CardEntry } from './card-entry.ts';

/**
 * The card in clear trackdata (docs/interface.md › account_data trackdata): a whole swipe (`%B…?;…?`), or
 * track 1 or track 2 alone, with or without sentinels (ISO/IEC 7813). Throws the TrackError of
 * the reading that came closest.
 */
export function parseTrackdata(text: string): TrackData {
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

/**
 * The card entry of a swipe (clear or decrypted tracks): PAN and expiry (MMYY) of the track, the
 * request's cardholdername else the name on track 1; rcpt_entry_mode S, or R with rfid=yes
 * (contactless magnetic stripe).
 */
export function trackEntry(params: Params, card: TrackData): CardEntry {
  const name = params.cardholdername ?? card.name;
  return {
    pan: card.pan,
    expdate: trackExpiryToExpdate(card.expiry),
    ...(name !== undefined && name !== '' && { cardholdername: name }),
    entryMode: params.rfid === 'yes' ? 'R' : 'S',
    cardNotPresent: false,
  };
}
