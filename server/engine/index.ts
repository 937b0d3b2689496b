// The transaction engine's front door: the one import of the engine for the rest of the service
// (transports, dispatch, admin, card entry, configuration and start-up); npm run layers refuses
// any other (docs/architecture.md, Rooms of the service).
export { TransactionService, type TransactionServiceDeps } from './transaction-service.ts';
export { CommitOutcomeUnknown } from '../store/commit-outcome-unknown.ts';
export type { CallerContext, ServiceAnswer } from './engine-context.ts';
export { protocolErrorAnswer, serviceDecline } from './answers.ts';
export { withEchoedKeys } from './answer-echo.ts';
export { CARD_FIELDS } from './bin-details.ts';
export { RECEIPT_PARTS, type ReceiptPart } from './receipts/receipt-copy.ts';
export { DEFAULT_CHECK_RETURN_SECONDS } from './checks/check-returns.ts';
export { SESSION_LIFETIME_SECONDS, TICKET_LIFETIME_SECONDS } from './card-ticket-lifetimes.ts';
export { CARD_ENTRY_PATH } from './operations/ticket-session.ts';
export { PROVIDER_GIFT_RANGES } from './gift/gift-ranges.ts';
export { BDK_TYPES, BdkRegistry, bdkShapeProblem, keyCheckValue } from './entry/bdk-registry.ts';
export { DEMO_BDKS } from './entry/demo-bdks.ts';
export { seedDemoEngineData } from './demo-data.ts';
export { moveLegacyOutbox } from './receipts/legacy-outbox.ts';
export { OutboxSpoolError, spoolOutboxCopies } from './receipts/outbox-spool.ts';
export { parseOutboxMessage } from './receipts/receipt-outbox.ts';
