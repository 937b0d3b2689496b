// The workflow the lane is running, as the screen shows it: which step, what the cashier and the
// customer are asked to do, what has been paid. Sent whole on every transition.
import { z } from 'zod';
import { DaySummary, LaneResult, TenderLine } from './results.ts';
import { DeviceKind } from './status.ts';
import {
  CardSummary,
  EntryMethod,
  EpochMs,
  LaneId,
  MinorUnits,
  MinorUnitsOrZero,
  Operation,
  Tender,
  WorkflowKind,
} from './values.ts';

/**
 * Something the cashier must deal with before the workflow can go on: a device lost or faulted,
 * the customer cancelling or not answering, paper out, the server unreachable (nothing was sent).
 */
export const ProblemCode = z.enum([
  'reader_disconnected',
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

/** The step a workflow is in, with what that screen needs (docs/lane.md, one diagram each). */
export const WorkflowStep = z.discriminatedUnion('name', [
  z.strictObject({ name: z.literal('tender'), dueMinor: MinorUnits, options: z.array(Tender) }),
  z.strictObject({
    name: z.literal('card'),
    dueMinor: MinorUnitsOrZero,
    tender: Tender,
    /** The ways the card may be presented now, for the "what to do" text and icons. */
    accepts: z.array(EntryMethod),
    /** Set after a read that failed in a way the customer fixes by trying again. */
    problem: ProblemCode.optional(),
  }),
  /** The card is being keyed on the PIN pad (by the customer, or the cashier at the pad). */
  z.strictObject({
    name: z.literal('keyed_entry'),
    dueMinor: MinorUnitsOrZero,
    /**
     * True when the pad lets the expiry be skipped (Enter on an empty field): the operations the
     * service takes without one (protocol catalogue: expdateOptional); false for sales, preauths.
     */
    expiryOptional: z.boolean(),
  }),
  z.strictObject({ name: z.literal('pin'), dueMinor: MinorUnits, card: CardSummary }),
  z.strictObject({
    name: z.literal('override'),
    operation: Operation,
    reason: OverrideReason,
    /** True after an override the service refused (wrong credentials or MFA code). */
    refused: z.boolean(),
    /** Training mode only: the training merchant's manager, shown on the form to be typed. */
    trainingManager: z
      .strictObject({ username: z.string().max(64), password: z.string().max(64) })
      .optional(),
  }),
  z.strictObject({
    name: z.literal('authorizing'),
    operation: Operation,
    amountMinor: MinorUnitsOrZero.optional(),
    card: CardSummary.optional(),
    /** When the request left: the screen shows the time elapsed since. */
    since: EpochMs,
  }),
  z.strictObject({
    name: z.literal('checking'),
    operation: Operation,
    since: EpochMs,
    /** Lookups made so far. */
    attempts: z.int().min(0),
    /** True when the cashier may leave it to the journal (the server cannot be reached). */
    canDefer: z.boolean(),
  }),
  z.strictObject({ name: z.literal('working'), task: WorkTask, since: EpochMs }),
  z.strictObject({
    name: z.literal('attention'),
    problem: ProblemCode,
    device: DeviceKind.optional(),
    actions: z.array(AttentionAction),
  }),
  z.strictObject({
    name: z.literal('result'),
    result: LaneResult,
    next: z.array(NextAction),
    receipt: ReceiptState,
  }),
  /**
   * The cashier confirms what will be sent before any money moves back or the day closes
   * (next: confirm, back); nothing has been sent yet.
   */
  z.strictObject({
    name: z.literal('confirm'),
    ask: ConfirmAsk,
    moves: z.array(ConfirmMove),
    /** Closing the day: the open batch as it stands. */
    day: DaySummary.optional(),
    /** Cashing out a gift card: its balance as the service just answered it. */
    balanceMinor: MinorUnitsOrZero.optional(),
    next: z.array(NextAction),
  }),
  z.strictObject({ name: z.literal('cancelling'), reversing: z.array(TenderLine) }),
  z.strictObject({
    name: z.literal('cancelled'),
    /** Approvals reversed so that nothing stays charged. */
    reversed: z.array(TenderLine),
    /** Approvals the lane could not reverse yet: the journal keeps trying (docs/lane.md). */
    pending: z.array(TenderLine),
    /** Approvals the service refused to reverse: a manager must refund them. */
    refused: z.array(TenderLine).optional(),
    /** True when the cashier confirmed a void: the receipts of what was sent printed. */
    confirmed: z.boolean().optional(),
  }),
]);
/** One of the steps. */
export type WorkflowStep = z.infer<typeof WorkflowStep>;
/** The name of a step. */
export type StepName = WorkflowStep['name'];

/** What the cashier is asked to do now (words.ts has the English text). */
export const CashierPrompt = z.enum([
  'choose_tender',
  'ask_for_card',
  'key_card',
  'key_card_expiry_optional',
  'customer_entering_pin',
  'manager_override',
  'wait_authorizing',
  'wait_checking',
  'wait',
  'fix_problem',
  'give_receipt',
  'give_cash',
  'ask_another_tender',
  'ask_another_card',
  'tell_try_again',
  'tell_get_help',
  'tell_not_charged',
  'tell_balance',
  'cancelled_nothing_charged',
  'cancel_pending',
  'cancel_refused',
  'confirm_void',
  'confirm_refund',
  'confirm_close_day',
  'confirm_cashout',
  'voided_give_receipt',
  'day_settled',
  'give_duplicate',
]);
/** One of CashierPrompt. */
export type CashierPrompt = z.infer<typeof CashierPrompt>;

/** What the customer sees (on the customer display and the PIN pad). */
export const CustomerPrompt = z.enum([
  'present_card',
  'enter_pin',
  'key_card_on_pad',
  'please_wait',
  'approved',
  'declined',
  'see_cashier',
]);
/** One of CustomerPrompt. */
export type CustomerPrompt = z.infer<typeof CustomerPrompt>;

/** The running workflow: one at a time on a lane. */
export const WorkflowView = z.strictObject({
  id: LaneId,
  kind: WorkflowKind,
  training: z.boolean(),
  startedAt: EpochMs,
  /** The amount the workflow is for (a sale's total), when it has one. */
  amountMinor: MinorUnits.optional(),
  /** Approved so far across tenders. */
  paidMinor: MinorUnitsOrZero,
  tenders: z.array(TenderLine),
  step: WorkflowStep,
  /** When this step began. */
  stepAt: EpochMs,
  /** True when workflow.cancel is accepted now (it reverses anything approved). */
  canCancel: z.boolean(),
  prompts: z.strictObject({ cashier: CashierPrompt, customer: CustomerPrompt.nullable() }),
});
/** The running workflow. */
export type WorkflowView = z.infer<typeof WorkflowView>;
