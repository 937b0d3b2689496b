import type { Socket } from 'node:net';
import {
  KvFrameDecoder,
  PING_BODY,
  encodeFrame,
  type KvDecoderEvent,
  type OperationName,
} from '../../protocol/index.ts';
import { readKvAnswer } from './answer-reader.ts';
import { ConnectionLostError, type Exchange, type WireAnswer } from './transport.ts';

interface Pending {
  readonly op: OperationName | 'ping';
  readonly resolve: (answer: WireAnswer) => void;
  readonly reject: (error: Error) => void;
}

/**
 * One key/value connection (libmonetra monetra_trans_structure.c): requests are framed STX id FS
 * body ETX with identifiers 1, 2, 3… on this connection, several may be in flight at once, and each
 * answer is matched to its request by identifier in whatever order it comes; an answer under an
 * unknown identifier is discarded, as the client libraries do. When the connection ends, breaks or
 * sends bytes that are not frames, every request still waiting fails with ConnectionLostError.
 */
export class KvConnection {
  readonly #socket: Socket;
  readonly #decoder = new KvFrameDecoder();
  readonly #pending = new Map<string, Pending>();
  readonly #onIdle: () => void;
  #nextId = 1;
  #closed = false;

  /** `onIdle` is called whenever the last request in flight is answered or abandoned. */
  constructor(socket: Socket, onIdle: () => void) {
    this.#socket = socket;
    this.#onIdle = onIdle;
    socket.on('data', (chunk: Buffer) => this.#receive(this.#decoder.push(chunk)));
    socket.on('end', () => this.#lost('the service closed the connection'));
    socket.on('close', () => this.#lost('connection closed'));
    socket.on('error', (error) => this.#lost(error.message));
  }

  /** False once the connection has ended, broken or been closed. */
  get open(): boolean {
    return !this.#closed;
  }

  /** Requests sent and not yet answered or abandoned. */
  get inFlight(): number {
    return this.#pending.size;
  }

  /** Sends PING and resolves on any answer under its identifier within `timeoutMs` (libmonetra). */
  async ping(timeoutMs: number): Promise<void> {
    const exchange = this.#send('ping', PING_BODY);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no PING reply within ${timeoutMs} ms`)),
        timeoutMs,
      );
    });
    try {
      await Promise.race([exchange.answer, late]);
    } finally {
      clearTimeout(timer);
      exchange.abandon();
    }
  }

  /** Writes one request body under the next identifier; the answer comes in the exchange. */
  send(op: OperationName, body: string): Exchange {
    return this.#send(op, body);
  }

  /** Ends the connection gracefully (idle close); requests still waiting fail. */
  close(): void {
    if (!this.#closed) {
      this.#closed = true;
      this.#socket.end();
    }
    this.#lost('connection closed by the client');
  }

  #send(op: OperationName | 'ping', body: string): Exchange {
    const id = String(this.#nextId);
    this.#nextId += 1;
    const frame = encodeFrame(id, body);
    const answer = new Promise<WireAnswer>((resolve, reject) => {
      if (this.#closed) {
        reject(new ConnectionLostError('connection closed'));
        return;
      }
      this.#pending.set(id, { op, resolve, reject });
      this.#socket.write(frame);
    });
    return { answer, abandon: () => this.#settle(id) };
  }

  #settle(id: string): Pending | undefined {
    const pending = this.#pending.get(id);
    if (pending === undefined) return undefined;
    this.#pending.delete(id);
    if (this.#pending.size === 0 && !this.#closed) this.#onIdle();
    return pending;
  }

  #receive(events: KvDecoderEvent[]): void {
    for (const event of events) {
      if (event.type === 'error') {
        this.#socket.destroy();
        this.#lost(`the service sent bytes that are not a frame (${event.error.rule})`);
        return;
      }
      const pending = this.#settle(event.frame.id);
      if (pending === undefined) continue;
      if (pending.op === 'ping') pending.resolve({ kind: 'unreadable', detail: 'PING reply' });
      else pending.resolve(readKvAnswer(pending.op, event.frame.body));
    }
  }

  #lost(detail: string): void {
    if (!this.#closed) {
      this.#closed = true;
      this.#socket.destroy();
    }
    const waiting = [...this.#pending.values()];
    this.#pending.clear();
    for (const pending of waiting) pending.reject(new ConnectionLostError(detail));
  }
}
