import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineFixture, keyedSale } from './helpers/engine-fixture.ts';
import { giftCard } from './helpers/gift-fixture.ts';

const MOVES = [
  'capture',
  'preauthcomplete',
  'reversal_full',
  'reversal_partial',
  'adjust',
  'incremental',
  'void',
  'refund_whole',
  'refund_partial',
  'duplicate',
] as const;
type MoveName = (typeof MOVES)[number];

function row(cells: string): Record<string, 'A' | 'R'> {
  const marks = cells.split(' ') as ('A' | 'R')[];
  if (marks.length !== MOVES.length) throw new Error(`row "${cells}" needs ${MOVES.length} marks`);
  return Object.fromEntries(MOVES.map((move, i) => [move, marks[i] ?? 'R']));
}

/**
 * Every state × every move (docs/interface.md › States and transitions; docs/test-cards.md, State table): A is
 * allowed, R refused with DATA_INVALIDMOD. Written out here, independent of the engine's table.
 * gift_*: a gift card operation (activate, issue, cashout, merchreturn).
 */
const EXPECTED: Record<string, Record<string, 'A' | 'R'>> = {
  //                   capture  complete  rev-full rev-part adjust  incr    void    ref-whole ref-part dup
  declined: row('R R R R R R R R R R'),
  sale_authorized: row('A R A A R A A R R A'),
  preauth_authorized: row('R A A A R A A R R A'),
  captured: row('R R A A A R A R A A'),
  refund_captured: row('R R R R A R A R R R'),
  settled: row('R R R R R R R A A R'),
  refund_settled: row('R R R R R R R R R R'),
  gift_captured: row('R R R R R R A R R R'),
  gift_settled: row('R R R R R R R R R R'),
  voided: row('R R R R R R R R R R'),
  reversed: row('R R R R R R R R R R'),
};

let giftSerial = 0;

/** Creates a fresh transaction of 10.00 in the state; returns its ttid. */
async function inState(fx: EngineFixture, state: string): Promise<string> {
  const sale = (extra: Record<string, string> = {}): Promise<Record<string, string>> =>
    fx.run('sale', keyedSale('10.00', extra));
  let ttid: string;
  switch (state) {
    case 'declined':
      ttid = (await fx.run('sale', keyedSale('6.01'))).ttid ?? '';
      break;
    case 'sale_authorized':
      ttid = (await sale({ capture: 'no' })).ttid ?? '';
      break;
    case 'preauth_authorized':
      ttid = (await fx.run('preauth', keyedSale('10.00'))).ttid ?? '';
      break;
    case 'refund_captured':
    case 'refund_settled':
      ttid =
        (await fx.run('refund', { account: '4111111111111111', expdate: '1230', amount: '10.00' }))
          .ttid ?? '';
      break;
    case 'gift_captured':
    case 'gift_settled':
      giftSerial += 1;
      ttid = (await fx.run('issue', { account: giftCard(giftSerial), amount: '10.00' })).ttid ?? '';
      break;
    default:
      ttid = (await sale()).ttid ?? '';
  }
  if (state.endsWith('settled')) await fx.run('settle', {});
  if (state === 'voided') await fx.run('void', { ttid });
  if (state === 'reversed') await fx.run('reversal', { ttid });
  return ttid;
}

function moveRequest(
  move: MoveName,
  ttid: string,
): [Parameters<EngineFixture['run']>[0], Record<string, string>] {
  switch (move) {
    case 'capture':
      return ['capture', { ttid }];
    case 'preauthcomplete':
      return ['preauthcomplete', { ttid }];
    case 'reversal_full':
      return ['reversal', { ttid }];
    case 'reversal_partial':
      return ['reversal', { ttid, amount: '4.00' }];
    case 'adjust':
      return ['adjust', { ttid, tax: '1.00' }];
    case 'incremental':
      return ['incremental', { ttid, amount: '15.00' }];
    case 'void':
      return ['void', { ttid }];
    case 'refund_whole':
      return ['refund', { ttid, amount: '10.00' }];
    case 'refund_partial':
      return ['refund', { ttid, amount: '3.00' }];
    case 'duplicate':
      return ['sale', { ttid, amount: '5.00' }];
  }
}

let fx: EngineFixture;
beforeAll(() => {
  fx = new EngineFixture();
});
afterAll(() => fx.close());

describe('state table', () => {
  const cases = Object.entries(EXPECTED).flatMap(([state, moves]) =>
    MOVES.map((move) => [state, move, moves[move]] as const),
  );

  it.each(cases)('%s × %s → %s', async (state, move, expected) => {
    const ttid = await inState(fx, state);
    const before = await fx.run('trandetail', { ttid });
    const [op, params] = moveRequest(move, ttid);
    const pairs = await fx.run(op, params);
    if (expected === 'A') {
      expect(pairs).toMatchObject({ code: 'AUTH', msoft_code: 'INT_SUCCESS' });
    } else {
      expect(pairs).toMatchObject({ code: 'DENY', msoft_code: 'DATA_INVALIDMOD' });
      expect(pairs.verbiage).toMatch(
        /^(USE VOID OR REVERSAL TO REFUND UNSETTLED TRANSACTIONS|[a-z]+: .+)$/,
      );
      const after = await fx.run('trandetail', { ttid });
      expect(after.last_modified_ts).toBe(before.last_modified_ts);
      expect(after.txnstatus).toBe(before.txnstatus);
    }
  });

  it('refuses a whole refund of an unsettled sale with the real server’s verbiage', async () => {
    const ttid = await inState(fx, 'captured');
    const pairs = await fx.run('refund', { ttid, amount: '10.00' });
    expect(pairs).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_INVALIDMOD',
      verbiage: 'USE VOID OR REVERSAL TO REFUND UNSETTLED TRANSACTIONS',
    });
  });
});
