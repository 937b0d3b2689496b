// The step a workflow is in, with what that step's screen needs: one member for each step of the
// diagrams in docs/lane.md.
import { z } from 'zod';
import { DaySummary, LaneResult, TenderLine } from './results.ts';
import { DeviceKind } from './status.ts';
import {
  AttentionAction,
  ConfirmAsk,
  ConfirmMove,
  NextAction,
  OverrideReason,
  ProblemCode,
  ReceiptState,
  WorkTask,
} from './step-parts.ts';
import {
  CardSummary,
  EntryMethod,
  EpochMs,
  MinorUnits,
  MinorUnitsOrZero,
  Operation,
  Tender,
} from './values.ts';

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
