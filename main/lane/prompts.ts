import {
  declineAdvice,
  type CashierPrompt,
  type ConfirmAsk,
  type CustomerPrompt,
  type DeclineAdvice,
  type WorkflowKind,
  type WorkflowStep,
} from '../lane-api/index.ts';

const CONFIRM_PROMPTS = {
  void: 'confirm_void',
  refund: 'confirm_refund',
  close_day: 'confirm_close_day',
  cashout: 'confirm_cashout',
} as const satisfies Record<ConfirmAsk, CashierPrompt>;

/** The cashier prompt of a decline, by what the cashier does next (lane API declineAdvice). */
const DECLINE_PROMPTS = {
  another_card: 'ask_another_card',
  try_again: 'tell_try_again',
  get_help: 'tell_get_help',
} as const satisfies Record<DeclineAdvice, CashierPrompt>;

/** What the cashier and the customer are asked at a step (lane API prompts; words.ts has the text). */
export interface Prompts {
  readonly cashier: CashierPrompt;
  readonly customer: CustomerPrompt | null;
}

function resultPrompts(
  step: Extract<WorkflowStep, { name: 'result' }>,
  kind: WorkflowKind,
): Prompts {
  const { result } = step;
  if (kind === 'reprint') return { cashier: 'give_duplicate', customer: null };
  if (kind === 'day_close') return { cashier: 'day_settled', customer: null };
  switch (result.outcome) {
    case 'approved':
      if (kind === 'gift_cashout') return { cashier: 'give_cash', customer: 'approved' };
      if (kind === 'balance') return { cashier: 'tell_balance', customer: null };
      return { cashier: 'give_receipt', customer: 'approved' };
    case 'partial':
      // Not "Approved": the customer still owes the rest (docs/lane.md, Partial approval).
      return { cashier: 'ask_another_tender', customer: 'see_cashier' };
    case 'declined':
      return { cashier: DECLINE_PROMPTS[declineAdvice(result.reason)], customer: 'declined' };
    case 'not_charged':
      return { cashier: 'tell_not_charged', customer: 'see_cashier' };
  }
}

/**
 * The prompts of a step of a workflow of `kind`; `cancelAsked`: the cashier has cancelled while the
 * request is with the service, so the wait says the answer will be reversed (docs/lane.md, Sale).
 */
export function promptsFor(step: WorkflowStep, kind: WorkflowKind, cancelAsked = false): Prompts {
  if (cancelAsked && (step.name === 'authorizing' || step.name === 'checking'))
    return { cashier: 'cancel_asked', customer: 'please_wait' };
  switch (step.name) {
    case 'tender':
      return { cashier: 'choose_tender', customer: null };
    case 'card':
      // A chip reader offered (insert, tap) or a swipe alone, as a gift card is read.
      return step.accepts.includes('insert') || !step.accepts.includes('swipe')
        ? { cashier: 'ask_for_card', customer: 'present_card' }
        : { cashier: 'ask_for_swipe', customer: 'swipe_card' };
    case 'keyed_entry':
      return {
        cashier: step.expiryOptional ? 'key_card_expiry_optional' : 'key_card',
        customer: 'key_card_on_pad',
      };
    case 'pin':
      return { cashier: 'customer_entering_pin', customer: 'enter_pin' };
    case 'override':
      return { cashier: 'manager_override', customer: 'please_wait' };
    case 'authorizing':
      return { cashier: 'wait_authorizing', customer: 'please_wait' };
    case 'checking':
      return { cashier: 'wait_checking', customer: 'please_wait' };
    case 'working':
      return { cashier: 'wait', customer: null };
    case 'attention':
      return { cashier: 'fix_problem', customer: 'see_cashier' };
    case 'result':
      return resultPrompts(step, kind);
    case 'confirm':
      return { cashier: CONFIRM_PROMPTS[step.ask], customer: null };
    case 'cancelling':
      return { cashier: 'wait', customer: 'please_wait' };
    case 'cancelled':
      return {
        cashier:
          (step.refused?.length ?? 0) > 0
            ? 'cancel_refused'
            : step.pending.length > 0
              ? 'cancel_pending'
              : step.confirmed === true
                ? 'voided_give_receipt'
                : 'cancelled_nothing_charged',
        customer: 'see_cashier',
      };
  }
}
