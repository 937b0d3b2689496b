import { createConnection, type Socket } from 'node:net';
import {
  parseEvent,
  type CommandReply,
  type CommandType,
  type LaneApi,
  type LaneCommand,
  type LaneEvent,
} from '../../../../main/lane-api/index.ts';

/**
 * The lane API over a lane socket (docs/lane.md, The lane socket), for tests that drive a lane in
 * another process: one JSON message per line, replies matched by id, events checked against the
 * schema as a screen would.
 */
export class LaneSocketClient implements LaneApi {
  readonly #socket: Socket;
  readonly #waiting = new Map<number, (reply: CommandReply) => void>();
  readonly #listeners = new Set<(event: LaneEvent) => void>();
  readonly #events: LaneEvent[] = [];
  #next = 1;

  private constructor(socket: Socket) {
    this.#socket = socket;
    let pending = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) this.#receive(line);
    });
  }

  /** Connects to the socket at `path`. */
  static connect(path: string): Promise<LaneSocketClient> {
    return new Promise((resolve, reject) => {
      const socket = createConnection(path);
      socket.once('connect', () => resolve(new LaneSocketClient(socket)));
      socket.once('error', reject);
    });
  }

  send<T extends CommandType>(
    command: Extract<LaneCommand, { type: T }>,
  ): Promise<CommandReply<T>> {
    const id = this.#next;
    this.#next += 1;
    return new Promise((resolve) => {
      this.#waiting.set(id, (reply) => resolve(reply as CommandReply<T>));
      this.#socket.write(`${JSON.stringify({ id, command })}\n`);
    });
  }

  subscribe(listener: (event: LaneEvent) => void): () => void {
    for (const event of this.#events) listener(event);
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  close(): void {
    this.#socket.destroy();
  }

  #receive(line: string): void {
    const message = JSON.parse(line) as { id?: number; reply?: CommandReply; event?: unknown };
    if (message.reply !== undefined && typeof message.id === 'number') {
      this.#waiting.get(message.id)?.(message.reply);
      this.#waiting.delete(message.id);
      return;
    }
    const parsed = parseEvent(message.event);
    if ('error' in parsed) throw new Error(`lane socket: bad event: ${parsed.error.message}`);
    this.#events.push(parsed.event);
    for (const listener of this.#listeners) listener(parsed.event);
  }
}
