// Every history row names its card as the sale's row does (docs/app.md, History: operation,
// amount, card): a reversal, void or refund the lane sends to undo an approval carries the card
// and tender of what it undoes; a gift card the service refuses is named by the refusal's
// cardtype, as its approvals are.
import { describe, expect, it } from 'vitest';
import { PaymentResponse } from '../../../main/payment/index.ts';
import { historyEntry } from '../../../main/lane/history-view.ts';
import { JournalStore } from '../../../main/lane/journal/journal-store.ts';
import { outcomeOf } from '../../../main/lane/journal/outcomes.ts';
import { undoOf } from '../../../main/lane/journal/recovery.ts';
import { EngineFixture } from '../../server/engine/helpers/engine-fixture.ts';
import { giftCard, giftSide } from '../../server/engine/helpers/gift-fixture.ts';

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

  it('a gift card refused an activation for another amount than its set value is named GIFT on its row', async () => {
    const fx = new EngineFixture();
    const account = giftCard(3);
    let pairs: Record<string, string>;
    try {
      await giftSide(fx).stock([{ pan: account, denomination: 2500 }]);
      pairs = await fx.run('activate', { account, amount: '10.00' });
    } finally {
      await fx.close();
    }
    const journal = new JournalStore(':memory:');
    journal.startWorkflow('wf-gift', 'gift_activate', true);
    const card = {
      maskedAccount: 'XXXXXXXXXXXX0034',
      lastFour: '0034',
      entry: 'keyed_pad',
    } as const;
    const intent = { amountMinor: 1000, card };
    journal.recordIntent({
      ...intent,
      id: 'activate-1',
      workflowId: 'wf-gift',
      operation: 'activate',
      purpose: 'cashier',
      orderId: 'order-2',
      tender: 'gift',
      training: true,
    });
    const response = new PaymentResponse(pairs);
    const answered = { operation: 'activate', transport: 'v2', orderId: 'order-2' } as const;
    const result = { ...answered, outcome: 'declined_service', httpStatus: 200, response } as const;
    const declined = journal.recordOutcome('activate-1', outcomeOf(result, intent));
    expect(historyEntry(declined, true)).toMatchObject({
      outcome: 'declined',
      card: { ...card, brand: 'GIFT' },
    });
  });
});
