import { join } from 'node:path';
import {
  DEMO_MERCHANT,
  startServer,
  type RunningServer,
  type ServerInput,
} from '../../server/index.ts';
import {
  startTrainingDevices,
  type TrainingDevices,
  type TrainingDevicesOptions,
} from '../devices/index.ts';
import { OfflineConfig } from '../lane/offline/offline-config.ts';
import { startLane, type RunningLane } from './lane-runtime.ts';

/** The merchant header of training receipts. */
export const TRAINING_MERCHANT = {
  name: 'LaneTerm Training Store',
  lines: ['Training mode: no card is charged'],
  currency: 'USD',
} as const;

/** The demo merchant's gift BIN ranges (docs/test-cards.md, Gift cards). */
export const TRAINING_GIFT_RANGES = '603571:16-19;7777:16:GIFT:0';

/**
 * Training's offline rules (docs/lane.md › Offline, In training), so "network down" shows sales
 * approved and refused offline: credit swiped or inserted (the chip decides) up to 50.00 a sale,
 * 200.00 and 5 sales waiting, none older than 24 h; no manager override.
 */
export const TRAINING_OFFLINE: OfflineConfig = OfflineConfig.parse({
  allowed: true,
  floorLimits: { credit: { default: 5000 } },
  totalValueMinor: 20000,
  totalCount: 5,
  maxAgeHours: 24,
  entryMethods: ['swipe', 'insert'],
});

/** Where training mode keeps things and how it starts the service. */
export interface TrainingOptions {
  /** Options of the local service (ports, data directory); demo is always on. */
  readonly server: ServerInput;
  /** The lane's own folder: its journal (and, by default, its socket). */
  readonly laneDir: string;
  readonly devices?: TrainingDevicesOptions;
  readonly sweepMs?: number;
}

/** A training lane: the local service, the simulated devices and the lane on them. */
export interface TrainingLane {
  readonly lane: RunningLane;
  readonly server: RunningServer;
  readonly devices: TrainingDevices;
  /** Stops the lane, then the simulators, then the service. */
  stop(): Promise<void>;
}

/**
 * Training mode (docs/lane.md, Starting a lane): the local Payment Transaction Service with the
 * demo merchant, the device simulators on socat ptys and TCP (main/devices), and a lane on them
 * whose every screen and receipt says TRAINING. The day is open from the start, and sales are
 * approved offline by TRAINING_OFFLINE.
 */
export async function startTrainingLane(options: TrainingOptions): Promise<TrainingLane> {
  const server = await startServer({ host: '127.0.0.1', ...options.server, demo: true });
  let devices: TrainingDevices | undefined;
  try {
    devices = await startTrainingDevices(options.devices);
    const demo = server.demo;
    if (demo === undefined) throw new Error('training: the service seeded no demo merchant');
    const journalPath = join(options.laneDir, 'journal.db');
    const { host, port } = server.tlsAddress;
    const lane = await startLane({
      training: true,
      laneId: '1',
      merchant: TRAINING_MERCHANT,
      server: {
        url: `https://${host}:${port}`,
        transport: 'v2',
        tls: { pin: server.fingerprint256 },
        fingerprint: server.fingerprint256,
        apiKey: { id: demo.apiKeyId, secret: demo.apiKeySecret },
        giftBinRanges: TRAINING_GIFT_RANGES,
      },
      journalPath,
      devices: devices.config,
      source: 'training',
      openDay: true,
      offline: TRAINING_OFFLINE,
      simulators: devices,
      trainingManager: { username: DEMO_MERCHANT.merchant, password: DEMO_MERCHANT.password },
      ...(options.sweepMs === undefined ? {} : { sweepMs: options.sweepMs }),
    });
    const started = devices;
    return {
      lane,
      server,
      devices: started,
      async stop() {
        await lane.stop();
        await started.stop();
        await server.close();
      },
    };
  } catch (error) {
    await devices?.stop();
    await server.close();
    throw error;
  }
}
