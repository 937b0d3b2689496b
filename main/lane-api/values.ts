// Values every part of the lane API shares: money, times, identifiers, tenders, entry methods and
// the masked card the screen may show. Plain data with zod schemas; no Node imports (the renderer
// bundles this folder).
import { z } from 'zod';

/** Largest amount the lane takes, in minor units: 99 999 999 (999 999.99), the PIN pad's limit. */
export const MAX_AMOUNT_MINOR = 99_999_999;

/** Money in integer minor units (cents), 1 to MAX_AMOUNT_MINOR (docs/interface.md › amounts above 0). */
export const MinorUnits = z.int().min(1).max(MAX_AMOUNT_MINOR);

/** Money that may be zero (a balance, what is left to pay), 0 to MAX_AMOUNT_MINOR. */
export const MinorUnitsOrZero = z.int().min(0).max(MAX_AMOUNT_MINOR);

/** A moment as milliseconds since 1970-01-01 UTC (the lane's clock). */
export const EpochMs = z.int().min(0);

/** An identifier the lane made (workflow, journal entry, receipt): 1 to 64 visible characters. */
export const LaneId = z.string().regex(/^[\x21-\x7e]{1,64}$/);

/** How the customer pays with a card: credit, debit (PIN on the pad) or gift (stored value). */
export const Tender = z.enum(['credit', 'debit', 'gift']);
/** One of Tender. */
export type Tender = z.infer<typeof Tender>;

/**
 * How the card reached the lane: swiped on an encrypting (or wedge) reader, inserted or tapped on
 * the EMV reader, swiped on it after a failed chip read, or keyed on the PIN pad (e_account; a
 * payment card only with the permission, docs/lane.md). No card number ever passes the lane API.
 */
export const EntryMethod = z.enum(['swipe', 'insert', 'tap', 'fallback_swipe', 'keyed_pad']);
/** One of EntryMethod. */
export type EntryMethod = z.infer<typeof EntryMethod>;

/**
 * The service operation a result or history line is about (protocol's canonical names, docs/interface.md › What
 * the service does).
 */
export const Operation = z.enum([
  'sale',
  'preauth',
  'preauthcomplete',
  'adjust',
  'reversal',
  'void',
  'refund',
  'activate',
  'issue',
  'cashout',
  'merchreturn',
  'balanceinq',
  'settle',
]);
/** One of Operation. */
export type Operation = z.infer<typeof Operation>;

/**
 * What the cashier started: each kind is one workflow of main/lane (docs/lane.md has a state
 * diagram per family). recovery is the lane settling unknown outcomes at start.
 */
export const WorkflowKind = z.enum([
  'sale',
  'preauth',
  'preauth_complete',
  'tip_adjust',
  'void',
  'refund',
  'gift_activate',
  'gift_issue',
  'gift_cashout',
  'gift_merchreturn',
  'balance',
  'reprint',
  'day_open',
  'day_close',
  'recovery',
]);
/** One of WorkflowKind. */
export type WorkflowKind = z.infer<typeof WorkflowKind>;

/**
 * A card as the screen may show it: the account masked to its last four digits, never a PAN,
 * track or PIN (docs/devices.md, Reader output).
 */
export const CardSummary = z.strictObject({
  /** e.g. "XXXXXXXXXXXX1111" or "************1111". */
  maskedAccount: z.string().regex(/^[X*]{0,15}[0-9]{4}$/),
  lastFour: z.string().regex(/^[0-9]{4}$/),
  /** The service's cardtype (VISA, MC, AMEX, GIFT…) once known. */
  brand: z.string().max(20).optional(),
  entry: EntryMethod,
});
/** A masked card. */
export type CardSummary = z.infer<typeof CardSummary>;

/** Which copy of a receipt: the customer's or the merchant's (docs/interface.md › rcpt_merch_copy). */
export const ReceiptCopy = z.enum(['customer', 'merchant']);
/** One of ReceiptCopy. */
export type ReceiptCopy = z.infer<typeof ReceiptCopy>;

/** Languages the lane's screens and receipts speak: English and Spanish. */
export const Language = z.enum(['en', 'es']);
/** One of Language. */
export type Language = z.infer<typeof Language>;
