// The one lane window and the rules every web contents lives by: isolated, sandboxed, no Node,
// no new windows, no navigation away from app://lane, every permission denied (Electron security
// checklist items 2–5, 13–15; docs/app.md lists each).
import { APP_START_URL, isAppUrl } from './app-origin.ts';
import type {
  BrowserWindowLike,
  ElectronLike,
  SessionLike,
  WebContentsLike,
  WindowOptions,
} from './electron-surface.ts';

/** How the window opens. */
export interface LaneWindowOptions {
  /** Absolute path of the bundled preload (dist/app/main/app/preload.cjs). */
  preload: string;
  /** Full screen with no way out but quitting: for a dedicated lane (default false). */
  kiosk: boolean;
  /** Developer tools: only in an unpackaged run. */
  devTools: boolean;
}

/** The BrowserWindow options of the lane window: 1280×800, secure web preferences only. */
export function laneWindowOptions(options: LaneWindowOptions): WindowOptions {
  return {
    width: 1280,
    height: 800,
    kiosk: options.kiosk,
    show: false,
    backgroundColor: '#fafaf7',
    title: 'LaneTerm',
    autoHideMenuBar: true,
    webPreferences: {
      preload: options.preload,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      devTools: options.devTools,
    },
  };
}

/** Denies new windows and any navigation or redirect that leaves the lane UI's origin. */
export function confineContents(contents: WebContentsLike): void {
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  const stayHome = (event: { preventDefault(): void; url: string }) => {
    if (!isAppUrl(event.url)) event.preventDefault();
  };
  contents.on('will-navigate', stayHome);
  contents.on('will-redirect', stayHome);
}

/** Denies every permission request and check, and every device (HID, serial, USB) permission. */
export function denyPermissions(session: SessionLike): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}

/** Opens the lane window on app://lane and shows it once its first paint is ready. */
export async function openLaneWindow(
  electron: ElectronLike,
  options: LaneWindowOptions,
): Promise<BrowserWindowLike> {
  const window = new electron.BrowserWindow(laneWindowOptions(options));
  confineContents(window.webContents);
  window.once('ready-to-show', () => window.show());
  await window.loadURL(APP_START_URL);
  return window;
}
