// The lane `npm start` and the desktop app both run: training mode (the local service, the
// simulated devices and the lane, which answers the training commands with them) or a real lane
// from its configuration; either way the lane API on its local socket and one line saying where it is.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { defaultDataDirectory } from '../../server/index.ts';
import type { LaneApi } from '../lane-api/index.ts';
import { readApiKeySecret } from './api-key-secret.ts';
import { laneSetupFromConfig, readLaneConfig } from './lane-config.ts';
import { startLane } from './lane-runtime.ts';
import { listenLaneSocket } from './lane-socket.ts';
import { ensureLaneDir } from '../lane/private-files.ts';
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
  stop(): Promise<void>;
}

async function training(args: LaneArgs): Promise<LaunchedLane> {
  const laneDir = args.laneDir ?? join(defaultLaneRoot(), 'training');
  ensureLaneDir(laneDir);
  const lane = await startTrainingLane({
    server: {
      plainPort: TRAINING_PLAIN_PORT,
      dataDir: join(defaultDataDirectory(), 'training'),
      logLevel: 'warn',
      ...args.server,
    },
    laneDir,
  });
  const socket = await listenLaneSocket(
    lane.lane.engine,
    args.socket ?? join(laneDir, 'lane.sock'),
  );
  const { host, port } = lane.server.tlsAddress;
  return {
    api: lane.lane.engine,
    line: `LaneTerm lane (TRAINING): lane API on ${socket.path}, payment service https://${host}:${port}`,
    async stop() {
      await socket.close();
      await lane.stop();
    },
  };
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

async function real(config: string, args: LaneArgs, vault?: SecretVault): Promise<LaunchedLane> {
  const setup = readLaneConfig(config);
  const secret = await apiKeySecret(setup.server.apiKeyId, setup.server.apiKeySecretFile, vault);
  const laneDir = args.laneDir ?? join(defaultLaneRoot(), setup.laneId);
  ensureLaneDir(laneDir);
  const lane = await startLane(laneSetupFromConfig(setup, secret, laneDir));
  const socket = await listenLaneSocket(lane.engine, args.socket ?? join(laneDir, 'lane.sock'));
  return {
    api: lane.engine,
    line: `LaneTerm lane ${setup.laneId}: lane API on ${socket.path}, payment service ${setup.server.url}`,
    async stop() {
      await socket.close();
      await lane.stop();
    },
  };
}

/** Starts the lane `args` describe: training mode without --config, the configured lane with it. */
export function launchLane(args: LaneArgs, vault?: SecretVault): Promise<LaunchedLane> {
  return args.config === undefined ? training(args) : real(args.config, args, vault);
}
