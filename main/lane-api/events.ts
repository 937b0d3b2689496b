// The lane's one event stream: the first event a subscriber gets is a snapshot of everything, then
// every change in order (seq counts up by one per event of the lane).
import { z } from 'zod';
import { HistoryEntry, InterruptedEntry } from './history.ts';
import { ReceiptPreview } from './receipt.ts';
import { LaneSettings } from './settings.ts';
import { LaneStatus } from './status.ts';
import { WorkflowView } from './workflow.ts';
import { EpochMs } from './values.ts';

/**
 * Things the cashier should know that belong to no running workflow: what the journal settled at
 * start or in the background, the day opened or closed, a device back.
 */
export const NoticeCode = z.enum([
  'recovered_approved',
  'recovered_reversed',
  'recovered_declined',
  'recovered_not_charged',
  'reversal_pending',
  'reversal_refused',
  'move_not_applied',
  'day_opened',
  'day_closed',
  'day_closed_empty',
  'device_back',
  'device_lost',
  'server_back',
  'server_lost',
  'lane_error',
  'recovery_failed',
  'chip_not_completed',
  'offline_forwarded',
  'offline_declined',
  'keyboard_swipe',
]);
/** One of NoticeCode. */
export type NoticeCode = z.infer<typeof NoticeCode>;

/** A notice: a code and its values (amounts in minor units, masked cards, device labels). */
export const Notice = z.strictObject({
  level: z.enum(['info', 'warning', 'error']),
  code: NoticeCode,
  params: z.record(
    z.string().regex(/^[a-zA-Z]{1,30}$/),
    z.union([z.string().max(200), z.number()]),
  ),
});
/** A notice. */
export type Notice = z.infer<typeof Notice>;

/** Everything a screen needs to draw itself from nothing (after a start or a reconnect). */
export const LaneSnapshot = z.strictObject({
  settings: LaneSettings,
  status: LaneStatus,
  workflow: WorkflowView.nullable(),
  /** Transactions a stop or a crash interrupted, not acknowledged yet: the first screen lists them. */
  interrupted: z.array(InterruptedEntry),
});
/** A snapshot. */
export type LaneSnapshot = z.infer<typeof LaneSnapshot>;

const head = { seq: z.int().min(0), at: EpochMs };

/** Every event of the lane API. */
export const LaneEvent = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('snapshot'), ...head, snapshot: LaneSnapshot }),
  /** The running workflow changed step (null: none runs; the lane is idle). */
  z.strictObject({ type: z.literal('workflow'), ...head, workflow: WorkflowView.nullable() }),
  z.strictObject({ type: z.literal('status'), ...head, status: LaneStatus }),
  /** A receipt was built (and printed, or not: see its printed field). */
  z.strictObject({ type: z.literal('receipt'), ...head, receipt: ReceiptPreview }),
  /** A history line was written or changed. */
  z.strictObject({ type: z.literal('history'), ...head, entry: HistoryEntry }),
  z.strictObject({ type: z.literal('notice'), ...head, notice: Notice }),
  z.strictObject({ type: z.literal('settings'), ...head, settings: LaneSettings }),
  /** The interrupted list changed: an entry resolved, was undone or acknowledged. */
  z.strictObject({
    type: z.literal('interrupted'),
    ...head,
    interrupted: z.array(InterruptedEntry),
  }),
]);
/** One event. */
export type LaneEvent = z.infer<typeof LaneEvent>;
/** An event's type name. */
export type EventType = LaneEvent['type'];
