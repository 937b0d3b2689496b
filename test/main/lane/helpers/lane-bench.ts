import { afterAll, afterEach, beforeAll } from 'vitest';
import { DEMO_MERCHANT } from '../../../../server/index.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type DevicesConfig,
  startTrainingDevices,
  type TrainingDevices,
  type TrainingDevicesOptions,
} from '../../../../main/devices/index.ts';
import type { EditableSettings } from '../../../../main/lane-api/index.ts';
import type { ChipFirstConfig } from '../../../../main/lane/chip-fallback.ts';
import type { OfflineConfig } from '../../../../main/lane/offline/offline-config.ts';
import { startLane, type RunningLane } from '../../../../main/start/lane-runtime.ts';
import { TRAINING_GIFT_RANGES, TRAINING_MERCHANT } from '../../../../main/start/training-lane.ts';
import {
  startServiceProcess,
  stopServiceProcess,
  type ServiceProcess,
} from '../../../conformance/helpers/service-process.ts';
import { LaneDriver } from './lane-driver.ts';

/** A lane on the simulators over real ptys and TCP, talking to a real service process. */
export interface LaneBench {
  readonly service: ServiceProcess;
  readonly devices: TrainingDevices;
  readonly lane: RunningLane;
  readonly driver: LaneDriver;
  readonly dir: string;
  /** Stops the lane and the simulators (the service too, unless it was given). */
  stop(): Promise<void>;
}

/** How a bench is set up. */
export interface LaneBenchOptions {
  /** A running service to use (kept running on stop); default a fresh one. */
  readonly service?: ServiceProcess;
  readonly devices?: TrainingDevicesOptions;
  /** Changes the simulators' device configuration before the lane starts on it. */
  readonly editDevices?: (config: DevicesConfig) => DevicesConfig;
  readonly settings?: Partial<EditableSettings>;
  /** The client's answer deadline, ms (short ones make unknown outcomes). */
  readonly answerMs?: number;
  /** How long a late answer is still listened for, ms (with answerMs: how long a request may still run). */
  readonly lateAnswerMs?: number;
  /** The folder of the journal (a restart reuses it); default a fresh one. */
  readonly dir?: string;
  readonly openDay?: boolean;
  /** Milliseconds between the lane's background recovery passes; default the lane's. */
  readonly sweepMs?: number;
  /** The lane's offline rules (lane.yaml offline:); default never offline. */
  readonly offline?: OfflineConfig;
  /** The lane's chip first (lane.yaml chipFirst:); default one failed chip read. */
  readonly chipFirst?: ChipFirstConfig;
}

/**
 * Starts a lane bench: service process, simulated devices, a training lane on them; resolves once
 * every device's connect-time check has run, so a fault a test arms next meets the test's call.
 */
export async function startLaneBench(options: LaneBenchOptions = {}): Promise<LaneBench> {
  const service = options.service ?? (await startServiceProcess());
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'laneterm-lane-'));
  const devices = await startTrainingDevices({ pinTypingMs: 50, ...options.devices });
  const lane = await startLane({
    training: true,
    laneId: '7',
    merchant: TRAINING_MERCHANT,
    server: {
      url: `https://127.0.0.1:${service.tlsPort}`,
      transport: 'v2',
      tls: { pin: service.fingerprint },
      apiKey: service.apiKey,
      giftBinRanges: TRAINING_GIFT_RANGES,
      deadlines: { connectMs: 3000, answerMs: options.answerMs ?? 30_000 },
      ...(options.lateAnswerMs === undefined ? {} : { lateAnswerMs: options.lateAnswerMs }),
    },
    journalPath: join(dir, 'journal.db'),
    devices: options.editDevices?.(devices.config) ?? devices.config,
    source: 'test',
    openDay: options.openDay ?? true,
    simulators: devices,
    trainingManager: { username: DEMO_MERCHANT.merchant, password: DEMO_MERCHANT.password },
    ...(options.settings === undefined ? {} : { settings: options.settings }),
    ...(options.offline === undefined ? {} : { offline: options.offline }),
    ...(options.chipFirst === undefined ? {} : { chipFirst: options.chipFirst }),
    ...(options.sweepMs === undefined ? {} : { sweepMs: options.sweepMs }),
  });
  for (const role of ['reader', 'emv', 'pinpad', 'printer'] as const)
    await lane.devices.check(role);
  const driver = new LaneDriver(lane.engine);
  return {
    service,
    devices,
    lane,
    driver,
    dir,
    async stop() {
      driver.close();
      await lane.stop();
      await devices.stop();
      if (options.service === undefined) await stopServiceProcess(service);
      if (options.dir === undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** One lane bench for a whole test file: started before its tests, stopped after; answers a getter. */
export function benchForFile(options: LaneBenchOptions = {}): () => LaneBench {
  let bench: LaneBench | undefined;
  beforeAll(async () => {
    bench = await startLaneBench(options);
  }, 60_000);
  afterAll(async () => {
    await bench?.stop();
  });
  return () => {
    if (bench === undefined) throw new Error('the lane bench has not started');
    return bench;
  };
}

/**
 * One service process for a test file and a lane bench per test on it: registers the hooks that
 * start the service before the file's tests, stop each test's bench after it and the service at
 * the end; the returned function starts the test's bench.
 */
export function benchPerTestOnOneService(): (
  options?: Omit<LaneBenchOptions, 'service'>,
) => Promise<LaneBench> {
  let service: ServiceProcess | undefined;
  let bench: LaneBench | undefined;
  beforeAll(async () => {
    service = await startServiceProcess();
  });
  afterEach(async () => {
    await bench?.stop();
    bench = undefined;
  });
  afterAll(async () => {
    if (service !== undefined) await stopServiceProcess(service);
  });
  return async (options = {}) => {
    bench = await startLaneBench({ ...options, ...(service === undefined ? {} : { service }) });
    return bench;
  };
}

/**
 * Starts a credit sale of `amountMinor` and swipes `card` at its card step (docs/lane.md, Sale);
 * answers the sale's workflow id once the card is swiped. 8.03 is answered 3 s late by the
 * simulated processor (docs/test-cards.md, Delay triggers), so its authorizing step can be met.
 */
export async function swipedSale(
  { driver, devices }: Pick<LaneBench, 'driver' | 'devices'>,
  amountMinor = 803,
  card = 'visa-x924',
): Promise<string> {
  const { workflowId } = await driver.send({ type: 'sale.start', amountMinor, tender: 'credit' });
  await driver.step('card');
  await devices.present(card, 'swipe');
  return workflowId;
}
