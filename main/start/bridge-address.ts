// The browser path's address kept per lane folder: the bridge's port and token in a 0600 file
// there, so the page a cashier has open reaches the lane again after a restart (docs/app.md,
// Web bridge). `npm start -- --new-token` replaces the token.
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startBridge, type BridgeOptions, type RunningBridge } from '../bridge/bridge-server.ts';
import { newBridgeToken } from '../bridge/bridge-token.ts';
import { withPrivateUmask } from '../lane/private-files.ts';

/** The kept address's file in the lane's folder (mode 0600). */
export const BRIDGE_FILE = 'bridge.json';

/** A token as newBridgeToken makes them: 32 bytes, base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** What a lane folder keeps of its bridge; either part may be missing or unreadable. */
interface KeptAddress {
  readonly port?: number;
  readonly token?: string;
}

function readKept(laneDir: string): KeptAddress {
  let kept: { port?: unknown; token?: unknown };
  try {
    kept = JSON.parse(readFileSync(join(laneDir, BRIDGE_FILE), 'utf8')) as typeof kept;
  } catch {
    return {};
  }
  const port =
    Number.isInteger(kept.port) && (kept.port as number) > 0 && (kept.port as number) < 65536
      ? (kept.port as number)
      : undefined;
  const token = typeof kept.token === 'string' && TOKEN.test(kept.token) ? kept.token : undefined;
  return { ...(port === undefined ? {} : { port }), ...(token === undefined ? {} : { token }) };
}

function keep(laneDir: string, port: number, token: string): void {
  const path = join(laneDir, BRIDGE_FILE);
  withPrivateUmask(() => writeFileSync(path, JSON.stringify({ port, token }), { mode: 0o600 }));
  chmodSync(path, 0o600);
}

/**
 * Starts the bridge on the port and with the token the lane folder kept (a new token when
 * `newToken`, or when none is kept), then keeps what it started with. A kept port another program
 * took meanwhile gives way to a free one, which is kept from then on.
 */
export async function startKeptBridge(
  laneDir: string,
  options: Omit<BridgeOptions, 'port' | 'token'>,
  newToken = false,
): Promise<RunningBridge> {
  const kept = readKept(laneDir);
  const token = newToken || kept.token === undefined ? newBridgeToken() : kept.token;
  let bridge: RunningBridge;
  try {
    bridge = await startBridge({ ...options, token, port: kept.port ?? 0 });
  } catch (error) {
    if (kept.port === undefined || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE')
      throw error;
    bridge = await startBridge({ ...options, token, port: 0 });
  }
  keep(laneDir, bridge.port, token);
  return bridge;
}
