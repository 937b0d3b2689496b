import type { Notice, ServerStatus } from '../lane-api/index.ts';

/** What seeing the server up or down does: status, sweep, notice (docs/lane.md › Offline). */
export interface ServerChange {
  readonly server: ServerStatus;
  /** True when the server is back from down: recovery and forwarding run now. */
  readonly sweep: boolean;
  /** server_lost or server_back; none when the state was unknown before. */
  readonly notice?: Notice;
}

/** The server's status before any request was answered or not sent (docs/lane.md, The lane API). */
export function serverUnknown(
  server: Pick<ServerStatus, 'url' | 'transport'>,
  now: number,
): ServerStatus {
  return { url: server.url, transport: server.transport, state: 'unknown', since: now };
}

/**
 * What a request answered (`up`) or not sent changes in the server's status (docs/lane.md, The
 * lane API): undefined when the state is the same; back from down sweeps; a change from a known
 * state is a notice.
 */
export function serverChange(
  server: ServerStatus,
  up: boolean,
  now: number,
): ServerChange | undefined {
  const state = up ? 'up' : 'down';
  if (server.state === state) return undefined;
  const was = server.state;
  return {
    server: { ...server, state, since: now },
    sweep: up && was === 'down',
    ...(was === 'unknown'
      ? {}
      : {
          notice: {
            level: up ? 'info' : 'warning',
            code: up ? 'server_back' : 'server_lost',
            params: {},
          },
        }),
  };
}
