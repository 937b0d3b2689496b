// The transaction engine: the one import for the transports and the process.
export { TransactionService, type TransactionServiceDeps } from './transaction-service.ts';
export type { CallerContext, ServiceAnswer } from './engine-context.ts';
export { seedDemoEngineData } from './demo-data.ts';
export { moveLegacyOutbox } from './receipts/legacy-outbox.ts';
