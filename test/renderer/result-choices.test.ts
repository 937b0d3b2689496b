// The result screen's next actions (renderer/src/ui/result-choices.ts): a declined card offers
// "Try another card" as the primary action, a refusal another card cannot fix leaves Cancel alone
// as the way on, and "Pay the rest" appears only after a partial approval.
import { describe, expect, it } from 'vitest';
import type { LaneResult } from '../../main/lane-api/index.ts';
import { resultChoice } from '../../renderer/src/ui/result-choices.ts';

const declined = (reason: 'expired_card' | 'lane_setup' | 'wrong_pin'): LaneResult => ({
  outcome: 'declined',
  operation: 'sale',
  amountMinor: 1200,
  reason,
  by: 'processor',
});

describe('a result’s next actions', () => {
  it('offers another card first after the card was declined, and another tender by its name', () => {
    expect(resultChoice(declined('expired_card'), 'try_again')).toEqual({
      label: 'choice.another_card',
      primary: true,
    });
    expect(resultChoice(declined('expired_card'), 'another_tender')).toEqual({
      label: 'choice.change_tender',
      primary: false,
    });
  });

  it('offers trying again, not another card, when nothing is wrong with the card', () => {
    expect(resultChoice(declined('wrong_pin'), 'try_again')).toEqual({
      label: 'choice.try_again',
      primary: true,
    });
  });

  it('draws no choice as primary after a refusal no card can fix', () => {
    for (const action of ['try_again', 'another_tender'] as const)
      expect(resultChoice(declined('lane_setup'), action).primary).toBe(false);
  });

  it('says Pay the rest after a partial approval, as its primary action', () => {
    const partial: LaneResult = {
      outcome: 'partial',
      operation: 'sale',
      amountMinor: 500,
      requestedMinor: 675,
      remainingMinor: 175,
    };
    expect(resultChoice(partial, 'another_tender')).toEqual({
      label: 'choice.another_tender',
      primary: true,
    });
  });
});
