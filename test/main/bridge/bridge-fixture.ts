// A bridge for one test file: started with a scripted lane and a folder holding an index.html
// before its tests, closed and the folder removed after them.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startBridge, type RunningBridge } from '../../../main/bridge/bridge-server.ts';
import { ScriptedLane } from './scripted-lane.ts';

/** The file's bridge and the scripted lane behind it. */
export interface FileBridge {
  /** The running bridge (read it inside a test). */
  bridge: () => RunningBridge;
  lane: ScriptedLane;
}

/** Starts a bridge serving a one-page UI folder named with `prefix`; see the file's comment. */
export function useBridge(prefix: string): FileBridge {
  const lane = new ScriptedLane();
  const staticDir = mkdtempSync(join(tmpdir(), prefix));
  let running: RunningBridge | undefined;
  beforeAll(async () => {
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>LaneTerm</title>');
    running = await startBridge({ lane, staticDir });
  });
  afterAll(async () => {
    await running?.close();
    rmSync(staticDir, { recursive: true, force: true });
  });
  const bridge = (): RunningBridge => {
    if (running === undefined) throw new Error('the bridge has not started');
    return running;
  };
  return { bridge, lane };
}
