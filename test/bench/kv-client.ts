import { connect, type Socket } from 'node:net';
import {
  KvFrameDecoder,
  decodePairs,
  encodeFrame,
  encodePairs,
  type Params,
} from '../../protocol/index.ts';

/**
 * A key/value-protocol client on one TCP connection, one request at a time: frames built and read
 * with protocol's codec, as the lane's client does.
 */
export class KvClient {
  readonly #socket: Socket;
  readonly #decoder = new KvFrameDecoder();
  #nextId = 1;
  #pending: ((pairs: Record<string, string>) => void) | undefined;

  private constructor(socket: Socket) {
    this.#socket = socket;
    socket.on('data', (chunk: Buffer) => {
      for (const event of this.#decoder.push(chunk)) {
        if (event.type !== 'frame') continue;
        const answer = Object.fromEntries(decodePairs(event.frame.body));
        const resolve = this.#pending;
        this.#pending = undefined;
        resolve?.(answer);
      }
    });
  }

  /** Connects to 127.0.0.1:port, from `localAddress` (another 127.0.0.x) when given. */
  static open(port: number, localAddress?: string): Promise<KvClient> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port, localAddress, noDelay: true }, () =>
        resolve(new KvClient(socket)),
      );
      socket.once('error', reject);
    });
  }

  /** Sends one request frame and resolves with the answer's pairs. */
  request(pairs: Params): Promise<Record<string, string>> {
    return new Promise((resolve) => {
      this.#pending = resolve;
      this.#socket.write(encodeFrame(String(this.#nextId++), encodePairs(pairs)));
    });
  }

  /** Closes the connection. */
  close(): void {
    this.#socket.destroy();
  }
}
