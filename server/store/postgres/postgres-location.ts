import { resolve } from 'node:path';

/** One server of a PostgreSQL location's host list. */
export interface PostgresHost {
  host: string;
  port: number;
}

/**
 * The sslmode values taken, with libpq's meanings (PostgreSQL docs §34.19.3): disable, plain TCP;
 * require, TLS without checking the certificate (checking its chain like verify-ca when a CA file
 * is there); verify-ca, TLS to a server whose certificate chains to the CA; verify-full, that and
 * the host name in the certificate. prefer and allow, which fall back to plain TCP, are refused.
 */
export const SSL_MODES = ['disable', 'require', 'verify-ca', 'verify-full'] as const;

/** One of SSL_MODES. */
export type SslMode = (typeof SSL_MODES)[number];

/** TLS to the database, as the URI's ssl* parameters give it (libpq's, PostgreSQL docs §34.19). */
export interface PostgresTls {
  /** Default disable, or verify-full when sslrootcert is "system" (as libpq does). */
  sslmode: SslMode;
  /**
   * The CA certificates (PEM file, absolute) a server's certificate must chain to, or "system"
   * for Node's trusted roots; undefined: ~/.postgresql/root.crt when it exists (libpq's default).
   */
  sslrootcert: string | undefined;
  /** The client certificate (PEM file, absolute) sent to a server that asks for one. */
  sslcert: string | undefined;
  /** The client certificate's private key (PEM file, absolute); given with sslcert. */
  sslkey: string | undefined;
}

/**
 * A PostgreSQL database as `--store postgres://…` names it (libpq's URI form, PostgreSQL docs
 * §34.1.1): one or more hosts tried in order, and which kind of server to use.
 */
export interface PostgresLocation {
  backend: 'postgres';
  hosts: PostgresHost[];
  user: string | undefined;
  password: string | undefined;
  database: string | undefined;
  /** read-write: only a server accepting writes is used (a standby is passed over); default any. */
  targetSessionAttrs: 'any' | 'read-write';
  /** Seconds to wait for a usable server before a store call fails (connect_timeout; default 15). */
  connectTimeoutSeconds: number;
  /** Connections per server (LaneTerm's pool_max; default 10). */
  poolMax: number;
  applicationName: string;
  tls: PostgresTls;
}

/** A postgres:// location the service cannot use; the message names the part and the rule. */
export class PostgresLocationError extends Error {
  readonly code = 'STORE_LOCATION';
}

const URI = /^postgres(?:ql)?:\/\/(?:([^@/]*)@)?([^/?]*)(?:\/([^?]*))?(?:\?(.*))?$/i;
const PARAMETERS = new Set([
  'target_session_attrs',
  'connect_timeout',
  'pool_max',
  'application_name',
  'user',
  'password',
  'dbname',
  'sslmode',
  'sslrootcert',
  'sslcert',
  'sslkey',
]);

function decoded(text: string | undefined): string | undefined {
  return text === undefined || text === '' ? undefined : decodeURIComponent(text);
}

function parseHost(text: string): PostgresHost {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(text);
  if (match === null) throw new PostgresLocationError(`host "${text}": give HOST or HOST:PORT`);
  const port = Number(match[2] ?? 5432);
  if (port < 1 || port > 65535) throw new PostgresLocationError(`port ${port}: 1 to 65535`);
  return { host: (match[1] as string).replace(/^\[(.*)\]$/, '$1'), port };
}

function positive(name: string, text: string | null, fallback: number): number {
  if (text === null) return fallback;
  if (!/^[1-9][0-9]{0,4}$/.test(text)) {
    throw new PostgresLocationError(`${name}: a whole number from 1, not "${text}"`);
  }
  return Number(text);
}

function file(params: URLSearchParams, name: string): string | undefined {
  const path = params.get(name);
  if (path === '') throw new PostgresLocationError(`${name}: give the path of a PEM file`);
  return path === null ? undefined : resolve(path);
}

/** The ssl* parameters; the files are read when the store opens (pgTlsOptions). */
function parseTls(params: URLSearchParams): PostgresTls {
  const system = params.get('sslrootcert') === 'system';
  const mode = params.get('sslmode') ?? (system ? 'verify-full' : 'disable');
  if (!SSL_MODES.includes(mode as SslMode)) {
    throw new PostgresLocationError(`sslmode: ${SSL_MODES.join(', ')}, not "${mode}"`);
  }
  const tls: PostgresTls = {
    sslmode: mode as SslMode,
    sslrootcert: system ? 'system' : file(params, 'sslrootcert'),
    sslcert: file(params, 'sslcert'),
    sslkey: file(params, 'sslkey'),
  };
  for (const name of ['sslrootcert', 'sslcert', 'sslkey'] as const) {
    if (tls[name] !== undefined && tls.sslmode === 'disable') {
      throw new PostgresLocationError(`${name}: needs sslmode require, verify-ca or verify-full`);
    }
  }
  if (system && tls.sslmode !== 'verify-full') {
    throw new PostgresLocationError(`sslrootcert=system: needs sslmode=verify-full`);
  }
  if ((tls.sslcert === undefined) !== (tls.sslkey === undefined)) {
    throw new PostgresLocationError('sslcert and sslkey: give both or neither');
  }
  return tls;
}

/**
 * Reads postgres://[user[:password]@]host[:port][,host[:port]…][/database][?parameters]. The
 * parameters taken are target_session_attrs (any, read-write), connect_timeout (seconds),
 * application_name, user, password, dbname, sslmode, sslrootcert, sslcert, sslkey (parseTls), and
 * pool_max; any other is refused by name.
 */
export function parsePostgresLocation(text: string): PostgresLocation {
  const match = URI.exec(text);
  if (match === null) throw new PostgresLocationError('not a postgres:// URI');
  const [, userinfo, hostList, path, query] = match;
  const params = new URLSearchParams(query ?? '');
  for (const name of params.keys()) {
    if (!PARAMETERS.has(name)) throw new PostgresLocationError(`parameter ${name}: not supported`);
  }
  const [userPart, passwordPart] = (userinfo ?? '').split(':', 2);
  const hosts = (hostList === undefined || hostList === '' ? 'localhost' : hostList)
    .split(',')
    .map(parseHost);
  const attrs = params.get('target_session_attrs') ?? 'any';
  if (attrs !== 'any' && attrs !== 'read-write') {
    throw new PostgresLocationError(`target_session_attrs: any or read-write, not "${attrs}"`);
  }
  return {
    backend: 'postgres',
    hosts,
    user: params.get('user') ?? decoded(userPart),
    password: params.get('password') ?? decoded(passwordPart),
    database: params.get('dbname') ?? decoded(path),
    targetSessionAttrs: attrs,
    connectTimeoutSeconds: positive('connect_timeout', params.get('connect_timeout'), 15),
    poolMax: positive('pool_max', params.get('pool_max'), 10),
    applicationName: params.get('application_name') ?? 'laneterm',
    tls: parseTls(params),
  };
}
