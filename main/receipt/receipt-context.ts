import type { OperationName, ReceiptLanguage } from '../../protocol/index.ts';

/** The merchant header of every receipt, from the lane's configuration (docs/lane-devices.md, Receipts). */
export interface MerchantHeader {
  /** The merchant's name, the receipt's first line. */
  name: string;
  /** Address, phone and other header lines. */
  lines?: readonly string[];
  /** ISO 4217 letters of the lane's money, e.g. "USD"; sets the symbol before amounts. Default USD. */
  currency?: string;
  /** The store's IANA time zone, e.g. "America/New_York"; receipts print times in it. Default the machine's. */
  timeZone?: string;
}

/**
 * The card's final decision on a contact chip read (its second GENERATE AC, docs/devices.md,
 * Completing a chip transaction), which the service's answer cannot carry: the interface lists
 * rcpt_emv_ac and rcpt_emv_actype as receipt data without their meaning, and the service gives
 * them from the icc sent (docs/api.md, EMV: 9F26 and 9F27, an ARQC), while a receipt states the
 * card's final cryptogram (EMV 4.4 Book 3 §10.8, Cryptogram Information Data: 9F27 40 TC, 00 AAC, from the second
 * GENERATE AC).
 */
export interface ChipCompletion {
  /** Final 9F27: TC (the card approved) or AAC (it declined). */
  cryptogramType: 'TC' | 'AAC';
  /** Final 9F26, hex. */
  cryptogram: string;
  /** Final 95 (TVR), hex, when the card's final data has it. */
  tvr?: string;
  /** Final 9B (TSI, adding issuer authentication and scripts when they ran), hex, when present. */
  tsi?: string;
}

/**
 * Where a transaction stands now, as its receipt's headline says it (the lane's one truth of a
 * journal entry, docs/lane.md): approved, partly approved, declined, not charged, or undone since
 * (voided, reversed, refunded in full or in part).
 */
export type ReceiptStanding =
  | 'approved'
  | 'partial'
  | 'declined'
  | 'not_charged'
  | 'voided'
  | 'reversed'
  | 'refunded'
  | 'partly_refunded';

/** What the lane knows that the answer does not carry (docs/lane-devices.md, Receipts). */
export interface ReceiptContext {
  /**
   * Where the transaction stands now, which the headline states whatever the answer's code says
   * (a lookup's answer, a detail, was approved as a lookup); from the answer when absent.
   */
  standing?: ReceiptStanding;
  merchant: MerchantHeader;
  /** The operation the answer is for (protocol OPERATIONS), e.g. "sale", "refund". */
  operation: OperationName;
  /** Training mode: the receipt says TRAINING top and bottom. */
  training: boolean;
  /** Default "en". */
  language?: ReceiptLanguage;
  /**
   * A decline's reason as the lane reads it (the lane API's DeclineReason): the customer's copy
   * prints its words in the receipt's language rather than the service's text.
   */
  declineReason?: string;
  /** The amount asked, in minor units (an answer carries only what was approved: authamount). */
  amountMinor?: number;
  tipMinor?: number;
  cashbackMinor?: number;
  /** Notes printed on the receipt (rcpt_user_notes), one per line. */
  notes?: readonly string[];
  laneId?: string;
  clerkId?: string;
  /** The cardholder entered a PIN on the pad: no signature line on the merchant copy. */
  pinVerified?: boolean;
  /** Mark the copies DUPLICATE (rcpt_duplicate, a reprint). */
  duplicate?: boolean;
  /** Approved by the lane offline (docs/lane.md › Offline): the copies say OFFLINE. */
  offline?: boolean;
  /** The manager who passed an offline limit for it: named on the merchant copy. */
  offlineOverride?: string;
  /** A contact chip's final decision: its cryptogram, TVR and TSI replace the answer's. */
  chip?: ChipCompletion;
  /**
   * The lane took the card's swipe after its chip failed (docs/lane.md › Chip first): the entry
   * prints as rcpt_entry_mode F, which the service cannot tell from the request.
   */
  fallbackSwipe?: boolean;
}
