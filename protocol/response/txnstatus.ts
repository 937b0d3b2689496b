/**
 * The txnstatus of an order's new transaction still waiting for its outcome (LaneTerm's; the interface
 * names txnstatus values without listing them): an order lookup answers it, with no original
 * result yet, instead of "no such order" (docs/test-cards.md, In flight).
 */
export const TXNSTATUS_IN_PROGRESS = 'INPROGRESS';
