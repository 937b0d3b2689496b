import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAmount } from '../../../protocol/index.ts';
import { EngineFixture } from './helpers/engine-fixture.ts';
import { giftCard, giftSide } from './helpers/gift-fixture.ts';

/** One step of a random story on a gift card; `pick` chooses among the ttids made so far. */
type Step =
  | { op: 'activate' | 'merchreturn'; cents: number }
  | { op: 'sale' | 'preauth'; cents: number; nsf: boolean }
  | { op: 'refund' | 'merchreturn_ttid'; pick: number; cents: number }
  | { op: 'reversal'; pick: number; cents: number | null }
  | { op: 'void'; pick: number }
  | { op: 'cashout' }
  | { op: 'settle' };

const cents = fc.integer({ min: 1, max: 6000 });
const pick = fc.nat();
const STEP: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('activate' as const), cents }),
  fc.record({ op: fc.constant('merchreturn' as const), cents }),
  fc.record({ op: fc.constantFrom('sale' as const, 'preauth' as const), cents, nsf: fc.boolean() }),
  fc.record({ op: fc.constantFrom('refund' as const, 'merchreturn_ttid' as const), pick, cents }),
  fc.record({ op: fc.constant('reversal' as const), pick, cents: fc.option(cents) }),
  fc.record({ op: fc.constant('void' as const), pick }),
  fc.record({ op: fc.constant('cashout' as const) }),
  fc.record({ op: fc.constant('settle' as const) }),
);

let fx: EngineFixture;
let gift: ReturnType<typeof giftSide>;
let serial = 0;
beforeAll(() => {
  fx = new EngineFixture();
  gift = giftSide(fx);
});
afterAll(() => fx.close());

/** The request a step sends on `account`, given the ttids made so far (undefined: nothing to do). */
function requestOf(
  step: Step,
  account: string,
  ttids: string[],
): [Parameters<EngineFixture['run']>[0], Record<string, string>] | undefined {
  const ttid = 'pick' in step ? ttids[step.pick % Math.max(ttids.length, 1)] : undefined;
  const amount = 'cents' in step && step.cents !== null ? formatAmount(step.cents) : undefined;
  switch (step.op) {
    case 'activate':
      return ['activate', { account, amount: amount ?? '' }];
    case 'merchreturn':
      return ['merchreturn', { account, amount: amount ?? '' }];
    case 'sale':
    case 'preauth':
      return [step.op, { account, amount: amount ?? '', nsf: step.nsf ? 'yes' : 'no' }];
    case 'cashout':
      return ['cashout', { account }];
    case 'settle':
      return ['settle', {}];
    default:
      if (ttid === undefined) return undefined;
      if (step.op === 'void') return ['void', { ttid }];
      if (step.op === 'reversal')
        return ['reversal', amount === undefined ? { ttid } : { ttid, amount }];
      return [step.op === 'refund' ? 'refund' : 'merchreturn', { ttid, amount: amount ?? '' }];
  }
}

/**
 * The card's balance re-derived from its transactions, as the interface describes them and
 * independently of the engine: every approved load (refund kind) standing adds its amount, every
 * approved spend standing takes it; declined, voided and reversed ones count nothing.
 */
function balanceFromTransactions(accountId: number): number {
  const row = fx.db
    .prepare(
      `SELECT coalesce(sum(CASE kind WHEN 'refund' THEN amount ELSE -amount END), 0) AS total
       FROM transactions WHERE gift_account_id = ? AND state IN ('authorized', 'captured', 'settled')`,
    )
    .get(accountId) as { total: number };
  return row.total;
}

describe('gift ledger (property)', () => {
  it('after any story the balance is the sum of the ledger rows, never negative, as every answer said', async () => {
    await fc.assert(
      fc.asyncProperty(cents, fc.array(STEP, { maxLength: 24 }), async (opening, story) => {
        serial += 1;
        const account = giftCard(serial);
        const ttids: string[] = [];
        for (const step of [{ op: 'activate', cents: opening } as const, ...story]) {
          const request = requestOf(step, account, ttids);
          if (request === undefined) continue;
          const pairs = await fx.run(...request);
          if (pairs.ttid !== undefined && !ttids.includes(pairs.ttid)) ttids.push(pairs.ttid);
          const stored = await gift.account(account);
          if (stored === undefined) continue;
          const rows = await gift.ledger(account);
          const sum = rows.reduce((total, row) => total + row.amount, 0);
          expect(stored.balance).toBe(sum);
          expect(stored.balance).toBeGreaterThanOrEqual(0);
          expect(stored.balance).toBe(balanceFromTransactions(stored.id));
          expect(rows.every((row) => row.balanceAfter >= 0)).toBe(true);
          if (pairs.balance !== undefined && request[0] !== 'settle') {
            expect(pairs.balance).toBe(formatAmount(stored.balance));
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});
