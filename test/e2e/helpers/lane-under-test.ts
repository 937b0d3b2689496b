import { DEMO_MERCHANT } from '../../../server/index.ts';
// The lane the end-to-end scenarios drive: training mode's parts as `npm start` assembles them
// (simulated devices answering the lane's training commands, the lane engine, the web bridge serving the
// built UI), except that the payment service runs as its own process, so a scenario can kill it
// mid-sale and start it again on the same port and data.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBridge, type RunningBridge } from '../../../main/bridge/bridge-server.ts';
import { ensureRendererBuilt } from '../../../main/bridge/renderer-build.ts';
import {
  startTrainingDevices,
  type TrainingDevices,
  type TrainingDevicesOptions,
} from '../../../main/devices/index.ts';
import { startLane, type RunningLane } from '../../../main/start/lane-runtime.ts';
import { TRAINING_MERCHANT, TRAINING_OFFLINE } from '../../../main/start/training-lane.ts';
import { ServerProcess } from '../../server/durability/helpers/server-process.ts';
import type { OfflineConfig } from '../../../main/lane/offline/offline-config.ts';
import { REPO_ROOT } from '../../server/helpers/server-process.ts';

/** A lane with its service process, devices and bridge. */
export interface LaneUnderTest {
  /** The URL `npm start` would print: the bridge with its token in the fragment. */
  url: string;
  devices: TrainingDevices;
  lane: RunningLane;
  /** kill -9 of the payment service. */
  killServer(): Promise<void>;
  /** Starts the service again on the same port and data. */
  restartServer(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts the service, the simulators (`devices`: e.g. the swipe reader's kind), the lane (recovery
 * every second; `offline`: its offline rules, default training's) and the bridge, serving the UI
 * built in `staticDir` (default the current build).
 */
export async function startLaneUnderTest(
  devicesOptions: TrainingDevicesOptions = {},
  staticDir: string = ensureRendererBuilt(REPO_ROOT),
  offline: OfflineConfig = TRAINING_OFFLINE,
): Promise<LaneUnderTest> {
  const dir = mkdtempSync(join(tmpdir(), 'laneterm-e2e-'));
  const dataDir = join(dir, 'service');
  let server = await ServerProcess.start(dataDir);
  const devices = await startTrainingDevices({
    ...devicesOptions,
    dir: mkdtempSync(join(dir, 'devices-')),
  });
  const lane = await startLane({
    training: true,
    laneId: '1',
    merchant: TRAINING_MERCHANT,
    server: {
      url: `https://127.0.0.1:${server.tlsPort}`,
      transport: 'v2',
      tls: { pin: server.fingerprint },
      fingerprint: server.fingerprint,
      apiKey: server.apiKey,
      // Short deadlines, so an outcome lost with a killed service resolves within a scenario.
      deadlines: { connectMs: 2000, answerMs: 8000 },
      lateAnswerMs: 2000,
    },
    journalPath: join(dir, 'journal.db'),
    devices: devices.config,
    source: 'training',
    openDay: true,
    sweepMs: 1000,
    simulators: devices,
    offline,
    trainingManager: { username: DEMO_MERCHANT.merchant, password: DEMO_MERCHANT.password },
  });
  const bridge: RunningBridge = await startBridge({
    lane: lane.engine,
    staticDir,
  });
  let serverUp = true;
  return {
    url: bridge.url,
    devices,
    lane,
    async killServer() {
      await server.kill9();
      serverUp = false;
    },
    async restartServer() {
      server = await ServerProcess.start(dataDir, ['--port', String(server.tlsPort)]);
      serverUp = true;
    },
    async stop() {
      await bridge.close();
      await lane.stop();
      await devices.stop();
      if (serverUp) await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
