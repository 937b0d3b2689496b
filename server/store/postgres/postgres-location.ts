/** One server of a PostgreSQL location's host list. */
export interface PostgresHost {
  host: string;
  port: number;
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

/**
 * Reads postgres://[user[:password]@]host[:port][,host[:port]…][/database][?parameters]. The
 * parameters taken are target_session_attrs (any, read-write), connect_timeout (seconds),
 * application_name, user, password, dbname, and pool_max; any other is refused by name.
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
  };
}
