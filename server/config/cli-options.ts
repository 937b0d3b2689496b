import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LOG_LEVELS, type LogLevel } from '../log/service-logger.ts';
import { DEFAULT_CHECK_RETURN_SECONDS } from '../engine/index.ts';
import type { KekCustody } from '../vault/index.ts';
import {
  DEFAULT_DRAIN_TIMEOUT_MS,
  DEFAULT_HOST,
  DEFAULT_LIMITS,
  DEFAULT_TLS_PORT,
  type ServerInput,
} from './server-options.ts';
import { parseStoreLocation } from '../store/store-location.ts';

/** The server's command-line help. */
export const SERVER_USAGE = `usage: npm run server -- [options]
       npm run server -- admin <command> [--data DIR] [arguments]   ("admin help" lists them)

  --port N              TLS port, REST and key/value on one port (default ${DEFAULT_TLS_PORT})
  --plain-port N        also listen without TLS on this port (default: none)
  --host ADDRESS        address to listen on (default ${DEFAULT_HOST}, loopback only)
  --ops-port N          also serve /healthz, /readyz and /metrics over plain HTTP on this port
  --ops-host ADDRESS    address of the ops port (default ${DEFAULT_HOST}; it has no authentication)
  --drain-timeout S     seconds SIGTERM waits for open connections to finish (default ${DEFAULT_DRAIN_TIMEOUT_MS / 1000})
  --data DIR            data directory (default: the user's data directory, laneterm/server)
  --store sqlite:PATH   the store: a SQLite database file (default: DIR/service.db)
  --store postgres://[USER@]HOST[:PORT][,HOST[:PORT]…]/DB[?target_session_attrs=read-write]
                        or a PostgreSQL database, shared by several instances; TLS to it
                        with &sslmode=require|verify-ca|verify-full (libpq's meanings),
                        &sslrootcert=CA.pem (or system), &sslcert=FILE&sslkey=FILE
  --cert FILE --key FILE   TLS certificate and key (PEM); default: generated into DIR
  --demo                seed the training merchant test_retail (sub-user public, publ1ct3st)
  --vault-key-file FILE    keep the card vault's key-encrypting key in FILE (outside DIR, mode 0600)
  --vault-key-env NAME     take it from the environment variable NAME (32 bytes, base64 or hex)
  --vault-keychain         keep it in the OS keychain (default, unless LANETERM_VAULT_KEK is set or --demo)
  --log-level LEVEL     ${LOG_LEVELS.join(', ')} (default info)
  --max-body-bytes N    REST body cap (default ${DEFAULT_LIMITS.maxBodyBytes})
  --max-frame-bytes N   key/value frame cap (default ${DEFAULT_LIMITS.maxFrameBytes})
  --max-in-flight N     requests running at once per connection; more wait (default ${DEFAULT_LIMITS.maxInFlight})
  --idle-timeout S      seconds before an idle connection is closed (default ${DEFAULT_LIMITS.idleTimeoutMs / 1000})
  --frame-timeout S     seconds a frame, request header or TLS handshake has to finish (default ${DEFAULT_LIMITS.frameTimeoutMs / 1000})
  --max-connections N   open connections, both ports together; more wait (default ${DEFAULT_LIMITS.maxConnections})
  --max-connections-per-source N   connections from one address (default ${DEFAULT_LIMITS.maxConnectionsPerSource})
  --max-unsent-bytes N  unsent answer bytes before a connection is read no further (default ${DEFAULT_LIMITS.maxUnsentBytes})
  --max-buffered-bytes N   bytes in all connection buffers before new work is refused busy (default ${DEFAULT_LIMITS.maxBufferedBytes})
  --processor-in-flight N   messages in flight to the processor, all merchants (default ${DEFAULT_LIMITS.processorInFlight})
  --merchant-in-flight N    messages in flight to the processor for one merchant (default ${DEFAULT_LIMITS.merchantInFlight})
  --throttle-failures N failed attempts per API key id, or per address for unknown names, before throttling (default ${DEFAULT_LIMITS.throttle.maxFailures})
  --throttle-window S   seconds the throttle counts failures over and then refuses (default ${DEFAULT_LIMITS.throttle.windowMs / 1000})
  --lockout-failures N  failed attempts per password account before it is locked (default ${DEFAULT_LIMITS.lockout.maxFailures})
  --lockout-minutes M   minutes failures are counted over and an account stays locked (default ${DEFAULT_LIMITS.lockout.windowMs / 60_000})
  --password-cache-seconds S   seconds a verified password stays remembered unused; each use starts them again; 0 never (default ${DEFAULT_LIMITS.passwordCacheMs / 1000})
  --password-cache-hours H     hours after its scrypt check a remembered password ends however used (default ${DEFAULT_LIMITS.passwordCacheMaxMs / 3_600_000})
  --password-checks N   scrypt password verifications running at once (default ${DEFAULT_LIMITS.passwordChecks} here)
  --mfa-cookie-days N   MFA cookie lifetime in days (default ${DEFAULT_LIMITS.mfaCookieLifetime / 86400})
  --check-return-seconds S   seconds after settlement a check's ACH return comes (default ${DEFAULT_CHECK_RETURN_SECONDS})
  --issuer-keys FILE    the simulated issuer's EMV master keys by BIN (default resources/issuer-keys.json)
  -h, --help            print this help and exit`;

const OPTIONS = {
  port: { type: 'string' },
  'plain-port': { type: 'string' },
  host: { type: 'string' },
  'ops-port': { type: 'string' },
  'ops-host': { type: 'string' },
  'drain-timeout': { type: 'string' },
  data: { type: 'string' },
  store: { type: 'string' },
  cert: { type: 'string' },
  key: { type: 'string' },
  demo: { type: 'boolean' },
  'vault-key-file': { type: 'string' },
  'vault-key-env': { type: 'string' },
  'vault-keychain': { type: 'boolean' },
  'log-level': { type: 'string' },
  'max-body-bytes': { type: 'string' },
  'max-frame-bytes': { type: 'string' },
  'max-in-flight': { type: 'string' },
  'idle-timeout': { type: 'string' },
  'frame-timeout': { type: 'string' },
  'max-connections': { type: 'string' },
  'max-connections-per-source': { type: 'string' },
  'max-unsent-bytes': { type: 'string' },
  'max-buffered-bytes': { type: 'string' },
  'processor-in-flight': { type: 'string' },
  'merchant-in-flight': { type: 'string' },
  'throttle-failures': { type: 'string' },
  'throttle-window': { type: 'string' },
  'lockout-failures': { type: 'string' },
  'lockout-minutes': { type: 'string' },
  'password-cache-seconds': { type: 'string' },
  'password-cache-hours': { type: 'string' },
  'password-checks': { type: 'string' },
  'mfa-cookie-days': { type: 'string' },
  'check-return-seconds': { type: 'string' },
  'issuer-keys': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** What the command line asked for: options to start with, help, or an error to print. */
export type ServerArgs = { options: ServerInput } | { help: true } | { error: string };

function integer(name: string, text: string | undefined, min: number, max: number) {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^[0-9]+$/.test(text) || value < min || value > max) {
    throw new Error(`--${name}: a whole number from ${min} to ${max}`);
  }
  return value;
}

function definedOnly<T extends object>(
  record: T,
): Partial<{ [K in keyof T]: Exclude<T[K], undefined> }> {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== undefined),
  ) as Partial<{
    [K in keyof T]: Exclude<T[K], undefined>;
  }>;
}

/** The card vault key custody the command line names, if any; throws when it names two. */
function vaultKeyOf(
  file: string | undefined,
  variable: string | undefined,
  keychain: boolean | undefined,
): KekCustody | undefined {
  const named: KekCustody[] = [
    ...(file === undefined ? [] : [{ kind: 'file', path: resolve(file) } as const]),
    ...(variable === undefined ? [] : [{ kind: 'env', variable } as const]),
    ...(keychain === true ? [{ kind: 'keychain' } as const] : []),
  ];
  if (named.length > 1) {
    throw new Error('--vault-key-file, --vault-key-env, --vault-keychain: give one at most');
  }
  return named[0];
}

/** Reads the server's command line (node:util parseArgs, strict); never throws. */
export function parseServerArgs(argv: readonly string[]): ServerArgs {
  try {
    const { values: v } = parseArgs({ args: [...argv], options: OPTIONS, strict: true });
    if (v.help === true) return { help: true };
    if ((v.cert === undefined) !== (v.key === undefined))
      throw new Error('--cert and --key: give both or neither');
    const level = v['log-level'];
    if (level !== undefined && !(LOG_LEVELS as readonly string[]).includes(level)) {
      throw new Error(`--log-level: one of ${LOG_LEVELS.join(', ')}`);
    }
    const big = 1024 * 1024 * 1024;
    const drain = integer('drain-timeout', v['drain-timeout'], 0, 86_400);
    const idle = integer('idle-timeout', v['idle-timeout'], 1, 86_400);
    const frame = integer('frame-timeout', v['frame-timeout'], 1, 86_400);
    const failures = integer('throttle-failures', v['throttle-failures'], 1, 1_000_000);
    const window = integer('throttle-window', v['throttle-window'], 1, 86_400);
    const cookieDays = integer('mfa-cookie-days', v['mfa-cookie-days'], 1, 3650);
    const lockouts = integer('lockout-failures', v['lockout-failures'], 1, 1_000_000);
    const lockoutMinutes = integer('lockout-minutes', v['lockout-minutes'], 1, 525_600);
    const cacheSeconds = integer('password-cache-seconds', v['password-cache-seconds'], 0, 86_400);
    const cacheHours = integer('password-cache-hours', v['password-cache-hours'], 1, 720);
    const limits = {
      maxBodyBytes: integer('max-body-bytes', v['max-body-bytes'], 64, big),
      maxFrameBytes: integer('max-frame-bytes', v['max-frame-bytes'], 64, big),
      maxInFlight: integer('max-in-flight', v['max-in-flight'], 1, 100_000),
      idleTimeoutMs: idle === undefined ? undefined : idle * 1000,
      frameTimeoutMs: frame === undefined ? undefined : frame * 1000,
      maxConnections: integer('max-connections', v['max-connections'], 1, 1_000_000),
      maxConnectionsPerSource: integer(
        'max-connections-per-source',
        v['max-connections-per-source'],
        1,
        1_000_000,
      ),
      maxUnsentBytes: integer('max-unsent-bytes', v['max-unsent-bytes'], 16 * 1024, big),
      maxBufferedBytes: integer('max-buffered-bytes', v['max-buffered-bytes'], 64 * 1024, 64 * big),
      processorInFlight: integer('processor-in-flight', v['processor-in-flight'], 1, 10_000),
      merchantInFlight: integer('merchant-in-flight', v['merchant-in-flight'], 1, 10_000),
      throttle: {
        maxFailures: failures ?? DEFAULT_LIMITS.throttle.maxFailures,
        windowMs: window === undefined ? DEFAULT_LIMITS.throttle.windowMs : window * 1000,
      },
      mfaCookieLifetime: cookieDays === undefined ? undefined : cookieDays * 86_400,
      lockout: {
        maxFailures: lockouts ?? DEFAULT_LIMITS.lockout.maxFailures,
        windowMs:
          lockoutMinutes === undefined ? DEFAULT_LIMITS.lockout.windowMs : lockoutMinutes * 60_000,
      },
      passwordCacheMs: cacheSeconds === undefined ? undefined : cacheSeconds * 1000,
      passwordCacheMaxMs: cacheHours === undefined ? undefined : cacheHours * 3_600_000,
      passwordChecks: integer('password-checks', v['password-checks'], 1, 1024),
    };
    const options: ServerInput = {
      host: v.host,
      port: integer('port', v.port, 0, 65_535),
      plainPort: integer('plain-port', v['plain-port'], 0, 65_535),
      opsPort: integer('ops-port', v['ops-port'], 0, 65_535),
      opsHost: v['ops-host'],
      drainTimeoutMs: drain === undefined ? undefined : drain * 1000,
      dataDir: v.data,
      store: v.store === undefined ? undefined : parseStoreLocation(v.store),
      certPath: v.cert,
      keyPath: v.key,
      demo: v.demo === true,
      vaultKey: vaultKeyOf(v['vault-key-file'], v['vault-key-env'], v['vault-keychain']),
      logLevel: level as LogLevel | undefined,
      limits: definedOnly(limits),
      checkReturnSeconds: integer('check-return-seconds', v['check-return-seconds'], 0, 31_536_000),
      issuerKeysPath: v['issuer-keys'] === undefined ? undefined : resolve(v['issuer-keys']),
    };
    return { options: definedOnly(options) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}
