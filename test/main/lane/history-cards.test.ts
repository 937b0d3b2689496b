// Every history row names its card as the sale's row does (docs/app.md, History: operation,
// amount, card): a reversal, void or refund the lane sends to undo an approval carries the card
// and tender of what it undoes.
import { describe, expect, it } from 'vitest';
import { historyEntry } from '../../../main/lane/history-view.ts';
import { JournalStore } from '../../../main/lane/journal/journal-store.ts';
import { undoOf } from '../../../main/lane/journal/recovery.ts';

const CARD = {
  maskedAccount: 'XXXXXXXXX8909',
  lastFour: '8909',
  entry: 'swipe',
  brand: 'VISA',
} as const;

/** A journal holding one approved swiped credit sale of 12.50; answers it. */
function approvedSale(journal: JournalStore) {
  journal.startWorkflow('wf-sale', 'sale', true);
  journal.recordIntent({
    id: 'sale-1',
    workflowId: 'wf-sale',
    operation: 'sale',
    purpose: 'cashier',
    orderId: 'order-1',
    amountMinor: 1250,
    tender: 'credit',
    card: CARD,
    training: true,
  });
  return journal.recordOutcome('sale-1', {
    state: 'approved',
    ttid: '41',
    approvedMinor: 1250,
    answer: { code: 'AUTH', batch: '7' },
  });
}

describe('history rows name their card', () => {
  it('the reversal that undoes a sale is sent on its card and tender, and its row names the card', () => {
    const journal = new JournalStore(':memory:');
    const sale = approvedSale(journal);
    const undo = undoOf(sale);
    if (undo === undefined || typeof undo === 'string') throw new Error(`no undo: ${undo}`);
    expect(undo).toMatchObject({ operation: 'reversal', tender: 'credit', card: CARD });
    journal.recordIntent({
      ...undo,
      id: 'reversal-1',
      workflowId: 'wf-sale',
      purpose: 'compensate',
      training: true,
    });
    const reversal = journal.recordOutcome('reversal-1', {
      state: 'approved',
      ttid: '41',
      approvedMinor: 1250,
      answer: { code: 'AUTH' },
    });
    expect(historyEntry(reversal, true)).toMatchObject({
      operation: 'reversal',
      tender: 'credit',
      card: CARD,
    });
  });
});
