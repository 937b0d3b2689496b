// `npm start`: LaneTerm's lane. With no configuration, training mode: the local Payment Transaction
// Service (TLS on 8665 and plain TCP on 8333, both on 127.0.0.1) with the demo merchant, the
// simulated devices and the lane engine; with --config FILE, a real lane. Where Electron is
// installed the lane opens in its window (--kiosk: full screen); otherwise, or with --browser, the
// web bridge serves the UI and one line says where the lane is, with the address to open.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { electronBinary, ensureAppBuilt, runElectron } from './app/electron-launcher.ts';
import { launchLane } from './start/lane-launch.ts';
import { ensureRendererBuilt } from './bridge/renderer-build.ts';
import { readLaneConfig } from './start/lane-config.ts';
import { storeApiKeySecret } from './start/api-key-secret.ts';
import { startKeptBridge } from './start/bridge-address.ts';
import { START_USAGE, parseStartArgs } from './start/start-options.ts';
import { hashManagerSecret } from './lane/offline/offline-managers.ts';

/** The repository root (npm start runs from a clone). */
const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The switch's own flags, taken off before the lane's options are read. */
const SWITCH_FLAGS = ['--browser', '--kiosk', '--new-token'];

const USAGE = `${START_USAGE}

where the lane opens:
  --browser         serve the UI through the web bridge even where Electron is installed
  --kiosk           the Electron window full screen, for a dedicated lane
  --new-token       the browser path: a new token for the address (the lane's folder keeps
                    its port and token, so an open page reconnects after a restart)`;

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const laneArgv = argv.filter((arg) => !SWITCH_FLAGS.includes(arg));
  const args = parseStartArgs(laneArgv);
  if ('help' in args) {
    console.log(USAGE);
    return;
  }
  if ('error' in args) {
    console.error(`${args.error}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if ('hashManager' in args) {
    const secret = readFileSync(0, 'utf8').split(/\r?\n/)[0] ?? '';
    if (secret === '') throw new Error('hash-manager: no secret on standard input');
    const hash = await hashManagerSecret(secret);
    console.log(`    - name: ${JSON.stringify(args.hashManager)}\n      secretHash: "${hash}"`);
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
  const electron = argv.includes('--browser') ? null : electronBinary(REPO_ROOT);
  if (electron !== null) {
    const entry = (JSON.parse(readFileSync(`${REPO_ROOT}package.json`, 'utf8')) as { main: string })
      .main;
    ensureAppBuilt(REPO_ROOT, entry, (line) => console.log(line));
    process.exitCode = await runElectron(electron, REPO_ROOT, argv);
    return;
  }
  const staticDir = ensureRendererBuilt(REPO_ROOT);
  const lane = await launchLane(args);
  const bridge = await startKeptBridge(
    lane.laneDir,
    { lane: lane.api, staticDir },
    argv.includes('--new-token'),
  );
  stopOnSignals(() => Promise.all([bridge.close(), lane.stop()]));
  console.log(`${lane.line}; open ${bridge.url}`);
}

/** The signals that stop the lane: a service manager's, a terminal's Ctrl-C, a closed terminal. */
const STOP_SIGNALS: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP'];

/**
 * Stops cleanly on the first stop signal (docs/lane.md, Stopping the lane): a request in flight
 * gets its answer first (up to its deadline), then the lane exits 0. Later signals, such as the
 * SIGINT npm passes on after the terminal's own, do not cut that short.
 */
function stopOnSignals(stop: () => Promise<unknown>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    console.log(`LaneTerm lane: ${signal}, stopping once a request in flight has its answer`);
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`stopping failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  for (const signal of STOP_SIGNALS) process.on(signal, onSignal);
}

main().catch((error: unknown) => {
  console.error(`cannot start the lane: ${(error as Error).message}`);
  process.exitCode = 1;
});
