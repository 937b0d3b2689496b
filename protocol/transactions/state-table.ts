import {
  GIFT_OPERATIONS,
  type TransactionKind,
  type TransactionOperation,
  type TransactionState,
} from './transaction-kinds.ts';

/**
 * A move on an existing transaction (docs/test-cards.md, States and moves), with the amount cases
 * the table treats apart: a whole or partial reversal, a refund of the whole or part of it, and a
 * v2 duplicate (a new sale or preauth copying the transaction's card data).
 */
export type Move =
  | 'capture'
  | 'preauthcomplete'
  | 'reversal_full'
  | 'reversal_partial'
  | 'adjust'
  | 'incremental'
  | 'void'
  | 'refund_whole'
  | 'refund_partial'
  | 'duplicate';

/** Every move, in table order. */
export const MOVES: readonly Move[] = [
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
];

/** What the rule book judges a transaction by: what created it, its state, what was refunded. */
export interface TransactionStanding {
  readonly kind: TransactionKind;
  readonly operation: TransactionOperation;
  readonly state: TransactionState;
  /** Minor units refunded against it so far. */
  readonly refundedAmount: number;
}

/** A row of the state table: a state together with what created the transaction. */
type StateKey =
  | 'declined'
  | 'sale_authorized'
  | 'preauth_authorized'
  | 'captured'
  | 'refund_captured'
  | 'gift_captured'
  | 'settled'
  | 'refund_settled'
  | 'gift_settled'
  | 'voided'
  | 'reversed';

/** The state-table row of a transaction; a gift operation takes only a void, before settlement. */
function stateKeyOf(txn: Omit<TransactionStanding, 'refundedAmount'>): StateKey {
  if (GIFT_OPERATIONS.has(txn.operation) && (txn.state === 'captured' || txn.state === 'settled')) {
    return txn.state === 'captured' ? 'gift_captured' : 'gift_settled';
  }
  switch (txn.state) {
    case 'authorized':
      return txn.kind === 'preauth' ? 'preauth_authorized' : 'sale_authorized';
    case 'captured':
      return txn.kind === 'refund' ? 'refund_captured' : 'captured';
    case 'settled':
      return txn.kind === 'refund' ? 'refund_settled' : 'settled';
    default:
      return txn.state;
  }
}

/** Allowed, or refused with the reason answered in verbiage (after the operation's name). */
type Rule = true | string;

const REFUND = 'transaction is a refund';
const NOT_CAPTURED = 'transaction is not captured; use reversal';
const UNSETTLED_WHOLE = 'USE VOID OR REVERSAL TO REFUND UNSETTLED TRANSACTIONS';

function refusedAll(reason: string): Record<Move, Rule> {
  return Object.fromEntries(MOVES.map((move) => [move, reason])) as Record<Move, Rule>;
}

/**
 * The state table (docs/test-cards.md, States and moves): for each state, each move is allowed
 * (true) or refused with its reason. Refusals answer DENY with DATA_INVALIDMOD.
 */
const STATE_TABLE: Readonly<Record<StateKey, Readonly<Record<Move, Rule>>>> = {
  declined: refusedAll('transaction was declined'),
  sale_authorized: {
    capture: true,
    preauthcomplete: 'transaction is a sale; use capture',
    reversal_full: true,
    reversal_partial: true,
    adjust: 'transaction is not captured; adjust applies to captured transactions',
    incremental: true,
    void: true,
    refund_whole: NOT_CAPTURED,
    refund_partial: NOT_CAPTURED,
    duplicate: true,
  },
  preauth_authorized: {
    capture: 'transaction is a preauth; use preauthcomplete',
    preauthcomplete: true,
    reversal_full: true,
    reversal_partial: true,
    adjust: 'not allowed on a preauth before preauthcomplete',
    incremental: true,
    void: true,
    refund_whole: NOT_CAPTURED,
    refund_partial: NOT_CAPTURED,
    duplicate: true,
  },
  captured: {
    capture: 'transaction is already captured',
    preauthcomplete: 'transaction is already captured',
    reversal_full: true,
    reversal_partial: true,
    adjust: true,
    incremental: 'transaction is already captured; use adjust',
    void: true,
    refund_whole: UNSETTLED_WHOLE,
    refund_partial: true,
    duplicate: true,
  },
  refund_captured: {
    ...refusedAll(REFUND),
    reversal_full: `${REFUND}; use void`,
    reversal_partial: `${REFUND}; use void`,
    adjust: true,
    void: true,
  },
  gift_captured: { ...refusedAll('transaction is a gift card operation; use void'), void: true },
  settled: {
    ...refusedAll('transaction is settled'),
    reversal_full: 'transaction is settled; use refund',
    reversal_partial: 'transaction is settled; use refund',
    void: 'transaction is settled; use refund',
    refund_whole: true,
    refund_partial: true,
    duplicate: 'card data of the transaction was cleared at settlement',
  },
  refund_settled: refusedAll('transaction is a settled refund'),
  gift_settled: refusedAll('transaction is a settled gift card operation'),
  voided: refusedAll('transaction is voided'),
  reversed: refusedAll('transaction is reversed'),
};

/** Moves refused while refunds stand against a transaction, with the reason (void them first). */
const BLOCKED_BY_REFUNDS: Readonly<Partial<Record<Move, string>>> = {
  void: 'transaction has refunds; void them first',
  reversal_full: 'transaction has refunds; void them before reversing it',
  reversal_partial: 'transaction has refunds; void them before reversing it',
};

/**
 * Why the move is refused for this transaction, or undefined when the rules allow it: the state
 * table, then a void or reversal of a transaction with refunds standing against it.
 */
export function refusalOf(txn: TransactionStanding, move: Move): string | undefined {
  const rule = STATE_TABLE[stateKeyOf(txn)][move];
  if (rule !== true) return rule;
  return txn.refundedAmount > 0 ? BLOCKED_BY_REFUNDS[move] : undefined;
}

/** The moves the rules allow on this transaction now, in table order. */
export function allowedMoves(txn: TransactionStanding): Move[] {
  return MOVES.filter((move) => refusalOf(txn, move) === undefined);
}

/**
 * Which refund move a refund of `amount` is, in minor units, where `refundable` is what a refund
 * may still take: the whole when it takes all of it, else partial (docs/test-cards.md, refund).
 */
export function refundMoveOf(amount: number, refundable: number): Move {
  return amount >= refundable ? 'refund_whole' : 'refund_partial';
}

/**
 * The state a transaction is left in by a move it was allowed (docs/test-cards.md, States and
 * moves): a void leaves it voided, a whole reversal reversed, a capture or completion captured;
 * every other move leaves its state as it was (a partial reversal lowers the hold, a refund is a
 * transaction of its own and only adds to what is refunded).
 */
export function stateAfter(state: TransactionState, move: Move): TransactionState {
  switch (move) {
    case 'void':
      return 'voided';
    case 'reversal_full':
      return 'reversed';
    case 'capture':
    case 'preauthcomplete':
      return 'captured';
    default:
      return state;
  }
}

/** Card brands whose authorizations may be partly reversed (docs/test-cards.md). */
export const PARTIAL_REVERSAL_BRANDS: ReadonlySet<string> = new Set(['VISA', 'MC', 'DISC']);
