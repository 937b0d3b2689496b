import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../main/lane/journal/journal-types.ts';
import { LaneReceipts } from '../../../main/lane/lane-receipts.ts';

/** A journaled, approved gift entry of `operation`, asked for `amountMinor`, answered with `answer`. */
function giftEntry(
  operation: JournalEntry['operation'],
  amountMinor: number,
  answer: Record<string, string>,
): JournalEntry {
  return {
    id: 'e1',
    workflowId: 'w1',
    operation,
    purpose: 'cashier',
    orderId: 'o1',
    amountMinor,
    tender: 'gift',
    training: true,
    seq: 1,
    state: 'approved',
    createdAt: 0,
    updatedAt: 0,
    marks: [],
    refundedMinor: 0,
    attempts: 0,
    answer: { code: 'AUTH', msoft_code: 'INT_SUCCESS', phard_code: 'SUCCESS', ...answer },
  };
}

const receipts = new LaneReceipts({ name: 'LANETERM TEST STORE' }, undefined, 'lane-1');
const text = (entry: JournalEntry, copy: 'customer' | 'merchant' = 'customer'): string =>
  receipts
    .render(entry, {
      copy,
      duplicate: false,
      training: true,
      notes: '',
      language: 'en',
    })
    .preview().text;

describe('lane receipts', () => {
  it('prints what a cashout remits, not a total of 0, for an operation sent without an amount', () => {
    const printed = text(
      giftEntry('cashout', 0, { ttid: '7', authamount: '25.00', balance: '0.00' }),
    );
    expect(printed).toMatch(/APPROVED\s+\$25\.00/);
    expect(printed).not.toMatch(/TOTAL\s+\$0\.00/);
  });

  it('prints the total asked for an operation sent with an amount', () => {
    const printed = text(giftEntry('issue', 4000, { ttid: '8', authamount: '40.00' }));
    expect(printed).toMatch(/TOTAL\s+\$40\.00/);
  });

  it('prints a declined outcome found by a lookup by its original result, not the lookup’s own SUCCESS; the service’s text on the merchant’s copy only', () => {
    const found: JournalEntry = {
      ...giftEntry('sale', 820, {
        verbiage: 'SUCCESS',
        ttid: '9',
        action: 'sale',
        orig_code: 'DENY',
        orig_msoft_code: 'SYS_FAILURE',
        orig_verbiage:
          'NOT COMPLETED: the outcome was never recorded; any authorization was reversed',
        orig_reqamount: '8.20',
      }),
      tender: 'credit',
      state: 'declined',
    };
    const printed = text(found);
    expect(printed).toContain('DECLINED');
    expect(printed).toContain('PAYMENT SERVICE UNAVAILABLE');
    expect(printed).not.toContain('NOT COMPLETED');
    expect(printed).not.toContain('SUCCESS');
    const merchant = text(found, 'merchant');
    expect(merchant).toContain('NOT COMPLETED');
    expect(merchant).not.toContain('SUCCESS');
  });
});
