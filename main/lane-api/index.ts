// The lane API contract: commands, the one event stream, and every value they carry, as plain
// serialisable types with zod schemas. The renderer imports this folder and nothing else of the
// repository; it imports nothing but zod (docs/lane.md, The lane API).
export * from './values.ts';
export * from './status.ts';
export * from './results.ts';
export * from './step-parts.ts';
export * from './workflow-step.ts';
export * from './workflow.ts';
export * from './history.ts';
export * from './receipt.ts';
export * from './settings.ts';
export * from './commands.ts';
export * from './events.ts';
export * from './replies.ts';
export * from './lane-api.ts';
export * from './words.ts';
export * from './decline-advice.ts';
export * from './training-faults.ts';
