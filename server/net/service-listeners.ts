import {
  createServer as createTcpServer,
  type AddressInfo,
  type Server,
  type Socket,
} from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import type { Logger } from 'pino';
import type { TlsIdentity } from '../tls/certificate.ts';
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
  /** Connections each listener holds at most; past it, new ones are closed at once. */
  maxConnections: number;
  /** Milliseconds a client may stay silent before its first byte, and in the TLS handshake. */
  idleMs: number;
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
 * The service's listening sockets: a TLS port and, optionally, a plain TCP port, each handing
 * every connection to the protocol sniffer. Tracks open connections so shutdown can end them.
 */
export class ServiceListeners {
  readonly #servers: Server[] = [];
  /** Settles when each stopped server has no connection left. */
  readonly #stopped: Promise<void>[] = [];
  /** Accepted TCP sockets, under TLS or not. */
  readonly #raw = new Set<Socket>();
  /** Sockets the transports read: the TLS socket on the TLS port, the TCP socket otherwise. */
  readonly #streams = new Set<Socket>();
  tlsAddress: ListenAddress | undefined;
  plainAddress: ListenAddress | undefined;

  /** Binds the ports; rejects (e.g. EADDRINUSE) without leaving a port bound. */
  async listen(options: ListenerOptions, targets: SniffTargets): Promise<void> {
    const { logger, idleMs } = options;
    const accept = (socket: Socket) => {
      this.#track(this.#streams, socket);
      sniffProtocol(socket, targets, idleMs);
    };
    const tlsServer = createTlsServer(
      {
        cert: options.tls.cert,
        key: options.tls.key,
        minVersion: 'TLSv1.2',
        handshakeTimeout: idleMs,
      },
      accept,
    );
    tlsServer.on('tlsClientError', (error) =>
      logger.debug({ err: error.message }, 'TLS handshake failed'),
    );
    const servers: Server[] = [tlsServer];
    if (options.plainPort !== null) {
      servers.push(createTcpServer(accept));
    }
    for (const server of servers) {
      server.maxConnections = options.maxConnections;
      server.on('connection', (socket: Socket) => this.#track(this.#raw, socket));
      server.on('drop', () => logger.warn('connection refused: connection cap reached'));
      this.#servers.push(server);
    }
    try {
      this.tlsAddress = await listen(tlsServer, options.host, options.tlsPort);
      const plain = servers[1];
      if (plain !== undefined && options.plainPort !== null) {
        this.plainAddress = await listen(plain, options.host, options.plainPort);
      }
    } catch (error) {
      this.stopAccepting();
      throw error;
    }
  }

  /** Stops accepting connections at once; open ones stay until closeConnections. */
  stopAccepting(): void {
    for (const server of this.#servers.filter((candidate) => candidate.listening)) {
      this.#stopped.push(new Promise<void>((resolve) => server.close(() => resolve())));
    }
  }

  /** Ends every open connection after its pending writes; destroys what is open after graceMs. */
  async closeConnections(graceMs: number): Promise<void> {
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
