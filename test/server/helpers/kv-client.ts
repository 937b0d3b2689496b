import { connect as tcpConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import {
  KvFrameDecoder,
  decodeResponseBody,
  encodeFrame,
  encodePairs,
  type ResponseBody,
} from '../../../protocol/index.ts';
import type { HttpTarget } from './http-client.ts';

/**
 * A key/value protocol client for tests over a real socket (TLS pinned by fingerprint when the
 * target has a pin): sends frames, collects answers by identifier in arrival order.
 */
export class KvTestClient {
  readonly socket: Socket;
  /** Identifiers in the order their answers arrived. */
  readonly order: string[] = [];
  readonly #answers = new Map<string, Buffer>();
  readonly #waiters = new Map<string, (body: Buffer) => void>();
  readonly #decoder = new KvFrameDecoder({ maxFrameBytes: 16 * 1024 * 1024 });
  /** Resolves when the server closes the connection. */
  readonly closed: Promise<void>;

  private constructor(socket: Socket) {
    this.socket = socket;
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);
    socket.on('data', (chunk: Buffer) => {
      for (const event of this.#decoder.push(chunk)) {
        if (event.type !== 'frame') continue;
        this.order.push(event.frame.id);
        this.#answers.set(event.frame.id, event.frame.body);
        this.#waiters.get(event.frame.id)?.(event.frame.body);
      }
    });
  }

  /** Connects (TLS with pinning when target.pin is set, plain TCP from localAddress otherwise). */
  static connect(target: HttpTarget): Promise<KvTestClient> {
    return new Promise((resolve, reject) => {
      const { host, port, localAddress } = target;
      if (target.pin === undefined) {
        const socket = tcpConnect({ host, port, localAddress }, () =>
          resolve(new KvTestClient(socket)),
        );
        socket.once('error', reject);
        return;
      }
      const socket = tlsConnect({ host, port, rejectUnauthorized: false }, () => {
        if (socket.getPeerCertificate().fingerprint256 !== target.pin) {
          socket.destroy();
          reject(new Error('certificate is not the pinned one'));
        } else resolve(new KvTestClient(socket));
      });
      socket.once('error', reject);
    });
  }

  /** Sends one request frame: pairs encoded as the PHP/Java libraries do (quoted, CRLF). */
  send(id: string, pairs: Record<string, string> | [string, string][]): void {
    this.socket.write(encodeFrame(id, encodePairs(pairs)));
  }

  /** Sends raw bytes as they are. */
  sendRaw(bytes: Buffer | string): void {
    this.socket.write(bytes);
  }

  /** The answer body under this identifier, once it arrives. */
  answerBody(id: string): Promise<Buffer> {
    const known = this.#answers.get(id);
    if (known !== undefined) return Promise.resolve(known);
    return new Promise((resolve) => this.#waiters.set(id, resolve));
  }

  /** The answer under this identifier, decoded as libmonetra classifies it. */
  async answer(id: string): Promise<ResponseBody> {
    return decodeResponseBody(await this.answerBody(id));
  }

  /** The answer's pairs as an object (keys as sent); fails when the answer is not key/value. */
  async pairs(id: string): Promise<Record<string, string>> {
    const body = await this.answer(id);
    if (body.kind !== 'kv') throw new Error(`answer ${id} is ${body.kind}, not key/value`);
    return Object.fromEntries(body.pairs);
  }

  /** Closes the connection. */
  close(): void {
    this.socket.end();
  }
}
