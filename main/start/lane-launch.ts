// The lane `npm start` and the desktop app both run: training mode (the local service, the
// simulated devices and the lane, which answers the training commands with them) or a real lane
// from its configuration; either way the lane API on its local socket and one line saying where it is.
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultDataDirectory } from '../../server/index.ts';
import type { LaneApi } from '../lane-api/index.ts';
import { readApiKeySecret } from './api-key-secret.ts';
import { laneSetupFromConfig, readLaneConfig } from './lane-config.ts';
import { startLane } from './lane-runtime.ts';
import { listenLaneSocket } from './lane-socket.ts';
import { ensureLaneDir } from '../lane/private-files.ts';
import { RunLeftovers } from './run-leftovers.ts';
import { defaultLaneRoot, type StartArgs } from './start-options.ts';
import { startTrainingLane } from './training-lane.ts';

/** Plain port of training mode: 8333, the IP-mode (unencrypted) port of libmonetra's tests. */
const TRAINING_PLAIN_PORT = 8333;

/** What `npm start` runs a lane with (its parsed command line, without the switch's own flags). */
export type LaneArgs = Extract<StartArgs, { server: unknown }>;

/** Where the desktop app keeps secrets (SafeSecretStore); absent in plain Node. */
export interface SecretVault {
  read(name: string): string | undefined;
  write(name: string, value: string): void;
}

/** A running lane as the UI transports use it. */
export interface LaunchedLane {
  /** The lane API for the UI: the lane engine. */
  api: LaneApi;
  /** One line saying where the lane is (its socket and payment service). */
  line: string;
  /** The lane's folder: its journal, socket, run record and kept bridge address. */
  laneDir: string;
  stop(): Promise<void>;
}

/**
 * Runs `start` on a lane folder claimed for this run (RunLeftovers: what a killed run left there is
 * removed first); the folder's record is released once the lane stopped, or when it cannot start.
 */
async function claimed(
  laneDir: string,
  start: (leftovers: RunLeftovers) => Promise<LaunchedLane>,
): Promise<LaunchedLane> {
  ensureLaneDir(laneDir);
  const leftovers = await RunLeftovers.claim(laneDir);
  let launched: LaunchedLane;
  try {
    launched = await start(leftovers);
  } catch (error) {
    leftovers.release();
    throw error;
  }
  return {
    ...launched,
    async stop() {
      await launched.stop();
      leftovers.release();
    },
  };
}

async function training(args: LaneArgs, leftovers: RunLeftovers, laneDir: string) {
  const devicesDir = await mkdtemp(join(tmpdir(), 'laneterm-devices-'));
  leftovers.addTempDir(devicesDir);
  const socketPath = args.socket ?? join(laneDir, 'lane.sock');
  leftovers.addSocket(socketPath);
  try {
    const lane = await startTrainingLane({
      server: {
        plainPort: TRAINING_PLAIN_PORT,
        dataDir: join(defaultDataDirectory(), 'training'),
        logLevel: 'warn',
        ...args.server,
      },
      laneDir,
      devices: { dir: devicesDir },
    });
    const socket = await listenLaneSocket(lane.lane.engine, socketPath).catch(async (error) => {
      await lane.stop();
      throw error;
    });
    const { host, port } = lane.server.tlsAddress;
    return {
      api: lane.lane.engine,
      laneDir,
      line: `LaneTerm lane (TRAINING): lane API on ${socket.path}, payment service https://${host}:${port}`,
      async stop() {
        await socket.close();
        await lane.stop();
        await rm(devicesDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(devicesDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The API key's secret: from the vault when it holds it; else from the keychain, file or
 * environment (readApiKeySecret), then kept in the vault so it is encrypted at rest from now on.
 * A vault that cannot encrypt (no OS keychain) is skipped.
 */
async function apiKeySecret(keyId: string, file: string | undefined, vault?: SecretVault) {
  const name = `apikey-${createHash('sha256').update(keyId).digest('hex').slice(0, 40)}`;
  try {
    const kept = vault?.read(name);
    if (kept !== undefined) return kept;
  } catch {
    return (await readApiKeySecret(keyId, file)).secret;
  }
  const { secret } = await readApiKeySecret(keyId, file);
  vault?.write(name, secret);
  return secret;
}

async function real(
  setup: ReturnType<typeof readLaneConfig>,
  args: LaneArgs,
  leftovers: RunLeftovers,
  laneDir: string,
  vault?: SecretVault,
): Promise<LaunchedLane> {
  const secret = await apiKeySecret(setup.server.apiKeyId, setup.server.apiKeySecretFile, vault);
  const socketPath = args.socket ?? join(laneDir, 'lane.sock');
  leftovers.addSocket(socketPath);
  const lane = await startLane(laneSetupFromConfig(setup, secret, laneDir));
  const socket = await listenLaneSocket(lane.engine, socketPath).catch(async (error) => {
    await lane.stop();
    throw error;
  });
  return {
    api: lane.engine,
    laneDir,
    line: `LaneTerm lane ${setup.laneId}: lane API on ${socket.path}, payment service ${setup.server.url}`,
    async stop() {
      await socket.close();
      await lane.stop();
    },
  };
}

/**
 * Starts the lane `args` describe: training mode without --config, the configured lane with it;
 * either way on its lane folder, cleared first of what a killed run left there.
 */
export async function launchLane(args: LaneArgs, vault?: SecretVault): Promise<LaunchedLane> {
  if (args.config === undefined) {
    const laneDir = args.laneDir ?? join(defaultLaneRoot(), 'training');
    return claimed(laneDir, (leftovers) => training(args, leftovers, laneDir));
  }
  const setup = readLaneConfig(args.config);
  const laneDir = args.laneDir ?? join(defaultLaneRoot(), setup.laneId);
  return claimed(laneDir, (leftovers) => real(setup, args, leftovers, laneDir, vault));
}
