// The Electron shell's rules, checked without Electron (its binary cannot run here): the app://lane
// origin and its file mapping, the window's secure preferences, navigation and permission denial,
// and the IPC handlers' sender and schema checks, against a recording stand-in of ipcMain and
// webContents (named so) with the ScriptedLane.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APP_START_URL,
  appFilePath,
  contentTypeOf,
  isAppUrl,
} from '../../../main/app/app-origin.ts';
import type { IpcEvent, IpcMainLike, WebContentsLike } from '../../../main/app/electron-surface.ts';
import {
  COMMAND_CHANNEL,
  EVENT_CHANNEL,
  SUBSCRIBE_CHANNEL,
} from '../../../main/app/ipc-channels.ts';
import { FOREIGN_SENDER, registerLaneIpc } from '../../../main/app/lane-ipc.ts';
import {
  confineContents,
  denyPermissions,
  laneWindowOptions,
} from '../../../main/app/lane-window.ts';
import { kioskRequested } from '../../../main/app/desktop-app.ts';
import { ScriptedLane } from '../bridge/scripted-lane.ts';

const ROOT = '/opt/LaneTerm/renderer';

/** Recording stand-in of Electron's ipcMain. */
class RecordingIpcMain implements IpcMainLike {
  readonly handlers = new Map<string, (event: IpcEvent, ...args: unknown[]) => Promise<unknown>>();
  readonly listeners = new Map<string, (event: IpcEvent, ...args: unknown[]) => void>();
  handle(channel: string, handler: (event: IpcEvent, ...args: unknown[]) => Promise<unknown>) {
    this.handlers.set(channel, handler);
  }
  on(channel: string, listener: (event: IpcEvent, ...args: unknown[]) => void) {
    this.listeners.set(channel, listener);
  }
}

/** Recording stand-in of a window's webContents. */
class RecordingContents implements WebContentsLike {
  readonly sent: [string, unknown][] = [];
  readonly handlers = new Map<string, (...args: never[]) => void>();
  destroyed = false;
  openHandler?: (details: { url: string }) => { action: 'deny' };
  readonly id: number;
  constructor(id: number) {
    this.id = id;
  }
  send(channel: string, payload: unknown) {
    this.sent.push([channel, payload]);
  }
  isDestroyed() {
    return this.destroyed;
  }
  once(event: string, listener: () => void) {
    this.handlers.set(event, listener);
  }
  on(event: string, listener: (...args: never[]) => void) {
    this.handlers.set(event, listener);
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }) {
    this.openHandler = handler;
  }
}

function ipcEvent(url: string, contents = new RecordingContents(1)): IpcEvent {
  return { senderFrame: { url }, sender: contents };
}

describe('app://lane origin', () => {
  it('accepts only app://lane pages as the lane UI', () => {
    expect(isAppUrl(APP_START_URL)).toBe(true);
    expect(isAppUrl('app://lane/assets/index.js')).toBe(true);
    expect(isAppUrl('app://other/index.html')).toBe(false);
    expect(isAppUrl('file:///opt/LaneTerm/renderer/index.html')).toBe(false);
    expect(isAppUrl('http://127.0.0.1:8080/')).toBe(false);
    expect(isAppUrl('not a url')).toBe(false);
    expect(isAppUrl(undefined)).toBe(false);
  });

  it('maps app://lane paths into the UI folder and nothing outside it', () => {
    expect(appFilePath('app://lane/', ROOT)).toBe(join(ROOT, 'index.html'));
    expect(appFilePath('app://lane/assets/index-1.js', ROOT)).toBe(join(ROOT, 'assets/index-1.js'));
    expect(appFilePath('app://lane/../../etc/passwd', ROOT)).toBe(join(ROOT, 'etc/passwd'));
    expect(appFilePath('app://lane/%2e%2e/%2e%2e/etc/passwd', ROOT)).toBe(join(ROOT, 'etc/passwd'));
    expect(appFilePath('app://lane/..%2F..%2Fetc%2Fpasswd', ROOT)).toBe(join(ROOT, 'etc/passwd'));
    expect(appFilePath('app://lane/a%00b', ROOT)).toBeNull();
    expect(appFilePath('app://lane/%E0%A4%A', ROOT)).toBeNull();
    expect(appFilePath('app://evil/index.html', ROOT)).toBeNull();
    expect(contentTypeOf('x/index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('x/a.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('x/a.exe')).toBe('application/octet-stream');
  });
});

describe('lane window', () => {
  it('opens isolated, sandboxed, without Node, webviews or insecure content', () => {
    const options = laneWindowOptions({ preload: '/p/preload.cjs', kiosk: true, devTools: false });
    expect(options.kiosk).toBe(true);
    expect(options.webPreferences).toMatchObject({
      preload: '/p/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      devTools: false,
    });
  });

  it('denies new windows and navigation away from app://lane', () => {
    const contents = new RecordingContents(1);
    confineContents(contents);
    expect(contents.openHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    const navigate = contents.handlers.get('will-navigate') as unknown as (event: {
      preventDefault(): void;
      url: string;
    }) => void;
    const outcomes = ['https://example.com/', 'app://lane/index.html'].map((url) => {
      let prevented = false;
      navigate({ url, preventDefault: () => (prevented = true) });
      return prevented;
    });
    expect(outcomes).toEqual([true, false]);
    expect(contents.handlers.has('will-redirect')).toBe(true);
  });

  it('denies every permission request and check', () => {
    const answers: boolean[] = [];
    const hooks: Record<string, (...args: never[]) => unknown> = {};
    denyPermissions({
      setPermissionRequestHandler: (handler) => (hooks.request = handler as never),
      setPermissionCheckHandler: (handler) => (hooks.check = handler),
      setDevicePermissionHandler: (handler) => (hooks.device = handler),
      protocol: { handle: () => undefined },
    });
    (hooks.request as (c: unknown, p: string, cb: (granted: boolean) => void) => void)(
      {},
      'media',
      (granted) => answers.push(granted),
    );
    expect(answers).toEqual([false]);
    expect(hooks.check?.()).toBe(false);
    expect(hooks.device?.()).toBe(false);
  });

  it('turns kiosk on by flag or environment', () => {
    expect(kioskRequested(['electron', '.', '--kiosk'], {})).toBe(true);
    expect(kioskRequested(['electron', '.'], { LANETERM_KIOSK: '1' })).toBe(true);
    expect(kioskRequested(['electron', '.'], {})).toBe(false);
  });
});

describe('lane IPC', () => {
  it('runs a command from the lane UI and refuses one from any other frame', async () => {
    const ipc = new RecordingIpcMain();
    const lane = new ScriptedLane();
    registerLaneIpc(ipc, lane);
    const handle = ipc.handlers.get(COMMAND_CHANNEL);
    const command = { type: 'sale.start', amountMinor: 500 };
    expect(await handle?.(ipcEvent(APP_START_URL), command)).toEqual({
      ok: true,
      data: { workflowId: 'wf-1' },
    });
    expect(await handle?.(ipcEvent('https://evil.example/'), command)).toEqual({
      ok: false,
      error: FOREIGN_SENDER,
    });
    expect(
      await handle?.({ senderFrame: null, sender: new RecordingContents(2) }, command),
    ).toEqual({ ok: false, error: FOREIGN_SENDER });
    expect(lane.received).toEqual([command]);
  });

  it('checks the command schema and refuses keyed card data', async () => {
    const ipc = new RecordingIpcMain();
    const lane = new ScriptedLane();
    registerLaneIpc(ipc, lane);
    const handle = ipc.handlers.get(COMMAND_CHANNEL);
    const bad = await handle?.(ipcEvent(APP_START_URL), { type: 'sale.start', amountMinor: '5' });
    expect(bad).toMatchObject({
      ok: false,
      error: { code: 'invalid_command', field: 'amountMinor' },
    });
    const card = await handle?.(ipcEvent(APP_START_URL), {
      type: 'workflow.manual_card',
      workflowId: 'wf-1',
      card: { account: '4111111111111111', expdate: '1230' },
    });
    expect(card).toMatchObject({ ok: false, error: { code: 'invalid_command', field: 'type' } });
    expect(JSON.stringify(card)).not.toContain('4111');
    expect(lane.received).toEqual([]);
  });

  it('streams events to the subscribing window until it unsubscribes or is destroyed', () => {
    const ipc = new RecordingIpcMain();
    const lane = new ScriptedLane();
    registerLaneIpc(ipc, lane);
    const subscribe = ipc.listeners.get(SUBSCRIBE_CHANNEL);
    const window = new RecordingContents(7);
    subscribe?.(ipcEvent('https://evil.example/', window), true);
    expect(lane.listeners.size).toBe(0);
    subscribe?.(ipcEvent(APP_START_URL, window), 'yes');
    expect(lane.listeners.size).toBe(0);

    subscribe?.(ipcEvent(APP_START_URL, window), true);
    subscribe?.(ipcEvent(APP_START_URL, window), true);
    expect(lane.listeners.size).toBe(1);
    lane.notify('server_lost');
    expect(
      window.sent.map(([channel, event]) => [channel, (event as { type: string }).type]),
    ).toEqual([
      [EVENT_CHANNEL, 'snapshot'],
      [EVENT_CHANNEL, 'snapshot'],
      [EVENT_CHANNEL, 'notice'],
    ]);
    subscribe?.(ipcEvent(APP_START_URL, window), false);
    expect(lane.listeners.size).toBe(0);

    subscribe?.(ipcEvent(APP_START_URL, window), true);
    expect(lane.listeners.size).toBe(1);
    window.destroyed = true;
    (window.handlers.get('destroyed') as () => void)();
    expect(lane.listeners.size).toBe(0);
  });
});
