// The desktop app's entry (package.json "main", built to dist/app/main/app/electron-main.js): the
// lane `npm start` would run, in the Electron shell, with secrets kept by safeStorage.
import { parseStartArgs } from '../start/start-options.ts';
import { kioskRequested, runDesktopApp } from './desktop-app.ts';
import { loadElectron } from './electron-surface.ts';
import { launchLane } from '../start/lane-launch.ts';

async function main(): Promise<void> {
  const electron = await loadElectron();
  const argv = process.argv.slice(electron.app.isPackaged ? 1 : 2);
  const switches = ['--kiosk', '--browser', '--new-token'];
  const args = parseStartArgs(argv.filter((arg) => !switches.includes(arg)));
  if ('help' in args || 'error' in args || 'storeKey' in args || 'hashManager' in args) {
    console.error(
      'error' in args ? args.error : 'the desktop app takes the lane options of npm start',
    );
    electron.app.quit();
    return;
  }
  await runDesktopApp(electron, {
    kiosk: kioskRequested(argv, process.env),
    startLane: async (secrets) => {
      const lane = await launchLane(args, secrets);
      return { lane: lane.api, stop: () => lane.stop() };
    },
  });
}

main().catch((error: unknown) => {
  console.error(`cannot start the desktop app: ${(error as Error).message}`);
  process.exitCode = 1;
});
