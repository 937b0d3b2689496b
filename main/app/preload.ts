// The preload of the lane window: exposes window.laneterm, the lane API (send a command, subscribe
// to events) and nothing else; no ipcRenderer, no channel names, no Node (Electron security
// checklist item 20). Bundled to CommonJS, as a sandboxed preload must be.
import type { CommandReply, LaneCommand, LaneEvent } from '../lane-api/index.ts';
import { COMMAND_CHANNEL, EVENT_CHANNEL, SUBSCRIBE_CHANNEL } from './ipc-channels.ts';

/** The part of the renderer-side Electron module the preload uses. */
interface PreloadElectron {
  contextBridge: { exposeInMainWorld(key: string, api: unknown): void };
  ipcRenderer: {
    invoke(channel: string, ...args: unknown[]): Promise<unknown>;
    send(channel: string, ...args: unknown[]): void;
    on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): void;
    removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): void;
  };
}

// A sandboxed preload gets `require` for 'electron' only; the import is resolved at run time.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { contextBridge, ipcRenderer } = require('electron') as PreloadElectron;

contextBridge.exposeInMainWorld('laneterm', {
  send: (command: LaneCommand) =>
    ipcRenderer.invoke(COMMAND_CHANNEL, command) as Promise<CommandReply>,
  subscribe: (listener: (event: LaneEvent) => void) => {
    const relay = (_event: unknown, laneEvent: unknown) => listener(laneEvent as LaneEvent);
    ipcRenderer.on(EVENT_CHANNEL, relay);
    ipcRenderer.send(SUBSCRIBE_CHANNEL, true);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, relay);
      ipcRenderer.send(SUBSCRIBE_CHANNEL, false);
    };
  },
});
