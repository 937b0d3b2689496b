// The amount a card step names (renderer/src/ui/amount-lines.ts): a gift load or cash-out is never
// "Due", and a balance inquiry names no amount at all.
import { describe, expect, it } from 'vitest';
import { stepAmount } from '../../renderer/src/ui/amount-lines.ts';

describe('amounts in the words of what they are for', () => {
  it('names a card step’s amount by the workflow: due, loaded, paid out, none', () => {
    expect(stepAmount('sale', 1250)).toEqual({ label: 'label.due', minor: 1250 });
    expect(stepAmount('gift_activate', 2500)).toEqual({ label: 'label.load', minor: 2500 });
    expect(stepAmount('gift_activate', 0)).toEqual({ label: 'label.loadsDenomination' });
    expect(stepAmount('gift_cashout', 0)).toEqual({ label: 'label.paysOutBalance' });
    expect(stepAmount('balance', 0)).toBeUndefined();
  });
});
