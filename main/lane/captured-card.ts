import { parseWedgeSwipe } from '../../drivers/crypto/index.ts';
import { toRequestFields, type CardRead } from '../../drivers/index.ts';
import type { CardSummary, EntryMethod } from '../lane-api/index.ts';
import { brandOfAid } from './offline/offline-verdict.ts';
import { type OfflineRead, firstAcOfRead } from './offline/offline-sale.ts';

/** A card the lane has, ready for a request: its fields (card data: the wire only) and its mask. */
export interface CapturedCard {
  /** account_data fields for the request; never journaled, shown or logged. */
  readonly fields: Readonly<Record<string, string>>;
  readonly summary: CardSummary;
  /** The PAN, only when the lane holds it in the clear (a wedge swipe), for a format 0 PIN block. */
  readonly pan?: string;
  /**
   * A contact chip read that asked to go online (ARQC): the card waits for the online answer
   * (completeChip, docs/api.md EMV); a card that approved offline itself (TC) waits for nothing.
   */
  readonly chip?: boolean;
  /** What the read tells the offline decision (docs/lane.md › Offline). */
  readonly offline: OfflineRead;
}

const ENTRY_OF_READ: Readonly<Record<CardRead['entryMode'], EntryMethod>> = {
  swipe: 'swipe',
  'fallback-swipe': 'fallback_swipe',
  contact: 'insert',
  contactless: 'tap',
  keyed: 'keyed_pad',
};

/** The mask the screen shows: X for every digit but the last four. */
export function maskedSummary(lastFour: string, digits: number, entry: EntryMethod): CardSummary {
  return { maskedAccount: `${'X'.repeat(Math.max(0, digits - 4))}${lastFour}`, lastFour, entry };
}

/**
 * A reader's card read as a captured card (docs/devices.md, Reader output → request fields); a
 * chip card's swipe the lane took after its chip failed is a fallback swipe (docs/lane.md › Chip
 * first).
 */
export function capturedFromRead(read: CardRead, fallback = false): CapturedCard {
  const digits = Math.min(19, Math.max(4, read.maskedAccount.length));
  const entryMethod = fallback ? 'fallback_swipe' : ENTRY_OF_READ[read.entryMode];
  const summary = maskedSummary(read.lastFour, digits, entryMethod);
  const fields = toRequestFields(read);
  const clear = read.kind === 'plain-swipe' || (read.kind === 'keyed' && read.cv !== undefined);
  const offline: OfflineRead = { entryMethod, clear };
  if (read.kind === 'emv') {
    const brand = brandOfAid(read.receipt.aid);
    const firstAc = firstAcOfRead(read.receipt, read.iacDefault);
    const chipOffline: OfflineRead = {
      ...offline,
      ...(brand === undefined ? {} : { brand }),
      ...(firstAc === undefined ? {} : { firstAc }),
    };
    if (read.entryMode === 'contact' && read.receipt.cryptogramType === 'ARQC')
      return { fields, summary, chip: true, offline: chipOffline };
    return { fields, summary, offline: chipOffline };
  }
  if (read.kind !== 'plain-swipe') return { fields, summary, offline };
  return { fields, summary, offline, pan: parseWedgeSwipe(read.trackdata.reveal()).card.pan };
}
