import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import {
  ConfirmAsk,
  DeclineReason,
  TransactionStatus,
  EditableSettings,
  HistoryAction,
  HistoryQuery,
  LaneCommand,
  NoticeCode,
  Operation,
  ProblemCode,
} from '../../../main/lane-api/index.ts';
import { OfflineConfig } from '../../../main/lane/offline/offline-config.ts';

const ROLES = ['reader', 'emv', 'pinpad', 'printer'] as const;
const PRINTER = ['ok', 'paper-low', 'paper-out', 'cover-open', 'offline', 'error'] as const;

/** An amount as the receipt prints it ("12.50"). */
const Amount = z.string().regex(/^[0-9]+\.[0-9]{2}$/);
/** An offline sale declined on forwarding: "amount last4" ("6.01 8909"). */
const Declined = z.string().regex(/^[0-9]+\.[0-9]{2} [0-9]{4}$/);

/** What a scenario expects of the next workflow view (docs/lane.md, Scenarios). */
const Expectation = z.strictObject({
  step: z.string(),
  outcome: z.enum(['approved', 'partial', 'declined', 'not_charged']).optional(),
  reason: DeclineReason.optional(),
  problem: ProblemCode.optional(),
  /** The result's amount, as the receipt prints it ("12.50"). */
  amount: Amount.optional(),
  remaining: Amount.optional(),
  balance: Amount.optional(),
  receipt: z.enum(['printed', 'not_printed', 'none']).optional(),
  /** An approval's offline mark: true when the lane approved it offline. */
  offline: z.boolean().optional(),
  reversed: z.int().min(0).optional(),
  /** A result's operation: what was sent (refund, reversal, void…). */
  operation: Operation.optional(),
  /** A confirmation's ask (void, refund, close_day, cashout). */
  ask: ConfirmAsk.optional(),
  /** A confirmation's moves as "operation amount" ("reversal 19.99"), in order. */
  moves: z.array(z.string().regex(/^[a-z_]+ [0-9]+\.[0-9]{2}$/)).optional(),
  /** Closing the day: the offline sales declined on forwarding its summary lists, "amount last4". */
  offline_declined: z.array(Declined).optional(),
});

/** One scenario step: a single key naming what to do or expect. */
const Step = z.union([
  z.strictObject({ start: LaneCommand }),
  z.strictObject({ tender: z.enum(['credit', 'debit', 'gift']) }),
  z.strictObject({ present: z.string().regex(/^[a-z0-9-]+ (swipe|insert|tap|fallback|key)$/) }),
  z.strictObject({ pin: z.enum(['typed', 'wrong', 'cancel']) }),
  z.strictObject({ entry: z.literal('keyed_pad') }),
  z.strictObject({
    override: z.strictObject({
      username: z.string(),
      password: z.string(),
      mfaCode: z.string().optional(),
    }),
  }),
  z.strictObject({ choose: z.string() }),
  z.strictObject({ cancel: z.literal(true) }),
  z.strictObject({ defer: z.literal(true) }),
  z.strictObject({ fault: z.string().regex(new RegExp(`^(${ROLES.join('|')}) \\S+$`)) }),
  z.strictObject({ unplug: z.string().regex(new RegExp(`^(${ROLES.join('|')})( [0-9]+)?$`)) }),
  z.strictObject({ printer: z.enum(PRINTER) }),
  z.strictObject({ fail_chip_read: z.literal(true) }),
  z.strictObject({
    history: z.strictObject({
      action: HistoryAction,
      query: HistoryQuery.default({}),
      amountMinor: z.int().min(1).optional(),
      tipMinor: z.int().min(1).optional(),
    }),
  }),
  z.strictObject({ expect: Expectation }),
  z.strictObject({ receipt: z.string().min(1) }),
  z.strictObject({ no_receipt_text: z.string().min(1) }),
  z.strictObject({ pad_expiry: z.enum(['optional', 'required']) }),
  z.strictObject({ notice: NoticeCode }),
  /** kill -9 of the lane process, then a start again on the same journal (`lane: process`). */
  z.strictObject({ kill: z.literal(true) }),
  z.strictObject({ restart: z.literal(true) }),
  /** The interrupted list holds a transaction of this amount that has come to this status. */
  z.strictObject({
    interrupted: z.strictObject({
      amount: Amount,
      status: TransactionStatus,
      undone_by: z.enum(['reversal', 'void', 'refund']).optional(),
    }),
  }),
  /** The cashier marks every interrupted transaction seen; the list is then empty. */
  z.strictObject({ acknowledge: z.literal(true) }),
  z.strictObject({ idle: z.literal(true) }),
  z.strictObject({ wait: z.int().min(1).max(60_000) }),
  /** The scenario's own service stopped (SIGTERM) or started again on its port (`service: own`). */
  z.strictObject({ service: z.enum(['stop', 'start']) }),
  /** How many of the service's unsettled transactions are of an amount: nothing sent twice. */
  z.strictObject({
    transactions: z.strictObject({
      amount: Amount,
      count: z.int().min(0),
    }),
  }),
  /** The own service's processor holds its answer to the next authorization of this amount. */
  z.strictObject({ hold: Amount }),
  /** Waits until the held authorization has reached the processor: the service has the request. */
  z.strictObject({ held: z.literal(true) }),
  /** The processor answers the held authorization. */
  z.strictObject({ release: z.literal(true) }),
  /** Training's network to the payment server taken down or brought back (training.network). */
  z.strictObject({ network: z.enum(['down', 'up']) }),
  /** The status bar's offline sales: how many wait and how many were declined on forwarding. */
  z.strictObject({
    offline_status: z.strictObject({ waiting: z.int().min(0), declined: z.int().min(0) }),
  }),
  /** The journal's waiting offline sales are of these amounts, in order; their order ids are kept. */
  z.strictObject({ offline_queue: z.array(Amount).min(1) }),
  /**
   * The service holds exactly one record of each kept order id, in queue order, recorded OFFLINE
   * with offline_approved=yes, approved or declined, with the chip's cryptogram type.
   */
  z.strictObject({
    forwarded: z
      .array(
        z.strictObject({
          amount: Amount,
          outcome: z.enum(['approved', 'declined']),
          actype: z.enum(['TC', 'ARQC']).optional(),
        }),
      )
      .min(1),
  }),
  /** The manager's list (offline.declined, what its screen reads): "amount last4", in order. */
  z.strictObject({ offline_declined: z.array(Declined) }),
]);
/** One step. */
export type ScenarioStep = z.infer<typeof Step>;
/** What a scenario expects of a view. */
export type ScenarioExpectation = z.infer<typeof Expectation>;

/** A scenario file (YAML): the lane it runs on, then its steps in order. */
export const Scenario = z.strictObject({
  name: z.string().min(1).max(120),
  /** Why it cannot run yet (a service feature not built): listed as pending, not run. */
  pending: z.string().min(1).optional(),
  /**
   * Where the lane runs: in the runner's process (engine, the default), or as its own process
   * (`npm start -- --config`), which a scenario may kill and start again.
   */
  lane: z.enum(['engine', 'process']).default('engine'),
  /**
   * The payment service: the run's shared one, or the scenario's own, which `service: stop` and
   * `service: start` take away and bring back on the same port.
   */
  service: z.enum(['shared', 'own']).default('shared'),
  /** The swipe reader of the training devices: ID TECH (encrypted) or keyboard wedge (clear). */
  reader: z.enum(['idtech', 'wedge']).default('idtech'),
  settings: EditableSettings.partial().optional(),
  /** The lane's offline rules (lane.yaml offline:, docs/lane.md › Offline). */
  offline: OfflineConfig.optional(),
  /** The payment client's answer deadline in ms (a short one makes an unknown outcome). */
  answerMs: z.int().min(100).max(120_000).optional(),
  /** A process lane's lane.yaml recovery.everySeconds (how soon it forwards once the service is back). */
  recoverySeconds: z.int().min(1).max(300).optional(),
  steps: z.array(Step).min(1),
});
/** A scenario. */
export type Scenario = z.infer<typeof Scenario>;

/** Parses a scenario file; throws naming the file, the field and the rule. */
export function parseScenario(text: string, file: string): Scenario {
  const parsed = Scenario.safeParse(parseYaml(text));
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.') ?? '';
  throw new Error(`${file}: ${field === '' ? 'scenario' : field}: ${issue?.message ?? 'invalid'}`);
}
