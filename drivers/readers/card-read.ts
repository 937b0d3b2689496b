import type { CallOptions } from '../call-options.ts';
import type { EmvReceiptTags, ReaderCaptureFormat } from '../crypto/index.ts';

export type { EmvReceiptTags } from '../crypto/index.ts';
import type { SensitiveText } from '../sensitive-text.ts';

/** How the card was read: the lane's entry mode (rcpt_entry_mode S, F, C, T, M on the receipt). */
export type EntryMode = 'swipe' | 'fallback-swipe' | 'contact' | 'contactless' | 'keyed';

/**
 * Names of encrypted-swipe formats sent in e_datafieldfmt; each fixes how e_trackdata was
 * encrypted (docs/devices.md, "Reader output → request fields"):
 * "magtek" TDES-CBC under the DUKPT PIN variant; "idtech" TDES-CBC under the DUKPT data
 * (request) variant with the one-way step. Both use a zero IV and zero padding.
 */
export type EncryptedSwipeFormat = ReaderCaptureFormat;

/** What every read shows the cashier: masked, never the PAN. */
export interface CardDisplay {
  /** The PAN masked to its last four digits, e.g. "XXXXXXXXXXXX1111". */
  maskedAccount: string;
  lastFour: string;
  /** As on track 1 or EMV tag 5F20 ("SURNAME/FIRST"), when the card carries one. */
  cardholderName?: string;
  /** Expiry as the interface's expdate, MMYY, when the device shows it. */
  expdate?: string;
  /** ISO 7813 service code, three digits, when the device shows it (2xx/6xx: chip card). */
  serviceCode?: string;
  /**
   * The reader says the card has a chip (its service code starts 2 or 6) though it masks the
   * service code: ID TECH's field 8 bit 5 (docs/devices.md, ID TECH frames).
   */
  chipCard?: true;
}

/** A swipe from a reader that does not encrypt (keyboard wedge): the tracks go out as trackdata. */
export interface PlainSwipeRead extends CardDisplay {
  kind: 'plain-swipe';
  entryMode: 'swipe';
  /** The tracks as read ("%B…?;…?"); revealed only into the request's trackdata. */
  trackdata: SensitiveText;
}

/** A swipe from an encrypting reader: ciphertext, its KSN and the format that says how to decrypt. */
export interface EncryptedSwipeRead extends CardDisplay {
  kind: 'encrypted-swipe';
  entryMode: 'swipe' | 'fallback-swipe';
  /** Uppercase hex of one TDES-CBC ciphertext whose plaintext is ISO 7813 track text. */
  e_trackdata: string;
  /**
   * Uppercase hex of the reader's whole output for this swipe (a MagTek input report, an ID TECH
   * frame), which the request sends as e_datafield; absent for an EMV reader's fallback swipe.
   */
  e_datafield?: string;
  /** The DUKPT KSN, 20 uppercase hex digits. */
  e_id: string;
  e_datafieldfmt: EncryptedSwipeFormat;
  /** The reader's serial number, when it reports one. */
  deviceSerial?: string;
}

/** A chip or contactless read: the ICC data for the server plus what the receipt prints. */
export interface EmvRead extends CardDisplay {
  kind: 'emv';
  entryMode: 'contact' | 'contactless';
  /** BER-TLV, uppercase hex, for the request's icc; PAN and track 2 only inside the encrypted tag. */
  icc: string;
  /** "yes" for contactless (the request's rfid). */
  rfid: 'yes' | 'no';
  receipt: EmvReceiptTags;
  /**
   * 9F0D Issuer Action Code - Default, 5 bytes as uppercase hex, when the card gave it: what the
   * terminal's "unable to go online" decision reads the TVR against (EMV Book 3 §10.7).
   */
  iacDefault?: string;
}

/**
 * A card number keyed on the PIN pad (74/75, docs/devices.md): the pad encrypts it, so the lane
 * holds the account only as e_account; the expiry and, when the pad asked, the security code
 * come beside it.
 */
export interface KeyedRead extends CardDisplay {
  kind: 'keyed';
  entryMode: 'keyed';
  /**
   * Uppercase hex: the account's ASCII digits, zero padded to 8-byte blocks, TDES-CBC (zero IV)
   * under the DUKPT data variant (request) of e_id's key.
   */
  e_account: string;
  /** The DUKPT KSN, 20 uppercase hex digits. */
  e_id: string;
  /** As keyed, MMYY; absent when the pad let the expiry be skipped and it was. */
  expdate?: string;
  /** The security code keyed (3–4 digits), when the pad asked; revealed only into the request's cv. */
  cv?: SensitiveText;
}

/** Any card read a reader or the PIN pad's keyed entry returns. */
export type CardRead = PlainSwipeRead | EncryptedSwipeRead | EmvRead | KeyedRead;

/** Options of readCard: the call's deadline and cancel, and the amount a chip reader shows. */
export interface CardReadOptions extends CallOptions {
  /** Amount in minor units; EMV readers need it (tag 9F02), swipe readers ignore it. */
  amountMinor?: number;
  /**
   * A swipe reader takes swipes it decoded at or after this moment (performance.now() of the
   * process): a card the customer swiped as the lane asked for it, before the call reached the
   * reader's queue, is not lost. Default the call's start.
   */
  since?: number;
}

/** What every card-reader driver offers (the card-reader contract suite runs against each). */
export interface CardReader {
  open(): Promise<void>;
  close(): Promise<void>;
  /** Waits for the next card (swipes made before `since`, default the call, are not used); default deadline 60 s. */
  readCard(options?: CardReadOptions): Promise<CardRead>;
  /**
   * Resolves once every card wait started so far has ended on the device: a wait given up on has
   * sent its cancel and had its answer, so the next card presented goes to the next wait.
   */
  settled(): Promise<void>;
}
