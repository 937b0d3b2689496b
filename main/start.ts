// `npm start`: LaneTerm's lane. With no configuration, training mode: the local Payment Transaction
// Service (TLS on 8665 and plain TCP on 8333, both on 127.0.0.1) with the demo merchant, the
// simulated devices and the lane engine; with --config FILE, a real lane. Either way it prints one
// line saying where the lane is.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultDataDirectory } from '../server/index.ts';
import { readApiKeySecret, storeApiKeySecret } from './lane/api-key-secret.ts';
import { readLaneConfig } from './lane/lane-config.ts';
import { listenLaneSocket } from './lane/lane-socket.ts';
import { startLane } from './lane/lane-runtime.ts';
import {
  START_USAGE,
  defaultLaneRoot,
  parseStartArgs,
  type StartArgs,
} from './lane/start-options.ts';
import { startTrainingLane } from './lane/training-lane.ts';

/** Plain port of training mode: 8333, the IP-mode (unencrypted) port of libmonetra's tests. */
const TRAINING_PLAIN_PORT = 8333;

type Running = { stop(): Promise<void>; line: string };

async function training(args: Extract<StartArgs, { server: unknown }>): Promise<Running> {
  const laneDir = args.laneDir ?? join(defaultLaneRoot(), 'training');
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
    line: `LaneTerm lane (TRAINING): lane API on ${socket.path}, payment service https://${host}:${port}`,
    async stop() {
      await socket.close();
      await lane.stop();
    },
  };
}

async function real(
  config: string,
  args: Extract<StartArgs, { server: unknown }>,
): Promise<Running> {
  const setup = readLaneConfig(config);
  const { secret } = await readApiKeySecret(setup.server.apiKeyId, setup.server.apiKeySecretFile);
  const laneDir = args.laneDir ?? join(defaultLaneRoot(), setup.laneId);
  const lane = await startLane({
    training: false,
    laneId: setup.laneId,
    ...(setup.clerkId === undefined ? {} : { clerkId: setup.clerkId }),
    merchant: setup.merchant,
    server: {
      url: setup.server.url,
      transport: setup.server.transport ?? (setup.server.url.startsWith('kv') ? 'kv' : 'v2'),
      ...(setup.server.tls === undefined ? {} : { tls: setup.server.tls }),
      ...(setup.server.deadlines === undefined ? {} : { deadlines: setup.server.deadlines }),
      apiKey: { id: setup.server.apiKeyId, secret },
    },
    journalPath: setup.journal ?? join(laneDir, 'journal.db'),
    devices: setup.devices,
    ...(setup.settings === undefined ? {} : { settings: setup.settings }),
    source: config,
  });
  const socket = await listenLaneSocket(lane.engine, args.socket ?? join(laneDir, 'lane.sock'));
  return {
    line: `LaneTerm lane ${setup.laneId}: lane API on ${socket.path}, payment service ${setup.server.url}`,
    async stop() {
      await socket.close();
      await lane.stop();
    },
  };
}

function stopOnSignals(running: Running): void {
  const stop = (): void => {
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`stopping failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

async function main(): Promise<void> {
  const args = parseStartArgs(process.argv.slice(2));
  if ('help' in args || 'error' in args) {
    console.log('error' in args ? `${args.error}\n\n${START_USAGE}` : START_USAGE);
    process.exitCode = 'error' in args ? 2 : 0;
    return;
  }
  if ('storeKey' in args) {
    const setup = readLaneConfig(args.config);
    const secret = readFileSync(0, 'utf8').split(/\r?\n/)[0]?.trim() ?? '';
    if (secret === '') throw new Error('store-api-key: no secret on standard input');
    await storeApiKeySecret(setup.server.apiKeyId, secret);
    console.log(`stored the secret of API key ${setup.server.apiKeyId} in the OS keychain`);
    return;
  }
  const running = args.config === undefined ? await training(args) : await real(args.config, args);
  stopOnSignals(running);
  console.log(running.line);
}

main().catch((error: unknown) => {
  console.error(`cannot start the lane: ${(error as Error).message}`);
  process.exitCode = 1;
});
