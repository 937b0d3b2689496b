// The parts a workflow step carries: the problems the cashier deals with, the actions offered at
// a problem, a result or a confirmation, and what a confirmation or a receipt stands at.
import { z } from 'zod';
import { CardSummary, LaneId, MinorUnitsOrZero, Operation, Tender } from './values.ts';

/**
 * Something the cashier must deal with before the workflow can go on: a device lost or faulted,
 * the customer cancelling or not answering, paper out, the server unreachable (nothing was sent).
 */
export const ProblemCode = z.enum([
  'reader_disconnected',
  'reader_not_answering',
  'reader_timeout',
  'card_unreadable',
  'insert_chip',
  'reader_keys_exhausted',
  'no_card_reader',
  'pinpad_disconnected',
  'pin_timeout',
  'pin_cancelled',
  'pinpad_keys_exhausted',
  'printer_paper_out',
  'printer_cover_open',
  'printer_offline',
  'printer_disconnected',
  'receipt_incomplete',
  'server_unreachable',
  'device_error',
]);
/** One of ProblemCode. */
export type ProblemCode = z.infer<typeof ProblemCode>;

/** What the cashier may do about a problem. */
export const AttentionAction = z.enum([
  'retry',
  'cancel',
  'other_entry',
  'change_tender',
  'without_receipt',
]);
/** One of AttentionAction. */
export type AttentionAction = z.infer<typeof AttentionAction>;

/**
 * What the cashier may do once a result is shown (void: undo the workflow's approvals, through a
 * confirmation), and at a confirmation (confirm, back).
 */
export const NextAction = z.enum([
  'finish',
  'another_tender',
  'try_again',
  'cancel',
  'reprint',
  'void',
  'confirm',
  'back',
]);
/** One of NextAction. */
export type NextAction = z.infer<typeof NextAction>;

/** Why a manager must authorize: the service asked for a second user, or the lane's own rule. */
export const OverrideReason = z.enum(['service_requires', 'manual_entry', 'offline_limit']);
/** One of OverrideReason. */
export type OverrideReason = z.infer<typeof OverrideReason>;

/** What a working step is busy with (no card, no money moving). */
export const WorkTask = z.enum(['looking_up', 'printing', 'checking_devices', 'settling']);
/** One of WorkTask. */
export type WorkTask = z.infer<typeof WorkTask>;

/**
 * What a confirmation is for: undoing approvals (void), giving money back (refund), closing the
 * day, paying out a gift card's balance in cash (cashout).
 */
export const ConfirmAsk = z.enum(['void', 'refund', 'close_day', 'cashout']);
/** One of ConfirmAsk. */
export type ConfirmAsk = z.infer<typeof ConfirmAsk>;

/** One request a confirmation will send, as the cashier checks it with the customer. */
export const ConfirmMove = z.strictObject({
  /** What will be sent: reversal, void or refund (settle for the day). */
  operation: Operation,
  amountMinor: MinorUnitsOrZero,
  tender: Tender.optional(),
  card: CardSummary.optional(),
});
/** A move to confirm. */
export type ConfirmMove = z.infer<typeof ConfirmMove>;

/** Where the receipt of a result is: printing, printed, not printed (problem says why), none. */
export const ReceiptState = z.strictObject({
  receiptId: LaneId.optional(),
  state: z.enum(['printing', 'printed', 'not_printed', 'none']),
  problem: ProblemCode.optional(),
});
/** A result's receipt state. */
export type ReceiptState = z.infer<typeof ReceiptState>;
