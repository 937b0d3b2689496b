import {
  createServer as createTcpServer,
  type AddressInfo,
  type Server,
  type Socket,
} from 'node:net';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import type { Logger } from 'pino';
import type { TlsIdentity } from '../tls/certificate.ts';
import { tlsContextOptions } from '../tls/tls-policy.ts';
import { ConnectionAdmission } from './connection-admission.ts';
import { HandshakeDeadlines } from './handshake-deadlines.ts';
import { sniffProtocol, type SniffTargets } from './protocol-sniffer.ts';

/** Where a listener ended up: host and the port actually bound (useful with port 0). */
export interface ListenAddress {
  host: string;
  port: number;
}

/** What the listeners are built from. */
export interface ListenerOptions {
  host: string;
  /** TLS port (0: any free port). */
  tlsPort: number;
  /** Plain TCP port, or null for none. */
  plainPort: number | null;
  tls: TlsIdentity;
  /** Connections served at once over both ports; past it new ones wait unread. */
  maxConnections: number;
  /** Connections from one source address, served or waiting; past it new ones are closed. */
  maxConnectionsPerSource: number;
  /** Milliseconds a client may stay silent before its first byte, or wait for a slot. */
  idleMs: number;
  /** Milliseconds a TLS handshake has to finish. */
  handshakeMs: number;
  logger: Logger;
}

function listen(server: Server, host: string, port: number): Promise<ListenAddress> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.removeListener('error', reject);
      resolve({ host, port: (server.address() as AddressInfo).port });
    });
  });
}

/**
 * The service's listening sockets: a TLS port and, optionally, a plain TCP port. Each accepts
 * connections paused and hands them to the connection admission (per-source cap, slots); a
 * connection given a slot is, on the TLS port, handed to the TLS server for its handshake, and
 * then to the protocol sniffer. Tracks open connections so shutdown can end them.
 */
export class ServiceListeners {
  readonly #servers: Server[] = [];
  /** Settles when each stopped server has no connection left. */
  readonly #stopped: Promise<void>[] = [];
  /** Accepted TCP sockets, under TLS or not. */
  readonly #raw = new Set<Socket>();
  /** Sockets the transports read: the TLS socket on the TLS port, the TCP socket otherwise. */
  readonly #streams = new Set<Socket>();
  /** Streams the sniffer handed to a transport: they have sent a byte. */
  readonly #handed = new WeakSet<Socket>();
  #tlsServer: TlsServer | undefined;
  readonly #handshakes = new HandshakeDeadlines();
  #admission: ConnectionAdmission | undefined;
  tlsAddress: ListenAddress | undefined;
  plainAddress: ListenAddress | undefined;

  /** Binds the ports; rejects (e.g. EADDRINUSE) without leaving a port bound. */
  async listen(options: ListenerOptions, targets: SniffTargets): Promise<void> {
    const { logger, idleMs } = options;
    const admission = new ConnectionAdmission(
      {
        maxConnections: options.maxConnections,
        maxConnectionsPerSource: options.maxConnectionsPerSource,
        waitMs: idleMs,
      },
      logger,
    );
    this.#admission = admission;
    const handed = this.#handed;
    const served: SniffTargets = {
      kv: (socket) => {
        handed.add(socket);
        targets.kv(socket);
      },
      http: (socket) => {
        handed.add(socket);
        targets.http(socket);
      },
    };
    const sniff = (socket: Socket) => {
      this.#track(this.#streams, socket);
      sniffProtocol(socket, served, idleMs);
    };
    const tlsServer = createTlsServer(tlsContextOptions(options.tls), (socket) => {
      this.#handshakes.done(socket);
      sniff(socket);
    });
    tlsServer.on('tlsClientError', (error) =>
      logger.debug({ err: error.message }, 'TLS handshake failed'),
    );
    this.#tlsServer = tlsServer;
    const accepting = (serve: (socket: Socket) => void) =>
      createTcpServer({ pauseOnConnect: true }, (socket) => {
        this.#track(this.#raw, socket);
        admission.admit(socket, serve);
      });
    const handshake = (socket: Socket) => {
      this.#handshakes.begin(socket, options.handshakeMs);
      tlsServer.emit('connection', socket);
    };
    const servers = [accepting(handshake)];
    if (options.plainPort !== null) servers.push(accepting(sniff));
    this.#servers.push(...servers);
    try {
      this.tlsAddress = await listen(servers[0] as Server, options.host, options.tlsPort);
      const plain = servers[1];
      if (plain !== undefined && options.plainPort !== null) {
        this.plainAddress = await listen(plain, options.host, options.plainPort);
      }
    } catch (error) {
      this.stopAccepting();
      throw error;
    }
  }

  /** Takes a new certificate and key for TLS handshakes from now on; open connections keep theirs. */
  setIdentity(identity: TlsIdentity): void {
    this.#tlsServer?.setSecureContext(tlsContextOptions(identity));
  }

  /** Stops accepting connections at once; open ones stay until closeConnections. */
  stopAccepting(): void {
    for (const server of this.#servers.filter((candidate) => candidate.listening)) {
      this.#stopped.push(new Promise<void>((resolve) => server.close(() => resolve())));
    }
  }

  /**
   * As the service drains: drops the connections waiting for a slot and those that have not sent
   * a byte (nothing of theirs was read), and resolves once no accepted connection is open.
   */
  whenNoConnections(): Promise<void> {
    this.#admission?.dropWaiting();
    for (const socket of this.#streams) if (!this.#handed.has(socket)) socket.destroy();
    const open = [...this.#raw].map(
      (socket) => new Promise<void>((resolve) => socket.once('close', () => resolve())),
    );
    return Promise.all(open).then(() => undefined);
  }

  /** Ends every open connection after its pending writes; destroys what is open after graceMs. */
  async closeConnections(graceMs: number): Promise<void> {
    this.#admission?.dropWaiting();
    const raw = [...this.#raw];
    const closed = raw.map((socket) => new Promise((resolve) => socket.once('close', resolve)));
    for (const socket of this.#streams) socket.end();
    const timer = setTimeout(() => raw.forEach((socket) => socket.destroy()), graceMs);
    await Promise.all(closed);
    clearTimeout(timer);
    await Promise.all(this.#stopped);
  }

  #track(set: Set<Socket>, socket: Socket): void {
    set.add(socket);
    socket.once('close', () => set.delete(socket));
  }
}
