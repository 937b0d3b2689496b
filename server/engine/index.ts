// The transaction engine: the one import for the transports and the process.
export { TransactionService, type TransactionServiceDeps } from './transaction-service.ts';
export type { CallerContext, ServiceAnswer } from './engine-context.ts';
export { seedDemoGiftCards } from './gift/demo-gift-cards.ts';
export { seedDemoReceiptHeader } from './receipts/demo-receipt-header.ts';
