// The workflow the lane is running, as the screen shows it: which step, what the cashier and the
// customer are asked to do, what has been paid. Sent whole on every transition.
import { z } from 'zod';
import { TenderLine } from './results.ts';
import { EpochMs, LaneId, MinorUnits, MinorUnitsOrZero, WorkflowKind } from './values.ts';
import { WorkflowStep } from './workflow-step.ts';

/** What the cashier is asked to do now (words.ts has the English text). */
export const CashierPrompt = z.enum([
  'choose_tender',
  'ask_for_card',
  'ask_for_swipe',
  'key_card',
  'key_card_expiry_optional',
  'customer_entering_pin',
  'manager_override',
  'wait_authorizing',
  'wait_checking',
  'cancel_asked',
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
  'swipe_card',
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
