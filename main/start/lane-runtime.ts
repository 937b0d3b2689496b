import { randomUUID } from 'node:crypto';
import { MsoftCode, parseBinRanges } from '../../protocol/index.ts';
import { DeviceManager, type DevicesConfig } from '../devices/index.ts';
import type { EditableSettings } from '../lane-api/index.ts';
import {
  DEFAULT_DEADLINES,
  DEFAULT_LATE_ANSWER_MS,
  PaymentClient,
  type PaymentClientConfig,
  type TlsSettings,
} from '../payment/index.ts';
import { JournalStore } from '../lane/journal/journal-store.ts';
import type { ManagerOverride, TrainingManager } from '../lane/lane-context.ts';
import { LaneEngine } from '../lane/lane-engine.ts';
import { LaneReceipts, type MerchantHeader } from '../lane/lane-receipts.ts';
import { LaneSettingsStore } from '../lane/lane-settings.ts';
import type { ChipFirstConfig } from '../lane/chip-fallback.ts';
import type { OfflineConfig } from '../lane/offline/offline-config.ts';
import type { SimulatorControls } from '../lane/training-commands.ts';

/** The lane's version, shown in diagnostics. */
export const LANE_VERSION = '0.1.0';

/** Everything a lane is started from: training mode's built-in setup, or a configuration file. */
export interface LaneSetup {
  readonly training: boolean;
  readonly laneId: string;
  readonly clerkId?: string;
  readonly merchant: MerchantHeader & { readonly currency: string };
  readonly server: {
    readonly url: string;
    readonly transport: 'v2' | 'kv';
    readonly tls?: TlsSettings;
    readonly apiKey: { readonly id: string; readonly secret: string };
    readonly deadlines?: PaymentClientConfig['deadlines'];
    /** How long an answer that missed its deadline is still listened for, ms; default 120 000. */
    readonly lateAnswerMs?: number;
    /** The merchant's gift BIN ranges (docs/interface.md › Gift custom BIN range formula), so keyed gift cards go without expiry. */
    readonly giftBinRanges?: string;
    /** The pinned certificate's fingerprint, for diagnostics. */
    readonly fingerprint?: string;
  };
  readonly journalPath: string;
  readonly devices: DevicesConfig;
  readonly settings?: Partial<EditableSettings>;
  /** The offline store-and-forward rules (docs/lane.md, Offline); default never offline. */
  readonly offline?: OfflineConfig;
  /** Chip first (docs/lane.md › Chip first): failed chip reads before a chip card's swipe is taken. */
  readonly chipFirst?: ChipFirstConfig;
  /** Where the setup came from ("training" or the configuration file). */
  readonly source: string;
  /** Milliseconds between background recovery passes; default 15 000. */
  readonly sweepMs?: number;
  /** Opens the day at start (training mode). */
  readonly openDay?: boolean;
  /** The simulated devices (training mode), for the lane API's training.* commands. */
  readonly simulators?: SimulatorControls;
  /** The training merchant's manager (training mode), shown on the override form. */
  readonly trainingManager?: TrainingManager;
}

/** A running lane: its engine and the parts it owns. */
export interface RunningLane {
  readonly engine: LaneEngine;
  readonly journal: JournalStore;
  readonly client: PaymentClient;
  readonly devices: DeviceManager;
  /** Stops the engine, the devices, the client and the journal, in that order. */
  stop(): Promise<void>;
}

type ServerConnection = Omit<PaymentClientConfig, 'auth'>;

/**
 * Checks a manager's credentials with the service (docs/lane.md, Manager override): a lookup of
 * an order that cannot exist, signed in as that user (with its MFA code). "No such order" means
 * the service accepted the user; any refusal (wrong password or code, disabled, throttled) or no
 * answer means it did not.
 */
export async function verifyManager(
  connection: ServerConnection,
  override: ManagerOverride,
): Promise<boolean> {
  const client = new PaymentClient({
    ...connection,
    retries: 0,
    auth: {
      credential: { kind: 'password', username: override.username, password: override.password },
      ...(override.mfaCode === undefined ? {} : { mfa: { code: override.mfaCode } }),
    },
  });
  try {
    const found = await client.run('trandetail', { order_id: randomUUID() });
    return (
      found.outcome !== 'unknown' && found.response.msoftCode === MsoftCode.DATA_RECORDNOTFOUND
    );
  } catch {
    return false;
  } finally {
    await client.close();
  }
}

/**
 * Starts a lane from its setup (docs/lane.md): the payment client, the journal, the devices
 * (main/devices), receipts (main/receipt) and the engine, which settles the journal at once.
 */
export async function startLane(setup: LaneSetup): Promise<RunningLane> {
  const lateAnswerMs = setup.server.lateAnswerMs ?? DEFAULT_LATE_ANSWER_MS;
  const answerMs = setup.server.deadlines?.answerMs ?? DEFAULT_DEADLINES.answerMs;
  const connection: ServerConnection = {
    url: setup.server.url,
    transport: setup.server.transport,
    ...(setup.server.tls === undefined ? {} : { tls: setup.server.tls }),
    ...(setup.server.deadlines === undefined ? {} : { deadlines: setup.server.deadlines }),
    lateAnswerMs,
    network: { down: false },
    ...(setup.server.giftBinRanges === undefined
      ? {}
      : { giftBinRanges: parseBinRanges(setup.server.giftBinRanges, 'giftBinRanges') }),
  };
  const client = new PaymentClient({
    ...connection,
    auth: { credential: { kind: 'apikey', ...setup.server.apiKey } },
  });
  const journal = new JournalStore(setup.journalPath);
  const devices = await DeviceManager.start(setup.devices);
  const settings = new LaneSettingsStore(journal, setup.settings);
  if (setup.openDay === true) settings.setDayOpen(true);
  const engine = LaneEngine.start({
    training: setup.training,
    laneId: setup.laneId,
    ...(setup.clerkId === undefined ? {} : { clerkId: setup.clerkId }),
    currency: setup.merchant.currency,
    merchantName: setup.merchant.name,
    configSource: setup.source,
    version: LANE_VERSION,
    journal,
    client,
    server: {
      url: setup.server.url,
      transport: setup.server.transport,
      ...(setup.server.fingerprint === undefined ? {} : { fingerprint: setup.server.fingerprint }),
    },
    devices,
    receipts: new LaneReceipts(setup.merchant, devices.printerConfig, setup.laneId),
    settings,
    verifyManager: (override) => verifyManager(connection, override),
    inFlightMs: answerMs + lateAnswerMs,
    ...(setup.simulators === undefined ? {} : { simulators: setup.simulators }),
    ...(setup.trainingManager === undefined ? {} : { trainingManager: setup.trainingManager }),
    ...(setup.sweepMs === undefined ? {} : { sweepMs: setup.sweepMs }),
    ...(setup.offline === undefined ? {} : { offline: setup.offline }),
    ...(setup.chipFirst === undefined ? {} : { chipFirst: setup.chipFirst }),
  });
  return {
    engine,
    journal,
    client,
    devices,
    async stop() {
      await engine.stop();
      await devices.stop();
      await client.close();
      journal.close();
    },
  };
}
