import type { DestinationStream } from 'pino';
import { DEFAULT_MFA_COOKIE_LIFETIME } from '../accounts/mfa-cookie-service.ts';
import { DEFAULT_AUTH_LIMITS, type AuthLimits } from '../auth/auth-limits.ts';
import type { LogLevel } from '../log/service-logger.ts';
import type { ProcessorPace } from '../processor/loopback-processor.ts';
import type { StoreLocation } from '../store/store-location.ts';
import { DEFAULT_KEK_VARIABLE, type KekCustody, type VaultKeyOptions } from '../vault/index.ts';
import { DEFAULT_CHECK_RETURN_SECONDS } from '../engine/index.ts';
import { defaultDataDirectory } from './data-directory.ts';

/** The TLS port by default: 8665, the real server's user port (libmonetra DEFAULT_PORT_USER). */
export const DEFAULT_TLS_PORT = 8665;
/** The address listened on by default: 127.0.0.1, loopback only; give --host 0.0.0.0 for all. */
export const DEFAULT_HOST = '127.0.0.1';

/** Milliseconds a drain waits for open connections by default: 30 s (docs/scaling.md). */
export const DEFAULT_DRAIN_TIMEOUT_MS = 30_000;

/**
 * The service's limits (the interface gives none: Limits); each is an option (docs/api.md, Limits).
 * Authentication's (throttle, lockout, password checks) are described in AuthLimits.
 */
export interface ServiceLimits extends AuthLimits {
  /** Largest REST request body in bytes; default 65 536. */
  maxBodyBytes: number;
  /** Largest key/value frame, STX to ETX, in bytes; default 65 536. */
  maxFrameBytes: number;
  /** Requests running at once on one connection (both transports); more wait unread; default 32. */
  maxInFlight: number;
  /** Milliseconds a connection may sit idle before it is closed; default 120 000. */
  idleTimeoutMs: number;
  /** Milliseconds a frame, HTTP request header or TLS handshake has to complete; default 10 000. */
  frameTimeoutMs: number;
  /** Open connections, both ports together; past it new ones wait unread; default 512. */
  maxConnections: number;
  /** Open and waiting connections from one source address; past it refused; default 64. */
  maxConnectionsPerSource: number;
  /** Unsent answer bytes on one connection before it is read no further; default 65 536. */
  maxUnsentBytes: number;
  /** Bytes held in all connection buffers before new requests are refused busy; default 64 MiB. */
  maxBufferedBytes: number;
  /** Messages in flight to the processor at once, all merchants together; default 16. */
  processorInFlight: number;
  /** Messages in flight to the processor at once for one merchant; default 8. */
  merchantInFlight: number;
  /** MFA cookie lifetime in seconds; default 30 days. */
  mfaCookieLifetime: number;
}

/** Default limits. */
export const DEFAULT_LIMITS: ServiceLimits = {
  maxBodyBytes: 64 * 1024,
  maxFrameBytes: 64 * 1024,
  maxInFlight: 32,
  idleTimeoutMs: 120_000,
  frameTimeoutMs: 10_000,
  maxConnections: 512,
  maxConnectionsPerSource: 64,
  maxUnsentBytes: 64 * 1024,
  maxBufferedBytes: 64 * 1024 * 1024,
  processorInFlight: 16,
  merchantInFlight: 8,
  mfaCookieLifetime: DEFAULT_MFA_COOKIE_LIFETIME,
  ...DEFAULT_AUTH_LIMITS,
};

/** Everything startServer needs; startServer fills the rest from the defaults. */
export interface ServerOptions {
  host: string;
  /** TLS port, REST and key/value sniffed apart; 0 takes any free port. */
  port: number;
  /** Plain TCP port with the same sniffing, or null for none (the default). */
  plainPort: number | null;
  /** The ops listener's port (/healthz, /readyz, /metrics), or null for none (the default). */
  opsPort: number | null;
  /** The address the ops listener binds; default 127.0.0.1 (docs/security.md › The ops listener). */
  opsHost: string;
  /** Milliseconds a drain (SIGTERM) waits for connections to finish before it cuts them; 30 000. */
  drainTimeoutMs: number;
  dataDir: string;
  /** Where the store is; by default the SQLite file service.db in dataDir. */
  store: StoreLocation | undefined;
  /** PEM certificate and key files; both or neither. Neither: generated in dataDir. */
  certPath: string | undefined;
  keyPath: string | undefined;
  /** Seed the training merchant (test_retail, test_retail:public, a profile key). */
  demo: boolean;
  /**
   * Where the card vault's key-encrypting key must be kept; default: where the data directory says,
   * or for a new one LANETERM_VAULT_KEK when set, else the training key with demo, else the OS
   * keychain (docs/security.md, Key custody).
   */
  vaultKey: KekCustody | undefined;
  logLevel: LogLevel;
  /** Where log lines go; standard output by default. */
  logDestination: DestinationStream | undefined;
  limits: ServiceLimits;
  /** Seconds after settlement a check's ACH return is due; default 60 (docs/test-cards.md). */
  checkReturnSeconds: number;
  /** The clock; the system clock by default. */
  now: () => Date;
  /** The simulated issuer's EMV master keys (docs/test-cards.md); default resources/issuer-keys.json. */
  issuerKeysPath: string | undefined;
  /**
   * How the simulated processor waits before it answers (docs/test-cards.md, the delay triggers);
   * default the wall clock. A caller embedding the service may hold an answer with its own.
   */
  processorPace: ProcessorPace | undefined;
}

/** Options as a caller gives them: any subset, limits too. */
export type ServerInput = Partial<Omit<ServerOptions, 'limits'>> & {
  limits?: Partial<ServiceLimits>;
};

/** Fills a caller's options with the defaults. */
export function withDefaults(input: ServerInput): ServerOptions {
  return {
    host: input.host ?? DEFAULT_HOST,
    port: input.port ?? DEFAULT_TLS_PORT,
    plainPort: input.plainPort ?? null,
    opsPort: input.opsPort ?? null,
    opsHost: input.opsHost ?? DEFAULT_HOST,
    drainTimeoutMs: input.drainTimeoutMs ?? DEFAULT_DRAIN_TIMEOUT_MS,
    dataDir: input.dataDir ?? defaultDataDirectory(),
    store: input.store,
    certPath: input.certPath,
    keyPath: input.keyPath,
    demo: input.demo ?? false,
    vaultKey: input.vaultKey,
    logLevel: input.logLevel ?? 'info',
    logDestination: input.logDestination,
    limits: { ...DEFAULT_LIMITS, ...input.limits },
    checkReturnSeconds: input.checkReturnSeconds ?? DEFAULT_CHECK_RETURN_SECONDS,
    now: input.now ?? (() => new Date()),
    issuerKeysPath: input.issuerKeysPath,
    processorPace: input.processorPace,
  };
}

/**
 * How the service opens its card vault key (docs/security.md, Key custody): the custody given is
 * required; a data directory without a key yet wraps it under that, else under LANETERM_VAULT_KEK
 * when the variable is set, else the training key for a demo service, else the OS keychain.
 */
export function vaultKeyOptions(options: ServerOptions, env = process.env): VaultKeyOptions {
  const required = options.vaultKey;
  const fromEnv: KekCustody | undefined =
    (env[DEFAULT_KEK_VARIABLE] ?? '') === ''
      ? undefined
      : { kind: 'env', variable: DEFAULT_KEK_VARIABLE };
  const fallback: KekCustody = options.demo ? { kind: 'training' } : { kind: 'keychain' };
  return { required, initial: required ?? fromEnv ?? fallback };
}
