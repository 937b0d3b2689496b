// The part of Electron's API the shell uses, typed here so the project type-checks and its layers
// resolve where the optional electron package is absent; loadElectron imports the real module
// (Electron 40 API reference: app, BrowserWindow, ipcMain, protocol, session, safeStorage).

/** The frame that sent an IPC message (ipcMain event.senderFrame). */
export interface SenderFrame {
  url: string;
}

/** What an IPC handler is told about its message's sender. */
export interface IpcEvent {
  senderFrame: SenderFrame | null;
  sender: WebContentsLike;
}

/** A window's contents, as far as the shell drives them. */
export interface WebContentsLike {
  id: number;
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
  once(event: 'destroyed', listener: () => void): void;
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: { preventDefault(): void; url: string }) => void,
  ): void;
  on(
    event: 'did-start-navigation',
    listener: (details: { isMainFrame: boolean; isSameDocument: boolean }) => void,
  ): void;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void;
}

/** ipcMain, as far as the shell uses it. */
export interface IpcMainLike {
  handle(channel: string, handler: (event: IpcEvent, ...args: unknown[]) => Promise<unknown>): void;
  on(channel: string, listener: (event: IpcEvent, ...args: unknown[]) => void): void;
}

/** A session's permission and header hooks. */
export interface SessionLike {
  setPermissionRequestHandler(
    handler: (contents: unknown, permission: string, callback: (granted: boolean) => void) => void,
  ): void;
  setPermissionCheckHandler(handler: () => boolean): void;
  setDevicePermissionHandler(handler: () => boolean): void;
  protocol: ProtocolLike;
}

/** protocol.handle of a session. */
export interface ProtocolLike {
  handle(scheme: string, handler: (request: Request) => Response | Promise<Response>): void;
}

/** The BrowserWindow options the shell sets (a subset). */
export interface WindowOptions {
  width: number;
  height: number;
  kiosk: boolean;
  show: boolean;
  backgroundColor: string;
  title: string;
  autoHideMenuBar: boolean;
  webPreferences: {
    preload: string;
    contextIsolation: true;
    sandbox: true;
    nodeIntegration: false;
    nodeIntegrationInWorker: false;
    nodeIntegrationInSubFrames: false;
    webSecurity: true;
    allowRunningInsecureContent: false;
    webviewTag: false;
    experimentalFeatures: false;
    navigateOnDragDrop: false;
    spellcheck: false;
    devTools: boolean;
  };
}

/** A BrowserWindow, as far as the shell uses it. */
export interface BrowserWindowLike {
  webContents: WebContentsLike;
  loadURL(url: string): Promise<void>;
  once(event: 'ready-to-show', listener: () => void): void;
  show(): void;
  focus(): void;
  isMinimized(): boolean;
  restore(): void;
}

/** The Electron module, as far as the shell uses it. */
export interface ElectronLike {
  app: {
    requestSingleInstanceLock(): boolean;
    quit(): void;
    whenReady(): Promise<void>;
    on(event: 'second-instance' | 'window-all-closed', listener: () => void): void;
    on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): void;
    on(
      event: 'web-contents-created',
      listener: (event: unknown, contents: WebContentsLike) => void,
    ): void;
    getPath(name: 'userData'): string;
    isPackaged: boolean;
  };
  BrowserWindow: new (options: WindowOptions) => BrowserWindowLike;
  ipcMain: IpcMainLike;
  protocol: {
    registerSchemesAsPrivileged(
      schemes: { scheme: string; privileges: Record<string, boolean> }[],
    ): void;
  };
  session: { defaultSession: SessionLike };
  safeStorage: {
    isEncryptionAvailable(): boolean;
    encryptString(text: string): Buffer;
    decryptString(data: Buffer): string;
  };
}

/** The electron package's name, kept in a variable so nothing resolves it where it is absent. */
const ELECTRON_MODULE = 'electron';

/** Imports Electron's main-process module (only inside Electron's own runtime). */
export async function loadElectron(): Promise<ElectronLike> {
  const module = (await import(ELECTRON_MODULE)) as { default?: ElectronLike } & ElectronLike;
  return module.default ?? module;
}
