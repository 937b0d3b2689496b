// Every command the UI (or a test, or the scenario runner) sends the lane, as one union on `type`.
// Commands that start a workflow answer its id; commands inside one name it, so a stale screen
// can never act on another workflow.
import { z } from 'zod';
import { HistoryQuery } from './history.ts';
import { SettingsPatch } from './settings.ts';
import { DeviceKind } from './status.ts';
import { AttentionAction, NextAction } from './step-parts.ts';
import { LaneId, MinorUnits, ReceiptCopy, Tender } from './values.ts';

const entryId = LaneId;
const workflowId = LaneId;

/** Commands that start a workflow (one runs at a time; another is refused as busy). */
const START_COMMANDS = [
  z.strictObject({
    type: z.literal('sale.start'),
    amountMinor: MinorUnits,
    /** Skips the tender step when given. */
    tender: Tender.optional(),
    /** The store's own reference for the sale, printed and searchable (docs/interface.md › Request parameter groups, order). */
    reference: z
      .string()
      .regex(/^[A-Za-z0-9 ._/-]{1,25}$/)
      .optional(),
  }),
  z.strictObject({
    type: z.literal('preauth.start'),
    amountMinor: MinorUnits,
    tender: z.enum(['credit', 'debit']).optional(),
    reference: z
      .string()
      .regex(/^[A-Za-z0-9 ._/-]{1,25}$/)
      .optional(),
  }),
  /** Activate a gift card; amountMinor for a card that is not denominated. */
  z.strictObject({ type: z.literal('gift.activate'), amountMinor: MinorUnits.optional() }),
  z.strictObject({ type: z.literal('gift.issue'), amountMinor: MinorUnits }),
  z.strictObject({ type: z.literal('gift.cashout') }),
  /** Load a returned item's value onto a gift card; entryId names the original sale, if any. */
  z.strictObject({
    type: z.literal('gift.merchreturn'),
    amountMinor: MinorUnits,
    entryId: entryId.optional(),
  }),
  z.strictObject({ type: z.literal('balance.start'), tender: Tender.optional() }),
  z.strictObject({ type: z.literal('history.void'), entryId }),
  /** Give money back: the whole approved amount, or amountMinor of it. */
  z.strictObject({
    type: z.literal('history.refund'),
    entryId,
    amountMinor: MinorUnits.optional(),
  }),
  z.strictObject({ type: z.literal('history.tip'), entryId, tipMinor: MinorUnits }),
  /** Complete a preauth for its final amount. */
  z.strictObject({ type: z.literal('history.complete'), entryId, amountMinor: MinorUnits }),
  z.strictObject({
    type: z.literal('history.reprint'),
    entryId,
    copy: ReceiptCopy.optional(),
  }),
  z.strictObject({ type: z.literal('day.open') }),
  z.strictObject({ type: z.literal('day.close') }),
] as const;

/** Commands inside the running workflow. */
const WORKFLOW_COMMANDS = [
  z.strictObject({ type: z.literal('workflow.tender'), workflowId, tender: Tender }),
  /**
   * At the card step: have the card keyed on the PIN pad (a payment card needs the permission,
   * settings.manualEntry; the pad encrypts the number, so it never passes the lane API).
   */
  z.strictObject({ type: z.literal('workflow.entry'), workflowId, method: z.literal('keyed_pad') }),
  /** A manager's credentials for an override (docs/interface.md › Authentication §7); never logged or kept. */
  z.strictObject({
    type: z.literal('workflow.override'),
    workflowId,
    username: z.string().min(1).max(128),
    password: z.string().min(1).max(256),
    mfaCode: z
      .string()
      .regex(/^[0-9]{6,8}$/)
      .optional(),
  }),
  /** One of the actions the step offers (attention actions, result next actions). */
  z.strictObject({
    type: z.literal('workflow.choose'),
    workflowId,
    action: z.union([AttentionAction, NextAction]),
  }),
  /** Cancel now: reverses what was approved, so nothing stays charged. */
  z.strictObject({ type: z.literal('workflow.cancel'), workflowId }),
  /** While checking and the server cannot be reached: leave it to the journal and go on. */
  z.strictObject({ type: z.literal('workflow.defer'), workflowId }),
] as const;

/** Questions and settings; they never change a transaction. */
const QUERY_COMMANDS = [
  z.strictObject({ type: z.literal('lane.snapshot') }),
  z.strictObject({ type: z.literal('history.search'), query: HistoryQuery }),
  z.strictObject({
    type: z.literal('receipt.preview'),
    entryId,
    copy: ReceiptCopy.optional(),
  }),
  z.strictObject({ type: z.literal('diagnostics.get') }),
  /** The manager's list: offline sales the service declined when forwarded (docs/lane.md › Offline). */
  z.strictObject({ type: z.literal('offline.declined') }),
  /** The manager saw a sale on that list (Seen), or all of them without an entryId (All seen). */
  z.strictObject({ type: z.literal('offline.seen'), entryId: entryId.optional() }),
  z.strictObject({ type: z.literal('settings.get') }),
  z.strictObject({ type: z.literal('settings.update'), patch: SettingsPatch }),
  /** The cashier saw an interrupted transaction: it leaves the interrupted list (History keeps it). */
  z.strictObject({ type: z.literal('interrupted.acknowledge'), entryId }),
] as const;

/**
 * Training mode only (refused as not_allowed on a real lane): what a trainee, a screen's
 * "simulate" menu or an end-to-end test does to the simulated devices.
 */
const TRAINING_COMMANDS = [
  /** The simulated customer presents a test card by its id (training.cards lists them; never a number). */
  z.strictObject({
    type: z.literal('training.present'),
    card: z.string().regex(/^[a-z][a-z0-9-]{0,29}$/),
    /** key: the card the cardholder keys on the PIN pad when it asks (keyed entry). */
    how: z.enum(['swipe', 'insert', 'tap', 'fallback', 'key']),
  }),
  /** The simulated cardholder types the card's PIN, a wrong PIN, or presses Cancel on the pad. */
  z.strictObject({ type: z.literal('training.pin'), mode: z.enum(['typed', 'wrong', 'cancel']) }),
  /** Arms a device fault of docs/devices.md (name[:ms][*times], e.g. "unplug:1500"). */
  z.strictObject({
    type: z.literal('training.fault'),
    device: DeviceKind,
    fault: z.string().regex(/^[a-z-]{1,20}(:[0-9]{1,6})?(\*([0-9]{1,4}|always))?$/),
  }),
  /** Pulls a device's cable now, plugged back after ms (default 2000). */
  z.strictObject({
    type: z.literal('training.unplug'),
    device: DeviceKind,
    ms: z.int().min(0).max(600_000).optional(),
  }),
  /** What the simulated printer reports. */
  z.strictObject({
    type: z.literal('training.printer'),
    condition: z.enum(['ok', 'paper-low', 'paper-out', 'cover-open', 'offline', 'error']),
  }),
  /** The test cards the simulators know. */
  z.strictObject({ type: z.literal('training.cards') }),
  /**
   * Training's "network down" (docs/lane.md › Offline): while down, the lane's requests are not
   * sent, as when the payment service cannot be reached; up sends again.
   */
  z.strictObject({ type: z.literal('training.network'), down: z.boolean() }),
] as const;

/** Every command of the lane API. */
export const LaneCommand = z.discriminatedUnion('type', [
  ...START_COMMANDS,
  ...WORKFLOW_COMMANDS,
  ...QUERY_COMMANDS,
  ...TRAINING_COMMANDS,
]);
/** One command. */
export type LaneCommand = z.infer<typeof LaneCommand>;
/** A command's type name. */
export type CommandType = LaneCommand['type'];
/** The command of one type. */
export type CommandOf<T extends CommandType> = Extract<LaneCommand, { type: T }>;

/** Types of the commands that start a workflow. */
export const START_COMMAND_TYPES: ReadonlySet<CommandType> = new Set(
  START_COMMANDS.map((schema) => schema.shape.type.value),
);
