// The lane API in a browser: commands as POST /api/command with the bridge's token, events over
// one WebSocket that reconnects by itself (each connection starts with a snapshot, so nothing is
// missed), the token taken once from the URL fragment the bridge printed (docs/app.md, Web bridge).
import type { CommandReply, LaneApi, LaneCommand, LaneEvent } from './lane-types.ts';

/** Session-storage key of the bridge token (so a reload keeps working in the same tab). */
const TOKEN_KEY = 'laneterm.bridgeToken';

/** Delays between WebSocket reconnects, in ms: 250 doubling up to 2 000. */
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 2_000;

/**
 * Silence after which the link counts as lost, ms: the bridge says it is alive every 500 ms even
 * when no event goes out, so a lane stopped, killed or hung is noticed within 2 s.
 */
const SILENCE_MS = 1_500;

/**
 * Whether the event stream is up: the status bar says so when it is not, and actions wait for it.
 * `refused`: the lane answers but no longer takes this page's token (it was started with a new
 * one): the address it printed must be opened again.
 */
export type LinkState = 'connecting' | 'up' | 'down' | 'refused';

/** Reads the token from `#token=…` (then removes it from the address bar) or session storage. */
export function takeBridgeToken(location: Location, storage: Storage): string {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (match?.[1] !== undefined) {
    storage.setItem(TOKEN_KEY, match[1]);
    history.replaceState(null, '', location.pathname + location.search);
  }
  return storage.getItem(TOKEN_KEY) ?? '';
}

/** POSTs one command with the token; answers the HTTP response (rejects when nothing answers). */
function post(token: string, command: LaneCommand): Promise<Response> {
  return fetch('/api/command', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(command),
  });
}

/** True when the bridge answers and refuses this token (401). */
async function tokenRefused(token: string): Promise<boolean> {
  try {
    return (await post(token, { type: 'lane.snapshot' })).status === 401;
  } catch {
    return false;
  }
}

/**
 * The lane API over the bridge at the page's own origin. Its event stream reconnects by itself
 * (each connection starts with a snapshot, so nothing is missed); onLinkState hears it go down
 * (closed, or silent past SILENCE_MS), come back, or its token refused.
 */
export function bridgeLink(token: string, onLinkState: (state: LinkState) => void): LaneApi {
  const listeners = new Set<(event: LaneEvent) => void>();
  let socket: WebSocket | undefined;
  let delay = RECONNECT_MIN_MS;

  function open(): void {
    const url = new URL('/api/events', location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const current = new WebSocket(url, ['laneterm.events', `laneterm.token.${token}`]);
    socket = current;
    let opened = false;
    let heard = Date.now();
    const watch = setInterval(() => {
      if (opened && Date.now() - heard > SILENCE_MS) void lost();
    }, SILENCE_MS / 6);
    async function lost(): Promise<void> {
      if (socket !== current) return;
      socket = undefined;
      clearInterval(watch);
      current.onclose = null;
      current.close();
      if (!opened && (await tokenRefused(token))) {
        onLinkState('refused');
        return;
      }
      onLinkState('down');
      if (listeners.size === 0) return;
      setTimeout(open, delay);
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    }
    current.onopen = () => {
      opened = true;
      heard = Date.now();
      delay = RECONNECT_MIN_MS;
      onLinkState('up');
    };
    current.onmessage = (message) => {
      heard = Date.now();
      const data = JSON.parse(String(message.data)) as LaneEvent | { bridge: 'alive' };
      if ('bridge' in data) return;
      for (const listener of listeners) listener(data);
    };
    current.onclose = () => void lost();
  }

  return {
    async send(command: LaneCommand) {
      try {
        return (await (await post(token, command)).json()) as CommandReply;
      } catch {
        return {
          ok: false,
          error: { code: 'unavailable', message: `${command.type}: the lane cannot be reached` },
        };
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      if (socket === undefined) {
        onLinkState('connecting');
        open();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) socket?.close();
      };
    },
  } as LaneApi;
}
