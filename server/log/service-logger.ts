import pino, { type DestinationStream, type Logger } from 'pino';

/** Log levels the service accepts (pino's); default 'info'. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** One log level. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Credential keys and headers censored wherever they appear (docs/interface.md › Authentication §2–7). */
const CREDENTIAL_LOG_KEYS: readonly string[] = [
  'password',
  'pwd',
  'auth_apikey_secret',
  'mfa_code',
  'mfa_cookie',
  'mfa_code_dual',
  'authorization',
  'x-api-key',
  'x-mfa-code',
  'x-mfa-cookie',
  'x-dual-authorization',
  'x-dual-mfa-code',
];

/** What the service's logger is built from. */
export interface ServiceLoggerOptions {
  level: LogLevel;
  /** Where JSON lines go; standard output by default. */
  destination?: DestinationStream;
  /** Card-data keys to censor besides CREDENTIAL_LOG_KEYS (protocol's SENSITIVE_PARAMS). */
  sensitiveKeys: Iterable<string>;
}

function redactPaths(keys: Iterable<string>): string[] {
  const paths: string[] = [];
  for (const key of keys) {
    const step = /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `.${key}` : `["${key}"]`;
    const top = step.startsWith('.') ? step.slice(1) : step;
    paths.push(top, `*${step}`, `*.*${step}`, `*.*.*${step}`);
  }
  return paths;
}

/**
 * The service's structured logger (pino, JSON lines). Card data and credentials are censored as
 * "[redacted]" at any depth up to four levels, as a safety net: the service never logs request
 * parameters or credentials in the first place.
 */
export function createServiceLogger(options: ServiceLoggerOptions): Logger {
  const keys = new Set([...CREDENTIAL_LOG_KEYS, ...options.sensitiveKeys]);
  const settings = {
    level: options.level,
    base: { service: 'laneterm-pts' },
    redact: { paths: redactPaths(keys), censor: '[redacted]' },
  };
  return options.destination === undefined ? pino(settings) : pino(settings, options.destination);
}
