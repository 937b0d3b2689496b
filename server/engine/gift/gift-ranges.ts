import { luhnValid } from '../../../drivers/crypto/index.ts';
import { matchBinRange, parseBinRanges, type BinRange } from '../../../protocol/index.ts';

/**
 * The provider's default gift BIN range (docs/interface.md › Gift custom BIN range formula: "The default BIN range of the provider applies
 * unless a custom range is defined"): the BIN of the public test server's gift card
 * 6035710110009768 (libmonetra monetra_cli), 16 to 19 digits (docs/test-cards.md).
 */
export const PROVIDER_GIFT_RANGES = '603571:16-19';

/** cardtype of a gift card whose range names none (the public CLI's cardtypes list: GIFT). */
const GIFT_CARDTYPE = 'GIFT';

/** What a gift card is answered as: its range's cardtype (default GIFT) and pclevel, if any. */
export interface GiftCardType {
  cardtype: string;
  pclevel?: number;
}

/**
 * The gift card type of a card number under a merchant's ranges in force, or null when it is not
 * one of its gift cards: outside its ranges, or failing the Luhn check digit (ISO/IEC 7812-1
 * Annex B).
 */
export function giftCardType(ranges: readonly BinRange[], pan: string): GiftCardType | null {
  const match = matchBinRange(ranges, pan);
  if (match === null || !luhnValid(pan)) return null;
  return {
    cardtype: match.cardtype ?? GIFT_CARDTYPE,
    ...(match.pclevel !== undefined && { pclevel: match.pclevel }),
  };
}

/**
 * Which card numbers are a merchant's gift cards (docs/interface.md › Gift custom BIN range formula): its custom
 * ranges, else the provider default. Ranges are read per request (MerchantReads.requestSetup), so
 * an admin change applies at once; each distinct text is parsed once.
 */
export class GiftRanges {
  readonly #parsed = new Map<string, readonly BinRange[]>();

  /** The ranges in force for a merchant's custom ranges as read: them, else PROVIDER_GIFT_RANGES. */
  inForce(custom: string | undefined): readonly BinRange[] {
    const text = custom ?? PROVIDER_GIFT_RANGES;
    let ranges = this.#parsed.get(text);
    if (ranges === undefined) {
      ranges = parseBinRanges(text);
      this.#parsed.set(text, ranges);
    }
    return ranges;
  }
}
