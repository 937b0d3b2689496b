import { encodePairs, kvActionFor, type ApiVersion } from '../../protocol/index.ts';
import { kvAuthPairs, type AuthSettings } from './credentials.ts';
import { PaymentNotSentError } from './errors.ts';
import { KvConnection } from './kv-connection.ts';
import { connectSocket, type Endpoint } from './socket-connector.ts';
import type { TlsTrust } from './tls-trust.ts';
import type { Exchange, PaymentTransport, TransportKind, WireRequest } from './transport.ts';

/** Longest wait for the PING reply after connecting: 5 s (libmonetra monetra_conn_event.c). */
const DEFAULT_PING_TIMEOUT_MS = 5000;
/**
 * Milliseconds a connection with nothing in flight stays open before the client closes it: 30 s,
 * well inside a service's idle timeout (LaneTerm's closes idle connections after 120 s), so the
 * client, not the service, ends an idle connection and never writes into one being closed.
 */
const DEFAULT_KV_IDLE_CLOSE_MS = 30_000;

/** What a key/value transport is built from. */
export interface KvTransportOptions {
  readonly endpoint: Endpoint;
  /** v2 names operations with action_trans and takes API keys; v1 uses action (docs/interface.md › Endpoints). */
  readonly version: ApiVersion;
  readonly auth: AuthSettings;
  readonly trust: TlsTrust;
  readonly pingTimeoutMs?: number;
  readonly idleCloseMs?: number;
}

/**
 * The key/value protocol over TCP or TLS (libmonetra, Monetra's C client): one connection, opened
 * on the first request and verified with a PING, carries every request pipelined and matched by
 * identifier; it is closed after idleCloseMs with nothing in flight, and a new one is opened (and
 * PINGed) on the next request after a close or a break.
 */
export class KvTransport implements PaymentTransport {
  readonly kind: TransportKind = 'kv';
  readonly version: ApiVersion;
  readonly #options: KvTransportOptions;
  #connection: KvConnection | undefined;
  #connecting: Promise<KvConnection> | undefined;
  #idleTimer: NodeJS.Timeout | undefined;

  constructor(options: KvTransportOptions) {
    this.#options = options;
    this.version = options.version;
  }

  async send(request: WireRequest): Promise<Exchange> {
    const { version, auth } = this.#options;
    const pairs = [
      ...Object.entries(kvActionFor(request.op, version)),
      ...kvAuthPairs(auth, request),
      ...Object.entries(request.params),
    ];
    const body = encodePairs(pairs);
    const connection = await this.#connect(request.connectMs);
    clearTimeout(this.#idleTimer);
    return connection.send(request.op, body);
  }

  close(): Promise<void> {
    clearTimeout(this.#idleTimer);
    this.#connection?.close();
    this.#connection = undefined;
    return Promise.resolve();
  }

  /** The open connection, or a new one: connected, verified and answering PING. */
  #connect(connectMs: number): Promise<KvConnection> {
    if (this.#connection?.open === true) return Promise.resolve(this.#connection);
    this.#connecting ??= this.#open(connectMs).finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  async #open(connectMs: number): Promise<KvConnection> {
    const started = performance.now();
    const socket = await connectSocket(this.#options.endpoint, this.#options.trust, connectMs);
    const connection = new KvConnection(socket, () => this.#idle(connection));
    const left = Math.max(1, connectMs - (performance.now() - started));
    const pingMs = Math.min(left, this.#options.pingTimeoutMs ?? DEFAULT_PING_TIMEOUT_MS);
    try {
      await connection.ping(pingMs);
    } catch (error) {
      connection.close();
      throw new PaymentNotSentError('ping', true, (error as Error).message);
    }
    this.#connection = connection;
    this.#idle(connection);
    return connection;
  }

  #idle(connection: KvConnection): void {
    clearTimeout(this.#idleTimer);
    const idleMs = this.#options.idleCloseMs ?? DEFAULT_KV_IDLE_CLOSE_MS;
    this.#idleTimer = setTimeout(() => {
      if (connection.inFlight > 0) return;
      connection.close();
      if (this.#connection === connection) this.#connection = undefined;
    }, idleMs);
    this.#idleTimer.unref();
  }
}
