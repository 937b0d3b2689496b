// The rule book of transactions: what creates one, the states it moves through and the moves each
// state allows (docs/test-cards.md, States and moves), read by the service's engine and the lane.
export * from './transaction-kinds.ts';
export * from './state-table.ts';
