// The rule book of transactions (protocol/transactions): the table the service's engine and the
// lane both read, beside the refunds rule, the refund move of an amount and what moves leave.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MOVES,
  allowedMoves,
  kindOfOperation,
  refundMoveOf,
  refusalOf,
  stateAfter,
  type TransactionOperation,
  type TransactionStanding,
  type TransactionState,
} from '../../../protocol/index.ts';

const OPERATIONS: TransactionOperation[] = [
  'sale',
  'preauth',
  'refund',
  'activate',
  'issue',
  'cashout',
  'merchreturn',
];
const STATES: TransactionState[] = [
  'declined',
  'authorized',
  'captured',
  'settled',
  'voided',
  'reversed',
];

function standing(
  operation: TransactionOperation,
  state: TransactionState,
  refundedAmount = 0,
): TransactionStanding {
  return { kind: kindOfOperation(operation), operation, state, refundedAmount };
}

describe('the transaction rule book', () => {
  it('gives a gift load the kind refund and a cash-out the kind sale', () => {
    expect(OPERATIONS.map((operation) => [operation, kindOfOperation(operation)])).toEqual([
      ['sale', 'sale'],
      ['preauth', 'preauth'],
      ['refund', 'refund'],
      ['activate', 'refund'],
      ['issue', 'refund'],
      ['cashout', 'sale'],
      ['merchreturn', 'refund'],
    ]);
  });

  it('allows each state the moves of docs/test-cards.md › States and moves', () => {
    expect(allowedMoves(standing('sale', 'captured'))).toEqual([
      'reversal_full',
      'reversal_partial',
      'adjust',
      'void',
      'refund_partial',
      'duplicate',
    ]);
    expect(allowedMoves(standing('preauth', 'authorized'))).toEqual([
      'preauthcomplete',
      'reversal_full',
      'reversal_partial',
      'incremental',
      'void',
      'duplicate',
    ]);
    expect(allowedMoves(standing('sale', 'settled'))).toEqual(['refund_whole', 'refund_partial']);
    expect(allowedMoves(standing('refund', 'captured'))).toEqual(['adjust', 'void']);
    expect(allowedMoves(standing('cashout', 'captured'))).toEqual(['void']);
    expect(allowedMoves(standing('activate', 'settled'))).toEqual([]);
    expect(refusalOf(standing('sale', 'captured'), 'refund_whole')).toBe(
      'USE VOID OR REVERSAL TO REFUND UNSETTLED TRANSACTIONS',
    );
  });

  it('refuses a void or a reversal while refunds stand against a transaction, and nothing else more', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OPERATIONS),
        fc.constantFrom(...STATES),
        fc.integer({ min: 1, max: 1_000_000 }),
        (operation, state, refunded) => {
          const clean = standing(operation, state);
          const withRefunds = standing(operation, state, refunded);
          for (const move of MOVES) {
            const blocked = move === 'void' || move.startsWith('reversal');
            const before = refusalOf(clean, move);
            const after = refusalOf(withRefunds, move);
            if (before !== undefined || !blocked) expect(after).toBe(before);
            else expect(after).toMatch(/^transaction has refunds; void them/);
          }
        },
      ),
    );
  });

  it('calls a refund whole when it takes all that is refundable', () => {
    expect(refundMoveOf(1500, 4000)).toBe('refund_partial');
    expect(refundMoveOf(2500, 2500)).toBe('refund_whole');
    expect(refundMoveOf(2600, 2500)).toBe('refund_whole');
  });

  it('leaves a voided transaction voided, a whole reversal reversed, a completion captured', () => {
    expect(stateAfter('captured', 'void')).toBe('voided');
    expect(stateAfter('authorized', 'reversal_full')).toBe('reversed');
    expect(stateAfter('authorized', 'preauthcomplete')).toBe('captured');
    expect(stateAfter('authorized', 'capture')).toBe('captured');
    expect(stateAfter('captured', 'reversal_partial')).toBe('captured');
    expect(stateAfter('settled', 'refund_partial')).toBe('settled');
  });
});
