// What a command answers: its data when accepted, or a typed refusal naming the field and the rule.
// A refusal never changes anything; the answer of a workflow command says only that it was
// accepted, and the workflow's progress arrives on the event stream.
import { z } from 'zod';
import { START_COMMAND_TYPES, type CommandType } from './commands.ts';
import { LaneSnapshot } from './events.ts';
import { HistoryEntry, InterruptedEntry } from './history.ts';
import { ReceiptPreview } from './receipt.ts';
import { LaneSettings } from './settings.ts';
import { OfflineDeclined } from './results.ts';
import { Diagnostics } from './status.ts';
import { LaneId, Tender } from './values.ts';

/**
 * Why a command was refused: invalid_command (it breaks the schema: field and rule named), busy
 * (another workflow runs), no_workflow / stale_workflow (the workflow named is not the one
 * running), wrong_step (the step does not take it), not_allowed (the entry or the lane's rules do
 * not allow it), not_found (no such entry), day_closed (open the day first), unavailable (the lane
 * is starting or stopping).
 */
export const LaneErrorCode = z.enum([
  'invalid_command',
  'busy',
  'no_workflow',
  'stale_workflow',
  'wrong_step',
  'not_allowed',
  'not_found',
  'day_closed',
  'unavailable',
]);
/** One of LaneErrorCode. */
export type LaneErrorCode = z.infer<typeof LaneErrorCode>;

/** A refusal; message never holds a value the command carried (it may be card data). */
export const LaneError = z.strictObject({
  code: LaneErrorCode,
  message: z.string().max(500),
  /** The command field at fault, as a dotted path ("card.expdate"). */
  field: z.string().max(100).optional(),
  /** The rule it broke ("string.regex", "step.card"). */
  rule: z.string().max(100).optional(),
});
/** A refusal. */
export type LaneError = z.infer<typeof LaneError>;

const WorkflowAccepted = z.strictObject({ workflowId: LaneId });

/** A test card of the simulators, as a training screen lists it (never its number). */
export const TestCardSummary = z.strictObject({
  id: z.string().max(30),
  description: z.string().max(120),
  brand: z.string().max(20),
  /** The tender it fits: credit, debit or gift (the training panel picks one that fits). */
  funding: Tender,
  lastFour: z.string().regex(/^[0-9]{4}$/),
  /** The ways it can be presented: swipe always; insert for a chip; tap when contactless. */
  presentations: z.array(z.enum(['swipe', 'insert', 'tap', 'fallback', 'key'])),
});
/** A test card. */
export type TestCardSummary = z.infer<typeof TestCardSummary>;

/** The data each command type answers when accepted. */
export const COMMAND_DATA = {
  'lane.snapshot': LaneSnapshot,
  'history.search': z.strictObject({ entries: z.array(HistoryEntry) }),
  'receipt.preview': ReceiptPreview,
  'diagnostics.get': Diagnostics,
  'offline.declined': z.strictObject({ declined: z.array(OfflineDeclined) }),
  'offline.seen': z.strictObject({ declined: z.array(OfflineDeclined) }),
  'settings.get': LaneSettings,
  'settings.update': LaneSettings,
  'interrupted.acknowledge': z.strictObject({ interrupted: z.array(InterruptedEntry) }),
  'training.present': z.strictObject({}),
  'training.pin': z.strictObject({}),
  'training.fault': z.strictObject({}),
  'training.unplug': z.strictObject({}),
  'training.printer': z.strictObject({}),
  'training.cards': z.strictObject({ cards: z.array(TestCardSummary) }),
  'training.network': z.strictObject({}),
} as const;

type QueryType = keyof typeof COMMAND_DATA;

/** The data a command of type T answers: its query data, or the workflow it started or acted on. */
export type CommandData<T extends CommandType> = T extends QueryType
  ? z.infer<(typeof COMMAND_DATA)[T]>
  : z.infer<typeof WorkflowAccepted>;

/** A command's answer. */
export type CommandReply<T extends CommandType = CommandType> =
  | { readonly ok: true; readonly data: CommandData<T> }
  | { readonly ok: false; readonly error: LaneError };

/** The schema of the answer to a command of type `type` (for a transport to check what it relays). */
export function replySchema(type: CommandType): z.ZodType<CommandReply> {
  const data: z.ZodType = type in COMMAND_DATA ? COMMAND_DATA[type as QueryType] : WorkflowAccepted;
  return z.union([
    z.strictObject({ ok: z.literal(true), data }),
    z.strictObject({ ok: z.literal(false), error: LaneError }),
  ]) as z.ZodType<CommandReply>;
}

/** True when the type starts a workflow. */
export function startsWorkflow(type: CommandType): boolean {
  return START_COMMAND_TYPES.has(type);
}
