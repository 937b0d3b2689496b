// One truth for an outcome (docs/lane.md, One truth): over generated journal histories — sales,
// preauths, refunds and gift operations approved, partly approved, declined, not charged or still
// unknown, then voided, reversed, refunded in parts, completed, tipped or settled — each
// transaction's history row, the headline its receipt prints and the day's totals never disagree,
// with each other or with what the history did.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Operation, TransactionStatus } from '../../../main/lane-api/index.ts';
import { dayTotals } from '../../../main/lane/day-summary.ts';
import { historyEntry } from '../../../main/lane/history-view.ts';
import { JournalStore } from '../../../main/lane/journal/journal-store.ts';
import { markOfMove } from '../../../main/lane/journal/outcomes.ts';
import { LaneReceipts } from '../../../main/lane/lane-receipts.ts';
import { receiptStanding } from '../../../main/lane/receipt-printing.ts';
import { RECEIPT_WORDS } from '../../../protocol/index.ts';

type Answer = 'approved' | 'partial' | 'declined' | 'not_charged' | 'unknown';
type Later = 'none' | 'void' | 'reversal' | 'refunds' | 'settle' | 'complete' | 'tip';

/** One generated transaction: what it was, how it was answered and what was done to it after. */
interface Plan {
  readonly operation: 'sale' | 'preauth' | 'refund' | 'activate' | 'cashout';
  readonly tender: 'credit' | 'debit' | 'gift';
  readonly brand: 'VISA' | 'MC' | 'GIFT';
  readonly askedMinor: number;
  readonly answer: Answer;
  readonly later: Later;
  /** Parts of what was approved that refunds take (each a share in thousandths). */
  readonly refundShares: readonly number[];
  readonly extraMinor: number;
}

const plan: fc.Arbitrary<Plan> = fc.record({
  operation: fc.constantFrom('sale', 'preauth', 'refund', 'activate', 'cashout'),
  tender: fc.constantFrom('credit', 'debit', 'gift'),
  brand: fc.constantFrom('VISA', 'MC', 'GIFT'),
  askedMinor: fc.integer({ min: 100, max: 500_000 }),
  answer: fc.constantFrom('approved', 'partial', 'declined', 'not_charged', 'unknown'),
  later: fc.constantFrom('none', 'void', 'reversal', 'refunds', 'settle', 'complete', 'tip'),
  refundShares: fc.array(fc.integer({ min: 1, max: 600 }), { minLength: 1, maxLength: 3 }),
  extraMinor: fc.integer({ min: 1, max: 5_000 }),
});

/** What the history did to one transaction, as the model expects to see it. */
interface Expected {
  readonly entryId: string;
  readonly status: TransactionStatus;
  readonly remainingMinor: number;
  /** Money taken from cards (+) or put on them (-) that the batch counts of it and its refunds. */
  readonly sales: number;
  readonly refunds: number;
}

let serial = 0;
const id = (what: string): string => `${what}-${(serial += 1)}`;

/** Records one move on `parent` (a void, reversal, refund, completion or tip) approved for `minor`. */
function recordMove(
  journal: JournalStore,
  parent: { id: string; ttid: string },
  operation: Operation,
  minor: number,
  tipMinor?: number,
): void {
  const moveId = id('move');
  journal.recordIntent({
    id: moveId,
    workflowId: 'wf-moves',
    operation,
    purpose: 'cashier',
    parentId: parent.id,
    targetTtid: parent.ttid,
    amountMinor: minor,
    training: true,
    ...(tipMinor === undefined ? {} : { tipMinor }),
    ...(operation === 'refund' ? { orderId: id('order') } : {}),
  });
  const mark = markOfMove(
    { parentId: parent.id, operation, ...(tipMinor === undefined ? {} : { tipMinor }) },
    minor,
  );
  journal.recordOutcome(
    moveId,
    {
      state: 'approved',
      ttid: id('ttid'),
      approvedMinor: minor,
      answer: { code: 'AUTH', batch: '7', timestamp: '2026-11-27 12:00:00' },
    },
    mark === undefined ? [] : [mark],
  );
}

/** Writes one planned transaction and its later moves into the journal; answers what it expects. */
function write(journal: JournalStore, p: Plan): Expected {
  const entryId = id('entry');
  const ttid = id('ttid');
  const workflowId = id('wf');
  journal.startWorkflow(workflowId, 'sale', true);
  const card = {
    maskedAccount: 'XXXXXXXXXXXX4242',
    lastFour: '4242',
    entry: 'swipe',
    brand: p.brand,
  } as const;
  journal.recordIntent({
    id: entryId,
    workflowId,
    operation: p.operation,
    purpose: 'cashier',
    orderId: id('order'),
    amountMinor: p.askedMinor,
    tender: p.tender,
    card,
    training: true,
  });
  const none = { entryId, remainingMinor: 0, sales: 0, refunds: 0 };
  if (p.answer === 'unknown') {
    journal.markUnknown(entryId, 'no answer');
    return { ...none, status: 'checking' };
  }
  if (p.answer === 'declined' || p.answer === 'not_charged') {
    journal.recordOutcome(entryId, {
      state: p.answer,
      ...(p.answer === 'declined'
        ? {
            ttid,
            reason: 'declined',
            decidedBy: 'processor',
            answer: { code: 'DENY', verbiage: 'DECLINE', batch: '7' },
          }
        : { reason: 'not_sent' }),
    });
    return { ...none, status: p.answer };
  }
  const partial = p.answer === 'partial' && (p.operation === 'sale' || p.operation === 'preauth');
  const approved = partial ? Math.max(1, Math.floor(p.askedMinor / 2)) : p.askedMinor;
  journal.recordOutcome(entryId, {
    state: partial ? 'partial' : 'approved',
    ttid,
    approvedMinor: approved,
    answer: {
      code: 'AUTH',
      authamount: (approved / 100).toFixed(2),
      batch: '7',
      timestamp: '2026-11-27 12:00:00',
    },
  });
  const parent = { id: entryId, ttid };
  const toCard = ['refund', 'activate'].includes(p.operation);
  const counted = (minor: number) =>
    toCard ? { sales: 0, refunds: minor } : { sales: minor, refunds: 0 };
  const held = partial ? 'partial' : 'approved';
  const captured = p.operation !== 'preauth';
  switch (p.later) {
    case 'void':
      recordMove(journal, parent, 'void', approved);
      return { ...none, status: 'voided' };
    case 'reversal':
      recordMove(journal, parent, 'reversal', approved);
      return { ...none, status: 'reversed' };
    case 'refunds': {
      if (p.operation !== 'sale') break;
      let refunded = 0;
      for (const share of p.refundShares) {
        const minor = Math.min(
          approved - refunded,
          Math.max(1, Math.floor((approved * share) / 1000)),
        );
        if (minor <= 0) break;
        recordMove(journal, parent, 'refund', minor);
        refunded += minor;
      }
      const status = refunded >= approved ? 'refunded' : 'partly_refunded';
      return {
        entryId,
        status,
        remainingMinor: approved - refunded,
        sales: approved,
        refunds: refunded,
      };
    }
    case 'settle':
      journal.addMarks([{ entryId, mark: 'settled' }]);
      return {
        entryId,
        status: held,
        remainingMinor: approved,
        ...(captured ? counted(approved) : { sales: 0, refunds: 0 }),
      };
    case 'complete':
      if (p.operation !== 'preauth') break;
      recordMove(journal, parent, 'preauthcomplete', approved + p.extraMinor);
      return {
        entryId,
        status: held,
        remainingMinor: approved,
        sales: approved + p.extraMinor,
        refunds: 0,
      };
    case 'tip':
      if (p.operation !== 'sale') break;
      recordMove(journal, parent, 'adjust', p.extraMinor, p.extraMinor);
      return {
        entryId,
        status: held,
        remainingMinor: approved + p.extraMinor,
        sales: approved + p.extraMinor,
        refunds: 0,
      };
    case 'none':
      break;
  }
  return {
    entryId,
    status: held,
    remainingMinor: approved,
    ...(captured ? counted(approved) : { sales: 0, refunds: 0 }),
  };
}

/** The headline each status prints (the receipt vocabulary of protocol/receipts). */
const HEADLINE: Readonly<Record<Exclude<TransactionStatus, 'checking'>, string>> = {
  approved: RECEIPT_WORDS.en.approved,
  partial: RECEIPT_WORDS.en.partial,
  declined: RECEIPT_WORDS.en.declined,
  not_charged: RECEIPT_WORDS.en.notCharged,
  voided: RECEIPT_WORDS.en.voided,
  reversed: RECEIPT_WORDS.en.reversed,
  refunded: RECEIPT_WORDS.en.refunded,
  partly_refunded: RECEIPT_WORDS.en.partlyRefunded,
};
const HEADLINES = new Set(Object.values(HEADLINE));

const receipts = new LaneReceipts({ name: 'Truth Store' }, undefined, '1');

/** The headline lines a receipt of the entry prints (lines that are exactly a headline word). */
function printedHeadlines(journal: JournalStore, entryId: string): string[] {
  const entry = journal.get(entryId);
  if (entry === undefined) throw new Error(`no entry ${entryId}`);
  const standing = receiptStanding(journal, entry);
  const request = {
    copy: 'customer',
    duplicate: false,
    training: true,
    notes: '',
    language: 'en',
  } as const;
  const text = receipts
    .render(entry, { ...request, ...(standing ? { standing } : {}) })
    .preview().text;
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => HEADLINES.has(line));
}

describe('one truth over generated journal histories', () => {
  it('the row, the receipt headline and the day totals agree with each other and with what was done', () => {
    fc.assert(
      fc.property(fc.array(plan, { minLength: 1, maxLength: 12 }), (plans) => {
        const journal = new JournalStore(':memory:');
        journal.startWorkflow('wf-moves', 'void', true);
        try {
          const expected = plans.map((p) => write(journal, p));
          const movesOf = (entryId: string) => journal.movesOf(entryId);
          for (const want of expected) {
            const entry = journal.get(want.entryId);
            if (entry === undefined) throw new Error('lost entry');
            const row = historyEntry(entry, true, movesOf(entry.id));
            expect(row.status).toBe(want.status);
            expect(row.remainingMinor).toBe(want.remainingMinor);
            if (row.status !== 'checking')
              expect(printedHeadlines(journal, want.entryId)).toEqual([HEADLINE[row.status]]);
          }
          const entries = expected
            .map((want) => journal.get(want.entryId))
            .filter((e) => e !== undefined);
          const refunds = entries
            .flatMap((entry) => movesOf(entry.id))
            .filter((m) => m.operation === 'refund');
          const totals = dayTotals([...entries, ...refunds], movesOf);
          const sum = (pick: (want: Expected) => number) =>
            expected.reduce((t, w) => t + pick(w), 0);
          expect(totals.saleMinor).toBe(sum((want) => want.sales));
          expect(totals.refundMinor).toBe(sum((want) => want.refunds));
          expect(totals.netMinor).toBe(totals.saleMinor - totals.refundMinor);
          expect(totals.lines.reduce((t, line) => t + line.saleMinor, 0)).toBe(totals.saleMinor);
        } finally {
          journal.close();
        }
      }),
      { numRuns: 150 },
    );
  });
});
