// The desktop app's life: one instance, the app:// scheme, the hardened session, the lane started
// in the main process, its IPC handlers, one window (kiosk on request), the lane stopped on quit.
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LaneApi } from '../lane-api/index.ts';
import { registerAppScheme, serveApp } from './app-protocol.ts';
import type { ElectronLike } from './electron-surface.ts';
import { registerLaneIpc } from './lane-ipc.ts';
import { confineContents, denyPermissions, openLaneWindow } from './lane-window.ts';
import { SafeSecretStore } from './safe-secrets.ts';

/** A started lane as the shell holds it: the lane API and how to stop it. */
export interface LaneRuntime {
  lane: LaneApi;
  stop(): Promise<void>;
}

/** What the desktop app is started with. */
export interface DesktopOptions {
  /** Starts the lane; given the desktop secret store for its credentials. */
  startLane: (secrets: SafeSecretStore) => Promise<LaneRuntime>;
  /** Full-screen kiosk window (`--kiosk` or LANETERM_KIOSK=1). */
  kiosk: boolean;
}

/** The built UI and preload beside this module in dist/app (main/app → ../../renderer). */
const RENDERER_DIR = fileURLToPath(new URL('../../renderer/', import.meta.url));
const PRELOAD = fileURLToPath(new URL('./preload.cjs', import.meta.url));

/** True when the command line or environment asks for kiosk mode. */
export function kioskRequested(argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  return argv.includes('--kiosk') || env.LANETERM_KIOSK === '1';
}

/** Runs the desktop app; a second instance only brings the first one's window forward. */
export async function runDesktopApp(
  electron: ElectronLike,
  options: DesktopOptions,
): Promise<void> {
  const { app } = electron;
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  registerAppScheme(electron);
  app.on('web-contents-created', (_event, contents) => confineContents(contents));
  await app.whenReady();

  const session = electron.session.defaultSession;
  denyPermissions(session);
  serveApp(session.protocol, RENDERER_DIR);
  const secrets = new SafeSecretStore(
    electron.safeStorage,
    join(app.getPath('userData'), 'secrets'),
  );
  const runtime = await options.startLane(secrets);
  registerLaneIpc(electron.ipcMain, runtime.lane);
  let stopping = false;
  let stopped = false;
  app.on('before-quit', (event) => {
    if (stopped) return;
    event.preventDefault();
    if (stopping) return;
    stopping = true;
    void runtime.stop().finally(() => {
      stopped = true;
      app.quit();
    });
  });
  app.on('window-all-closed', () => app.quit());
  const window = await openLaneWindow(electron, {
    preload: PRELOAD,
    kiosk: options.kiosk,
    devTools: !app.isPackaged,
  });
  app.on('second-instance', () => {
    if (window.isMinimized()) window.restore();
    window.focus();
  });
}
