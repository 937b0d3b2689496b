// A decline in cashier words and what the cashier is told next (main/lane/decline-reasons.ts,
// main/lane/prompts.ts, lane API declineAdvice): a card outside the gift ranges is "not a gift
// card", an inactive gift card is "not active" whatever code comes beside it, an expired card asks
// for another card, and a refusal no other card can fix never does.
import { describe, expect, it } from 'vitest';
import type { DeclineReason, WorkflowStep } from '../../../main/lane-api/index.ts';
import { declineReason } from '../../../main/lane/decline-reasons.ts';
import { promptsFor } from '../../../main/lane/prompts.ts';
import { PaymentResponse } from '../../../main/payment/index.ts';

const answer = (pairs: Record<string, string>) =>
  new PaymentResponse({ code: 'DENY', ...pairs } as never);

/** The result step of a sale declined for `reason`. */
const declined = (reason: DeclineReason): WorkflowStep => ({
  name: 'result',
  result: { outcome: 'declined', operation: 'sale', amountMinor: 1200, reason, by: 'processor' },
  next: ['try_again', 'another_tender', 'cancel'],
  receipt: { state: 'none' },
});

describe('declines in cashier words', () => {
  it('names a card outside the merchant’s gift ranges as not a gift card, not a setup fault', () => {
    const reason = declineReason(
      answer({
        msoft_code: 'DATA_INVALIDFIELD',
        verbiage: 'account: not a gift card of this merchant (outside its gift BIN ranges)',
      }),
    );
    expect(reason).toBe('not_gift_card');
  });

  it('names an inactive gift card so, though its code says the move is not allowed', () => {
    const reason = declineReason(
      answer({ msoft_code: 'DATA_INVALIDMOD', verbiage: 'cashout: the gift card is not active' }),
    );
    expect(reason).toBe('gift_not_active');
  });

  it('names a gift card’s set value (an activation of another amount, an issue) so, not a setup fault nor a closed transaction', () => {
    const activate = answer({
      msoft_code: 'DATA_INVALIDFIELD',
      verbiage: "amount: the card's denomination is 25.00",
    });
    const issue = answer({
      msoft_code: 'DATA_INVALIDMOD',
      verbiage: 'issue: the card has a denomination of 25.00; use activate',
    });
    expect(declineReason(activate)).toBe('gift_set_value');
    expect(declineReason(issue)).toBe('gift_set_value');
    expect(promptsFor(declined('gift_set_value'), 'gift_activate').cashier).toBe('tell_get_help');
  });

  it('keeps the processor’s own reasons first: an expired card, a setup fault', () => {
    expect(declineReason(answer({ msoft_code: 'INT_SUCCESS', phard_code: 'EXPIRED' }))).toBe(
      'expired_card',
    );
    expect(declineReason(answer({ msoft_code: 'INT_SUCCESS', phard_code: 'SETUP' }))).toBe(
      'lane_setup',
    );
  });

  it('asks for another card only when another card can help', () => {
    const cashier = (reason: DeclineReason) => promptsFor(declined(reason), 'sale').cashier;
    expect(cashier('expired_card')).toBe('ask_another_card');
    expect(cashier('not_gift_card')).toBe('ask_another_card');
    expect(cashier('wrong_pin')).toBe('tell_try_again');
    expect(cashier('service_unavailable')).toBe('tell_try_again');
    expect(cashier('lane_setup')).toBe('tell_get_help');
    expect(cashier('not_permitted')).toBe('tell_get_help');
  });
});
