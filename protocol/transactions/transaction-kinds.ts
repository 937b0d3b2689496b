import type { OperationName } from '../operations.ts';

/**
 * What created a transaction: a sale, a preauth or a refund (docs/test-cards.md, States and
 * moves; the interface's States and transitions).
 */
export type TransactionKind = 'sale' | 'preauth' | 'refund';

/**
 * The operation that created a transaction: its kind, or a gift operation (activate, issue and
 * merchreturn load a card, kind refund; cashout empties it, kind sale).
 */
export type TransactionOperation =
  TransactionKind | 'activate' | 'issue' | 'cashout' | 'merchreturn';

/** The gift card operations (docs/api.md, Gift cards). */
export const GIFT_OPERATIONS: ReadonlySet<TransactionOperation> = new Set<TransactionOperation>([
  'activate',
  'issue',
  'cashout',
  'merchreturn',
]);

/**
 * Operations that create a transaction: each request gets an order id when the caller gives none,
 * so an unanswered one can be looked up by it (docs/client.md, The unknown outcome).
 */
export const NEW_TRANSACTION_OPERATIONS: ReadonlySet<OperationName> = new Set<OperationName>([
  'sale',
  'preauth',
  'refund',
  'activate',
  'issue',
  'cashout',
  'merchreturn',
]);

/** True when `operation` creates a transaction (NEW_TRANSACTION_OPERATIONS). */
export function isTransactionOperation(operation: string): operation is TransactionOperation {
  return NEW_TRANSACTION_OPERATIONS.has(operation as OperationName);
}

/** The kind of transaction an operation creates: a gift load is a refund, a cash-out a sale. */
export function kindOfOperation(operation: TransactionOperation): TransactionKind {
  switch (operation) {
    case 'cashout':
      return 'sale';
    case 'activate':
    case 'issue':
    case 'merchreturn':
      return 'refund';
    default:
      return operation;
  }
}

/**
 * Where a transaction stands (docs/test-cards.md, States and moves): declined (never approved),
 * authorized (hold placed, not in a batch), captured (in an open batch, eligible for settlement),
 * settled (its batch settled), voided, reversed (hold removed).
 */
export type TransactionState =
  'declined' | 'authorized' | 'captured' | 'settled' | 'voided' | 'reversed';
