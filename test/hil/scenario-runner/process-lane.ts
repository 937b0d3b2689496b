// A scenario's lane as its own process (`lane: process`): `npm start -- --config FILE` on the
// scenario's simulated devices, driven over its lane socket, so a scenario can kill it (SIGKILL)
// and start it again on the same journal (docs/lane.md, Scenarios).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { startTrainingDevices, type TrainingDevices } from '../../../main/devices/index.ts';
import type { ServiceProcess } from '../../conformance/helpers/service-process.ts';
import { LaneDriver } from '../../main/lane/helpers/lane-driver.ts';
import { LaneSocketClient } from '../../main/lane/helpers/lane-socket-client.ts';
import { runEntry, type ChildRun } from '../../server/helpers/server-process.ts';
import type { OfflineConfig } from '../../../main/lane/offline/offline-config.ts';
import type { OwnService } from './own-service.ts';
import { descendants, stillRunning } from './process-tree.ts';

/** What the scenario steps drive: the devices, the driver of the lane now running, and its life. */
export interface ScenarioLane {
  readonly devices: TrainingDevices;
  readonly driver: LaneDriver;
  /** kill -9 of the lane (a process lane only); throws when a process it started is left running. */
  kill?(): Promise<void>;
  /** Starts the lane again on the same journal and connects to it (a process lane only). */
  restart?(): Promise<void>;
  /** The lane's journal file (a process lane only), read by the offline steps. */
  readonly journalFile?: string;
  /** The scenario's own service (`service: own`). */
  ownService?: OwnService;
  stop(): Promise<void>;
}

/** How a process lane is set up. */
export interface ProcessLaneOptions {
  readonly reader: 'idtech' | 'wedge';
  /** The payment client's answer deadline, ms. */
  readonly answerMs?: number;
  /** The lane's offline rules (lane.yaml offline:). */
  readonly offline?: OfflineConfig;
  /** lane.yaml recovery.everySeconds. */
  readonly recoverySeconds?: number;
}

/** Starts the simulators and a lane process on them against `service`. */
export async function startProcessLane(
  service: ServiceProcess,
  options: ProcessLaneOptions,
): Promise<ScenarioLane> {
  const dir = mkdtempSync(join(tmpdir(), 'laneterm-scenario-'));
  const devices = await startTrainingDevices({ reader: options.reader, pinTypingMs: 50 });
  const config = join(dir, 'lane.yaml');
  const journal = join(dir, 'journal.db');
  writeFileSync(
    config,
    stringify({
      laneId: '9',
      merchant: { name: 'Scenario Store' },
      server: {
        url: `https://127.0.0.1:${service.tlsPort}`,
        transport: 'v2',
        tls: { pin: service.fingerprint },
        apiKeyId: service.apiKey.id,
        deadlines: { answerMs: options.answerMs ?? 30_000 },
        lateAnswerMs: 5000,
      },
      journal,
      devices: devices.config,
      ...(options.offline === undefined ? {} : { offline: options.offline }),
      ...(options.recoverySeconds === undefined
        ? {}
        : { recovery: { everySeconds: options.recoverySeconds } }),
    }),
  );
  const socket = join(dir, 'lane.sock');
  let run: ChildRun | undefined;
  let client: LaneSocketClient | undefined;
  let driver: LaneDriver | undefined;
  const up = async (): Promise<void> => {
    const args = ['--config', config, '--socket', socket, '--lane-data', join(dir, 'lane')];
    run = runEntry('main/start.ts', args, undefined, {
      LANETERM_API_KEY_SECRET: service.apiKey.secret,
    });
    await run.line(/lane API on /);
    client = await LaneSocketClient.connect(socket);
    driver = new LaneDriver(client);
  };
  const down = async (signal: NodeJS.Signals): Promise<void> => {
    client?.close();
    const started = run?.child.pid === undefined ? [] : descendants(run.child.pid);
    run?.child.kill(signal);
    await run?.exited;
    const orphans = stillRunning(started);
    if (orphans.length > 0)
      throw new Error(`the lane left ${orphans.length} processes running: ${orphans.join(', ')}`);
  };
  await up();
  return {
    devices,
    journalFile: journal,
    get driver() {
      if (driver === undefined) throw new Error('the scenario lane is not running');
      return driver;
    },
    kill: () => down('SIGKILL'),
    restart: up,
    async stop() {
      await down('SIGTERM');
      await devices.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
