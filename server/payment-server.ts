import type { Socket } from 'node:net';
import { SENSITIVE_PARAMS } from '../protocol/index.ts';
import type { Logger } from 'pino';
import type { DemoSeed } from './accounts/demo-merchant.ts';
import { Authenticator } from './auth/authenticator.ts';
import { CardEntryService } from './cardentry/card-entry-service.ts';
import { prepareDataDirectory, type DataFiles } from './config/data-directory.ts';
import { withDefaults, type ServerInput, type ServerOptions } from './config/server-options.ts';
import { DualAuthorizer } from './auth/dual-authorizer.ts';
import { RequestDispatcher } from './dispatch/request-dispatcher.ts';
import { WorkTracker } from './dispatch/work-tracker.ts';
import { KvConnection } from './kv/kv-connection.ts';
import { RequestLog } from './log/request-log.ts';
import { createServiceLogger } from './log/service-logger.ts';
import { BufferBudget } from './net/buffer-budget.ts';
import {
  ServiceListeners,
  type ListenAddress,
  type ListenerOptions,
} from './net/service-listeners.ts';
import { createRestApp } from './rest/rest-app.ts';
import { RequestTally } from './ops/request-tally.ts';
import { openServiceCore, type ServiceCore } from './service-core.ts';
import { startOps, type StartedOps } from './service-ops.ts';
import { serviceStop } from './service-stop.ts';
import type { ServiceStore } from './store/service-store.ts';
import { openServiceStore } from './store/store-location.ts';
import {
  loadOrCreateCertificate,
  type CertificateSource,
  type TlsIdentity,
} from './tls/certificate.ts';

/** A running service: where it listens, its certificate fingerprint, and how to stop it. */
export interface RunningServer {
  /** The TLS port (REST and key/value). */
  tlsAddress: ListenAddress;
  /** The plain port, when one was asked for. */
  plainAddress: ListenAddress | undefined;
  /** The ops port (/healthz, /readyz, /metrics), when asked for. */
  opsAddress: ListenAddress | undefined;
  /** SHA-256 fingerprint of the TLS certificate in use, for pinning. */
  readonly fingerprint256: string;
  /** True when this start generated the certificate. */
  certificateGenerated: boolean;
  dataDir: string;
  /** The demo merchant, when started with demo. */
  demo: DemoSeed | undefined;
  /** Where the key-encrypting key of the card vault's key is kept, in words. */
  vaultCustody: string;
  /**
   * Reads the certificate and key files again and uses them for TLS handshakes from now on; open
   * connections keep theirs. Returns the new fingerprint; throws (keeping the old pair) when the
   * files cannot be read or do not match.
   */
  reloadCertificate: () => string;
  /**
   * Stops accepting connections, answers new requests SYS_UNAVAILABLE, lets the engine finish the
   * transactions in flight, sends their answers, closes every connection and the store.
   */
  close: () => Promise<void>;
  /** Drains, then closes (ServiceStop.drain); timeoutMs defaults to the drainTimeoutMs option. */
  drain: (timeoutMs?: number) => Promise<void>;
}

/** What answers requests: the dispatcher, the two transports' connection handlers, and the log. */
interface ServiceTransports {
  readonly dispatcher: RequestDispatcher;
  readonly tracker: WorkTracker;
  readonly requests: RequestLog;
  readonly handlers: { http(socket: Socket): void; kv(socket: Socket): void };
  /** Closes both transports' idle connections (a drain). */
  readonly closeIdleConnections: () => void;
}

/**
 * Builds the request path over the core: authentication, the dispatcher, REST (fastify, with the
 * hosted card-entry page) and key/value connections, sharing one buffer budget and one work
 * tracker (docs/security.md, Connections and memory).
 */
async function createTransports(
  options: ServerOptions,
  core: ServiceCore,
  store: ServiceStore,
  observe: { logger: Logger; tally: RequestTally | undefined },
): Promise<ServiceTransports> {
  const { logger, tally } = observe;
  const { limits, now } = options;
  const { accounts, engine, vault } = core;
  const authenticator = new Authenticator(accounts, limits, logger);
  const requests = new RequestLog(logger);
  const dispatcher = new RequestDispatcher({
    accounts,
    authenticator,
    dualAuthorizer: new DualAuthorizer(accounts, authenticator),
    engine,
    logger,
    requests,
    now,
    mfaCookieLifetime: limits.mfaCookieLifetime,
    ...(tally === undefined ? {} : { tally }),
  });
  const tracker = new WorkTracker();
  const budget = new BufferBudget(limits.maxBufferedBytes);
  const rest = await createRestApp({
    dispatcher,
    tracker,
    logger,
    budget,
    requests,
    bodyLimitBytes: limits.maxBodyBytes,
    idleMs: limits.idleTimeoutMs,
    headerMs: limits.frameTimeoutMs,
    maxInFlight: limits.maxInFlight,
    maxUnsentBytes: limits.maxUnsentBytes,
    cardEntry: new CardEntryService(store.cardTickets, vault, accounts, now),
  });
  const kvLimits = {
    maxFrameBytes: limits.maxFrameBytes,
    maxInFlight: limits.maxInFlight,
    idleMs: limits.idleTimeoutMs,
    frameTimeoutMs: limits.frameTimeoutMs,
    maxUnsentBytes: limits.maxUnsentBytes,
  };
  const kv = new Set<KvConnection>();
  const handlers = {
    http: (socket: Socket) => rest.server.emit('connection', socket),
    kv: (socket: Socket) => {
      const deps = { dispatcher, tracker, logger, requests, limits: kvLimits, budget };
      const connection = new KvConnection(socket, deps);
      kv.add(connection);
      socket.once('close', () => kv.delete(connection));
    },
  };
  const closeIdleConnections = () => {
    rest.server.closeIdleConnections();
    for (const connection of kv) connection.closeIfIdle();
  };
  return { dispatcher, tracker, requests, handlers, closeIdleConnections };
}

/** The certificate's files: the given pair, or the data directory's generated one. */
function certificateSourceOf(options: ServerOptions, files: DataFiles): CertificateSource {
  const given = options.certPath !== undefined;
  if (given !== (options.keyPath !== undefined)) {
    throw new Error('certPath and keyPath: give both or neither');
  }
  return {
    certPath: options.certPath ?? files.certificate,
    keyPath: options.keyPath ?? files.privateKey,
    given,
    host: options.host,
  };
}

/** What the listening sockets are built from: ports, certificate and connection limits. */
function listenerOptions(
  options: ServerOptions,
  tls: TlsIdentity,
  logger: Logger,
): ListenerOptions {
  const { limits } = options;
  return {
    host: options.host,
    tlsPort: options.port,
    plainPort: options.plainPort,
    tls,
    maxConnections: limits.maxConnections,
    maxConnectionsPerSource: limits.maxConnectionsPerSource,
    idleMs: limits.idleTimeoutMs,
    handshakeMs: limits.frameTimeoutMs,
    logger,
  };
}

/**
 * Starts the Payment Transaction Service: opens (or creates) the data directory and its store,
 * loads or generates the TLS certificate, opens the core (openServiceCore: vault, accounts, demo
 * data, the engine after settling what a previous run left in flight), and listens on the TLS
 * port and the optional plain port, REST and key/value told apart by their first byte, and on the
 * optional ops port (docs/scaling.md › The ops port).
 */
export async function startServer(input: ServerInput = {}): Promise<RunningServer> {
  const options = withDefaults(input);
  const files = prepareDataDirectory(options.dataDir);
  const logger = createServiceLogger({
    level: options.logLevel,
    destination: options.logDestination,
    sensitiveKeys: SENSITIVE_PARAMS,
  });
  const certificateSource = certificateSourceOf(options, files);
  let tls = loadOrCreateCertificate(certificateSource);
  const store = await openServiceStore(
    options.store ?? { backend: 'sqlite', path: files.database },
    (problem, { name, message }) => logger.warn({ error: name, message }, problem),
  );
  const listeners = new ServiceListeners();
  let ops: StartedOps | undefined;
  try {
    const core = await openServiceCore(options, files, store, logger);
    const tally = options.opsPort === null ? undefined : new RequestTally();
    const transports = await createTransports(options, core, store, { logger, tally });
    if (tally !== undefined && options.opsPort !== null) {
      const sources = { ...core, ...transports, store, tally };
      ops = await startOps(sources, options.opsHost, options.opsPort);
    }
    await listeners.listen(listenerOptions(options, tls, logger), transports.handlers);
    const tlsAddress = listeners.tlsAddress as ListenAddress;
    const plain = listeners.plainAddress;
    const opsAddress = ops?.address;
    logger.info(
      { tls: tlsAddress, plain, ops: opsAddress, dataDir: files.root, demo: options.demo },
      'listening',
    );
    const stop = serviceStop({
      ...transports,
      ...core,
      listeners,
      store,
      logger,
      ops: ops?.listener,
    });
    return {
      tlsAddress,
      plainAddress: plain,
      opsAddress,
      get fingerprint256() {
        return tls.fingerprint256;
      },
      certificateGenerated: tls.generated,
      dataDir: files.root,
      demo: core.demo,
      reloadCertificate: () => {
        const next = loadOrCreateCertificate(certificateSource);
        listeners.setIdentity(next);
        tls = next;
        logger.info({ fingerprint256: tls.fingerprint256 }, 'TLS certificate reloaded');
        return tls.fingerprint256;
      },
      vaultCustody: core.vaultCustody,
      close: stop.close,
      drain: (timeoutMs = options.drainTimeoutMs) => stop.drain(timeoutMs),
    };
  } catch (error) {
    listeners.stopAccepting();
    await ops?.listener.close();
    await store.close();
    throw error;
  }
}
