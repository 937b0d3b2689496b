// The definite answers a workflow ends with, in terms a cashier acts on. The lane never shows a
// guess: while an outcome is unknown the workflow is in its "checking" step, not here.
import { z } from 'zod';
import { TransactionStatus } from './history.ts';
import {
  CardSummary,
  EpochMs,
  LaneId,
  MinorUnits,
  MinorUnitsOrZero,
  Operation,
  Tender,
} from './values.ts';

/**
 * Why a transaction was declined, in cashier words (words.ts gives the English text; the renderer
 * translates by code). Read from phard_code, msoft_code and verbiage by main/lane (docs/lane.md,
 * Declines); `declined` is the generic issuer decline.
 */
export const DeclineReason = z.enum([
  'declined',
  'insufficient_funds',
  'expired_card',
  'wrong_pin',
  'call_issuer',
  'pick_up_card',
  'try_again',
  'avs_mismatch',
  'cv_mismatch',
  'card_not_supported',
  'not_gift_card',
  'card_unreadable',
  'duplicate',
  'deny_list',
  'gift_not_active',
  'gift_already_active',
  'gift_set_value',
  'card_declined',
  'not_allowed_now',
  'not_permitted',
  'override_refused',
  'processor_unavailable',
  'service_unavailable',
  'not_offered',
  'lane_setup',
  'offline_refused',
]);
/** One of DeclineReason. */
export type DeclineReason = z.infer<typeof DeclineReason>;

/** What closing the day settled (the settle answer's counts and totals). */
export const Settlement = z.strictObject({
  batch: z.string().max(20),
  count: z.int().min(0),
  saleCount: z.int().min(0),
  saleMinor: MinorUnitsOrZero,
  refundCount: z.int().min(0),
  refundMinor: MinorUnitsOrZero,
  /** Sales less refunds; negative when refunds were larger. */
  netMinor: z.int(),
});
/** A settlement's totals. */
export type Settlement = z.infer<typeof Settlement>;

/** One line of a day's summary: a tender and card brand, with its counts and totals. */
export const DayLine = z.strictObject({
  /** The tender, when the lane's journal knows the transaction (another lane's has none). */
  tender: Tender.optional(),
  brand: z.string().max(20),
  saleCount: z.int().min(0),
  saleMinor: MinorUnitsOrZero,
  refundCount: z.int().min(0),
  refundMinor: MinorUnitsOrZero,
});
/** A day summary line. */
export type DayLine = z.infer<typeof DayLine>;

/** An offline sale the service declined when it was forwarded: the manager's list. */
export const OfflineDeclined = z.strictObject({
  entryId: LaneId,
  amountMinor: MinorUnits,
  /** When the lane approved it offline. */
  at: EpochMs,
  lastFour: z
    .string()
    .regex(/^[0-9]{4}$/)
    .optional(),
  /** When the manager marked it seen on the list (Seen, All seen); absent while unseen. */
  seenAt: EpochMs.optional(),
});
/** One offline sale declined on forwarding. */
export type OfflineDeclined = z.infer<typeof OfflineDeclined>;

/**
 * The day's offline sales (docs/lane.md › Offline): those still waiting to be forwarded (the
 * close day warns of them) and those declined on forwarding (amount, time, last four).
 */
export const DayOffline = z.strictObject({
  waiting: z.int().min(0),
  waitingMinor: z.int().min(0),
  declined: z.array(OfflineDeclined),
});
/** The offline part of a day summary. */
export type DayOffline = z.infer<typeof DayOffline>;

/** The open batch before the day is closed: its number, totals, and a line per tender and brand. */
export const DaySummary = z.strictObject({
  ...Settlement.shape,
  lines: z.array(DayLine),
  /** Present when the lane has offline sales waiting or declined on forwarding. */
  offline: DayOffline.optional(),
});
/** A day summary. */
export type DaySummary = z.infer<typeof DaySummary>;

/** What every result names: the operation run and the journal entry that records it. */
const ResultBase = {
  operation: Operation,
  /** The journal entry (history line) of this result, when one was written. */
  entryId: LaneId.optional(),
  card: CardSummary.optional(),
};

/**
 * Approved in full. amountMinor is what was approved or moved (for cashout: the cash to give the
 * customer); balanceMinor the card's balance after it (gift, balance inquiry).
 */
export const ApprovedResult = z.strictObject({
  outcome: z.literal('approved'),
  ...ResultBase,
  amountMinor: MinorUnitsOrZero,
  auth: z.string().max(20).optional(),
  /** The service's transaction id, for display on the receipt only (never typed). */
  ttid: z.string().max(20).optional(),
  balanceMinor: MinorUnitsOrZero.optional(),
  tipMinor: MinorUnitsOrZero.optional(),
  settlement: Settlement.optional(),
  /** Where the transaction stands now when moves were made on it since (a reprint of it). */
  status: TransactionStatus.optional(),
  /**
   * Approved by the lane while the service could not be reached; it is sent when the server is
   * back (docs/lane.md › Offline).
   */
  offline: z.literal(true).optional(),
});
/** An approval. */
export type ApprovedResult = z.infer<typeof ApprovedResult>;

/** Approved for less than asked: the rest is due on another tender (or cancel reverses this). */
export const PartialResult = z.strictObject({
  outcome: z.literal('partial'),
  ...ResultBase,
  amountMinor: MinorUnits,
  requestedMinor: MinorUnits,
  remainingMinor: MinorUnits,
  auth: z.string().max(20).optional(),
  ttid: z.string().max(20).optional(),
  /** Where the transaction stands now when moves were made on it since (a reprint of it). */
  status: TransactionStatus.optional(),
});
/** A partial approval. */
export type PartialResult = z.infer<typeof PartialResult>;

/**
 * Declined: by the card's issuer or processor, by the service (its rules, permissions, setup), or
 * by the lane before sending (a rule the request broke). verbiage is the service's own text, shown
 * small beside the cashier words.
 */
export const DeclinedResult = z.strictObject({
  outcome: z.literal('declined'),
  ...ResultBase,
  /** The amount asked, none for an inquiry. */
  amountMinor: MinorUnitsOrZero.optional(),
  reason: DeclineReason,
  by: z.enum(['processor', 'service', 'lane']),
  verbiage: z.string().max(200).optional(),
});
/** A decline. */
export type DeclinedResult = z.infer<typeof DeclinedResult>;

/**
 * Definitely nothing happened: the request could not be sent (not_sent), or it left and the
 * service said after checking that it holds no such transaction (not_found).
 */
export const NotChargedResult = z.strictObject({
  outcome: z.literal('not_charged'),
  ...ResultBase,
  /** The amount asked, none for an inquiry. */
  amountMinor: MinorUnitsOrZero.optional(),
  why: z.enum(['not_sent', 'not_found']),
});
/** Nothing charged. */
export type NotChargedResult = z.infer<typeof NotChargedResult>;

/** The definite result of a step that went to the service. */
export const LaneResult = z.discriminatedUnion('outcome', [
  ApprovedResult,
  PartialResult,
  DeclinedResult,
  NotChargedResult,
]);
/** One of the results. */
export type LaneResult = z.infer<typeof LaneResult>;

/** One tender approved so far in a workflow (a split-tender sale has several). */
export const TenderLine = z.strictObject({
  entryId: LaneId,
  tender: Tender,
  amountMinor: MinorUnits,
  card: CardSummary.optional(),
  at: EpochMs,
  /** On a cancelled workflow's lines: what was sent to undo it (reversal, void or refund). */
  undoneBy: Operation.optional(),
});
/** A tender line. */
export type TenderLine = z.infer<typeof TenderLine>;
