import { existsSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { dirname } from 'node:path';
import { parseCommand, type LaneApi, type LaneError } from '../lane-api/index.ts';
import { createPrivateDir, withPrivateUmask } from '../lane/private-files.ts';

/** Longest line the socket reads: 64 KiB (a command is far smaller); a longer one closes the connection. */
const MAX_LINE = 64 * 1024;

/** True when something answers on the socket path (another lane is running there). */
function answering(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createConnection(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

function write(socket: Socket, message: unknown): void {
  if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
}

function serve(api: LaneApi, socket: Socket): void {
  const unsubscribe = api.subscribe((event) => write(socket, { event }));
  let pending = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    pending += chunk;
    if (pending.length > MAX_LINE && !pending.includes('\n')) {
      socket.destroy();
      return;
    }
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') void answer(api, socket, line);
  });
  socket.on('close', unsubscribe);
  socket.on('error', () => socket.destroy());
}

async function answer(api: LaneApi, socket: Socket, line: string): Promise<void> {
  let message: { id?: unknown; command?: unknown };
  try {
    message = JSON.parse(line) as typeof message;
  } catch {
    const error: LaneError = { code: 'invalid_command', message: 'line: not JSON', rule: 'json' };
    write(socket, { id: null, reply: { ok: false, error } });
    return;
  }
  const id = typeof message.id === 'number' || typeof message.id === 'string' ? message.id : null;
  const parsed = parseCommand(message.command);
  const reply =
    'error' in parsed ? { ok: false, error: parsed.error } : await api.send(parsed.command);
  write(socket, { id, reply });
}

/** A lane socket that is listening. */
export interface LaneSocket {
  readonly path: string;
  close(): Promise<void>;
}

/**
 * The lane API on a local socket (a Unix domain socket, mode 0600, or a Windows named pipe), one
 * JSON message per line (docs/lane.md, The lane socket): `{"id":1,"command":{…}}` is answered
 * `{"id":1,"reply":{…}}`; every connection gets the event stream as `{"event":{…}}` lines,
 * starting with a snapshot. Only the lane's own user can connect. A stale socket file left by a
 * lane that died is replaced; a live one is refused.
 */
export async function listenLaneSocket(api: LaneApi, path: string): Promise<LaneSocket> {
  const pipe = path.startsWith('\\\\');
  if (!pipe) {
    createPrivateDir(dirname(path));
    if (existsSync(path)) {
      if (await answering(path)) throw new Error(`${path}: another lane is listening there`);
      rmSync(path, { force: true });
    }
  }
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    serve(api, socket);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    withPrivateUmask(() => server.listen(path, () => resolve()));
  });
  return {
    path,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
