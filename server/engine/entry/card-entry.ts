/**
 * rcpt_entry_mode letters (UniTerm SDK response fields): M keyed, S swipe, R contactless magnetic
 * stripe, C EMV contact, T EMV contactless, F swipe after a failed chip read (fallback).
 */
export type EntryModeCode = 'M' | 'S' | 'R' | 'C' | 'T' | 'F';

import type { CryptogramType } from '../../../drivers/crypto/index.ts';
import type { ServiceAnswer } from '../engine-context.ts';

/** What a chip or contactless read adds to an entry. */
export interface EmvCardData {
  /** The rcpt_emv_* receipt fields the chip's data gives (docs/api.md, EMV). */
  receipt: Record<string, string>;
  /** Application cryptogram (9F26), uppercase hex. */
  cryptogram: string;
  /** 9F27: an entry the card already declined (AAC) is refused, so ARQC or TC. */
  cryptogramType: Exclude<CryptogramType, 'AAC'>;
  /** The data objects the issuer verifies the cryptogram over, uppercase hex by tag (no card data). */
  tags: Readonly<Record<string, string>>;
}

/** The account a new transaction runs on, however it was entered. */
export interface CardEntry {
  pan: string;
  /** MMYY, when the entry carried one. */
  expdate?: string;
  cardholdername?: string;
  entryMode: EntryModeCode;
  cardNotPresent: boolean;
  /** The token the account came from (token entry). */
  token?: string;
  /** Set for an EMV entry (chip, contactless). */
  emv?: EmvCardData;
  /** Security code and zip entered with the card (a hosted-entry ticket); the request's win. */
  verification?: { cv?: string; zip?: string };
}

/** An entry resolved to an account, or the answer refusing it. */
export type EntryOutcome =
  { kind: 'card'; card: CardEntry } | { kind: 'answer'; answer: ServiceAnswer };
