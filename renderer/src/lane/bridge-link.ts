// The lane API in a browser: commands as POST /api/command with the bridge's token, events over
// one WebSocket that reconnects by itself (each connection starts with a snapshot, so nothing is
// missed), the token taken once from the URL fragment the bridge printed (docs/app.md, Web bridge).
import type { CommandReply, LaneApi, LaneCommand, LaneEvent } from './lane-types.ts';

/** Session-storage key of the bridge token (so a reload keeps working in the same tab). */
const TOKEN_KEY = 'laneterm.bridgeToken';

/** Delays between WebSocket reconnects, in ms: 250 doubling up to 4 000. */
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 4_000;

/** Whether the event stream is up: the status bar says so when it is not. */
export type LinkState = 'connecting' | 'up' | 'down';

/** Reads the token from `#token=…` (then removes it from the address bar) or session storage. */
export function takeBridgeToken(location: Location, storage: Storage): string {
  const match = /(?:^#|&)token=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (match?.[1] !== undefined) {
    storage.setItem(TOKEN_KEY, match[1]);
    history.replaceState(null, '', location.pathname + location.search);
  }
  return storage.getItem(TOKEN_KEY) ?? '';
}

/** The lane API over the bridge at the page's own origin; linkState reports the event stream. */
export function bridgeLink(token: string, onLinkState: (state: LinkState) => void): LaneApi {
  const listeners = new Set<(event: LaneEvent) => void>();
  let socket: WebSocket | undefined;
  let delay = RECONNECT_MIN_MS;

  function open(): void {
    const url = new URL('/api/events', location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    socket = new WebSocket(url, ['laneterm.events', `laneterm.token.${token}`]);
    socket.onopen = () => {
      delay = RECONNECT_MIN_MS;
      onLinkState('up');
    };
    socket.onmessage = (message) => {
      const event = JSON.parse(String(message.data)) as LaneEvent;
      for (const listener of listeners) listener(event);
    };
    socket.onclose = () => {
      socket = undefined;
      onLinkState('down');
      if (listeners.size === 0) return;
      setTimeout(open, delay);
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    };
  }

  return {
    async send(command: LaneCommand) {
      try {
        const response = await fetch('/api/command', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify(command),
        });
        return (await response.json()) as CommandReply;
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
