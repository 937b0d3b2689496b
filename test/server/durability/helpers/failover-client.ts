import { request, Agent } from 'node:http';
import { connect, type Socket } from 'node:net';
import {
  KvFrameDecoder,
  decodeResponseBody,
  encodeFrame,
  encodePairs,
} from '../../../../protocol/index.ts';

/** Where the instances listen now (a restarted one gets new ports): plain ports, by instance. */
export type Targets = () => readonly number[];

/** One sale as a client saw it: its order, the answer, and how many sends it took. */
export interface SaleOutcome {
  orderId: string;
  answer: Record<string, string>;
  /** Sends that found the connection refused or closed before any byte of an answer. */
  resent: number;
}

/** The connection failed before any byte of an answer came: the request was not run. */
class NotAnswered extends Error {}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A client as a load balancer's pool member would act, over key/value or REST on plain TCP: it
 * keeps one connection open to its current instance and sends one sale at a time; when the
 * connection is refused, or closed before any byte of the answer came, it sends the same sale
 * again to the next instance (the request was not run: docs/scaling.md › A rolling upgrade). Any
 * answer, approved or not, is returned as is.
 */
export class FailoverClient {
  readonly #transport: 'kv' | 'rest';
  readonly #targets: Targets;
  readonly #auth: { id: string; secret: string };
  #at: number;
  #kv: { socket: Socket; decoder: KvFrameDecoder; port: number } | undefined;
  readonly #agent = new Agent({ keepAlive: true, maxSockets: 1 });
  #sent = 0;

  constructor(
    transport: 'kv' | 'rest',
    targets: Targets,
    auth: { id: string; secret: string },
    start: number,
  ) {
    this.#transport = transport;
    this.#targets = targets;
    this.#auth = auth;
    this.#at = start;
  }

  /** Sends the sale until an answer comes; each failed send moves to the next instance. */
  async sale(orderId: string, amount: string): Promise<SaleOutcome> {
    for (let resent = 0; ; resent += 1) {
      const targets = this.#targets();
      const port = targets[this.#at % targets.length] as number;
      try {
        const answer = await (this.#transport === 'kv'
          ? this.#kvSale(port, orderId, amount)
          : this.#restSale(port, orderId, amount));
        return { orderId, answer, resent };
      } catch (error) {
        if (!(error instanceof NotAnswered)) throw error;
        this.#at += 1;
        if (resent > 200) throw new Error(`order ${orderId}: no instance answered 200 sends`);
        await pause(20);
      }
    }
  }

  /** Closes the open connection. */
  close(): void {
    this.#kv?.socket.destroy();
    this.#agent.destroy();
  }

  #kvSale(port: number, orderId: string, amount: string): Promise<Record<string, string>> {
    if (this.#kv?.port !== port || this.#kv.socket.destroyed) this.#kv = this.#kvConnect(port);
    const { socket, decoder } = this.#kv;
    this.#sent += 1;
    const id = String(this.#sent);
    const pairs = {
      action_trans: 'sale',
      auth_apikey_id: this.#auth.id,
      auth_apikey_secret: this.#auth.secret,
      ...SALE,
      amount,
      order_id: orderId,
    };
    return new Promise((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        for (const event of decoder.push(chunk)) {
          if (event.type !== 'frame' || event.frame.id !== id) continue;
          done();
          const body = decodeResponseBody(event.frame.body);
          resolve(body.kind === 'kv' ? Object.fromEntries(body.pairs) : { report: 'yes' });
        }
      };
      const onGone = () => {
        done();
        reject(new NotAnswered());
      };
      const done = () => {
        socket.off('data', onData);
        socket.off('close', onGone);
      };
      socket.on('data', onData);
      socket.once('close', onGone);
      socket.write(encodeFrame(id, encodePairs(pairs)));
    });
  }

  #kvConnect(port: number) {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    return { socket, decoder: new KvFrameDecoder({ maxFrameBytes: 1 << 20 }), port };
  }

  #restSale(port: number, orderId: string, amount: string): Promise<Record<string, string>> {
    const body = JSON.stringify({ ...SALE, amount, order_id: orderId });
    return new Promise((resolve, reject) => {
      let answered = false;
      const call = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v2/transaction/purchase',
          agent: this.#agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-api-key-id': this.#auth.id,
            'x-api-key': this.#auth.secret,
          },
        },
        (response) => {
          answered = true;
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          response.on('end', () => resolve(JSON.parse(text) as Record<string, string>));
          response.on('error', reject);
        },
      );
      call.on('error', (error) => reject(answered ? error : new NotAnswered(error.message)));
      call.end(body);
    });
  }
}

const SALE = { account: '4111111111111111', expdate: '1230', zip: '32606' };
