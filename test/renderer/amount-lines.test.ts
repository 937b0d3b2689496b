// The amount a screen names (renderer/src/ui/amount-lines.ts): a gift load or cash-out is never
// "Due", a balance inquiry's history line shows the balance it answered, and a cash-out's line
// the cash it gave, not the 0.00 it was sent with.
import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../main/lane-api/index.ts';
import { historyAmount, stepAmount } from '../../renderer/src/ui/amount-lines.ts';

const line = (fields: Partial<HistoryEntry>): HistoryEntry => ({
  id: 'e-1',
  workflowId: 'wf-1',
  operation: 'sale',
  at: 1,
  amountMinor: 0,
  refundedMinor: 0,
  outcome: 'approved',
  marks: [],
  training: true,
  actions: [],
  ...fields,
});

describe('amounts in the words of what they are for', () => {
  it('names a card step’s amount by the workflow: due, loaded, paid out, none', () => {
    expect(stepAmount('sale', 1250)).toEqual({ label: 'label.due', minor: 1250 });
    expect(stepAmount('gift_activate', 2500)).toEqual({ label: 'label.load', minor: 2500 });
    expect(stepAmount('gift_activate', 0)).toEqual({ label: 'label.loadsDenomination' });
    expect(stepAmount('gift_cashout', 0)).toEqual({ label: 'label.paysOutBalance' });
    expect(stepAmount('balance', 0)).toBeUndefined();
  });

  it('shows what a balance inquiry answered and the cash a cash-out gave', () => {
    expect(historyAmount(line({ operation: 'balanceinq', balanceMinor: 2500 }))).toEqual({
      label: 'operation.balanceinq',
      minor: 2500,
    });
    expect(historyAmount(line({ operation: 'cashout', approvedMinor: 1500 }))).toEqual({
      label: 'operation.cashout',
      minor: 1500,
    });
    expect(
      historyAmount(line({ operation: 'sale', amountMinor: 601, outcome: 'declined' })),
    ).toEqual({ label: 'operation.sale', minor: 601 });
  });
});
