// The simulated processor, its test-card rules, and the send queue in front of it.
export * from './processor.ts';
export * from './ach-rules.ts';
export * from './amount-triggers.ts';
export * from './verification-rules.ts';
export * from './loopback-processor.ts';
export * from './send-queue.ts';
