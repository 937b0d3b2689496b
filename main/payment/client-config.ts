import type { ApiVersion, BinRange } from '../../protocol/index.ts';
import { checkAuth, type AuthSettings } from './credentials.ts';
import { PaymentConfigError } from './errors.ts';
import { KvTransport } from './kv-transport.ts';
import { RestTransport } from './rest-transport.ts';
import type { Endpoint } from './socket-connector.ts';
import { loadTrust, type TlsSettings } from './tls-trust.ts';
import type { PaymentTransport, TransportKind } from './transport.ts';

/** Per-call time limits, in milliseconds. */
export interface Deadlines {
  /** To connect: TCP, TLS handshake and, on key/value, the PING reply. Default 10 000. */
  readonly connectMs: number;
  /** From the moment the request left to its answer. Default 30 000. */
  readonly answerMs: number;
}

/** Default deadlines: 10 s to connect (libmonetra's conn_timeout), 30 s for the answer. */
export const DEFAULT_DEADLINES: Deadlines = { connectMs: 10_000, answerMs: 30_000 };

/**
 * Refuses a time limit or count that is not a whole number in range (a typo must not hang a lane).
 */
export function checkWhole(field: string, value: number | undefined, min: number): void {
  if (value === undefined) return;
  if (!Number.isSafeInteger(value) || value < min) {
    throw new PaymentConfigError(
      field,
      'number.range',
      `must be a whole number of at least ${min}`,
    );
  }
}

/**
 * A switch on the link to the service (docs/lane.md › Offline, training's network down): while
 * `down`, no connection is made and every request, lookup and health check is not sent.
 */
export interface NetworkSwitch {
  down: boolean;
}

/** How the lane reaches its payment service. */
export interface PaymentClientConfig {
  /**
   * The service's base URL: http:// or https:// for REST (the transport adds /api/v1 or
   * /api/v2), kv:// (plain TCP) or kvs:// (TLS) for the key/value protocol.
   */
  readonly url: string;
  /** REST v2 (default for http/https), REST v1, or key/value (default for kv/kvs). */
  readonly transport?: TransportKind;
  /** Version spoken on key/value: v2 (action_trans, API keys; default) or v1 (action). */
  readonly kvVersion?: ApiVersion;
  readonly auth: AuthSettings;
  readonly tls?: TlsSettings;
  readonly deadlines?: Partial<Deadlines>;
  /** Connection attempts after the first, only when the request cannot have left; default 2. */
  readonly retries?: number;
  /** Wait before the first retry, doubled for each next one, in ms; default 250. */
  readonly retryBackoffMs?: number;
  /** How long an answer that missed its deadline is still listened for, in ms; default 120 000. */
  readonly lateAnswerMs?: number;
  /** The merchant's IANA time zone, for time values such as bdate; default the lane's zone. */
  readonly timeZone?: string;
  /** The merchant's gift BIN ranges, when known (validation: keyed gift cards need no expdate). */
  readonly giftBinRanges?: readonly BinRange[];
  /** Makes the order id of a new transaction when the caller gives none; default a random UUID. */
  readonly newOrderId?: () => string;
  /**
   * Key/value connection settings: PING wait (default 5 000 ms), idle close (default 30 000 ms).
   */
  readonly kv?: { readonly pingTimeoutMs?: number; readonly idleCloseMs?: number };
  /** The link's switch, shared by every client of one lane; default one always up. */
  readonly network?: NetworkSwitch;
}

const SCHEMES: Readonly<Record<string, { tls: boolean; port: number; kv: boolean }>> = {
  'http:': { tls: false, port: 80, kv: false },
  'https:': { tls: true, port: 443, kv: false },
  'kv:': { tls: false, port: 8333, kv: true },
  'kvs:': { tls: true, port: 8665, kv: true },
};

function urlError(rule: string, problem: string): PaymentConfigError {
  return new PaymentConfigError('url', rule, problem);
}

/** The URL's endpoint, transport and REST path prefix, checked against the transport asked for. */
export function parseServiceUrl(text: string, asked: TransportKind | undefined) {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw urlError('url.format', 'not a URL such as https://host:8665 or kvs://host:8665');
  }
  const scheme = SCHEMES[url.protocol];
  if (scheme === undefined) throw urlError('url.scheme', 'use http://, https://, kv:// or kvs://');
  const transport: TransportKind = asked ?? (scheme.kv ? 'kv' : 'v2');
  if (scheme.kv !== (transport === 'kv')) {
    throw urlError(
      'url.transport',
      `transport ${transport} needs ${scheme.kv ? 'an http(s)' : 'a kv or kvs'} URL`,
    );
  }
  if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
    throw urlError('url.extra', 'give credentials separately; no query or fragment');
  }
  const pathPrefix = url.pathname.replace(/\/+$/, '');
  if (scheme.kv && pathPrefix !== '') throw urlError('url.path', 'a key/value URL has no path');
  if (/\/api\/v[12]$/.test(pathPrefix)) {
    throw urlError('url.path', 'give the base URL; the transport adds /api/v1 or /api/v2');
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const endpoint: Endpoint = {
    host,
    port: url.port === '' ? scheme.port : Number(url.port),
    tls: scheme.tls,
  };
  return { endpoint, transport, pathPrefix };
}

/**
 * Builds the transport a configuration names, after checking its URL, credentials and TLS trust.
 */
export function createTransport(config: PaymentClientConfig): PaymentTransport {
  const { endpoint, transport, pathPrefix } = parseServiceUrl(config.url, config.transport);
  const trust = loadTrust(config.tls);
  if (!endpoint.tls && config.tls !== undefined && Object.keys(config.tls).length > 0) {
    throw new PaymentConfigError(
      'tls',
      'tls.plain_url',
      'TLS trust given for a plain (http or kv) URL',
    );
  }
  checkWhole('deadlines.connectMs', config.deadlines?.connectMs, 1);
  checkWhole('deadlines.answerMs', config.deadlines?.answerMs, 1);
  checkWhole('retries', config.retries, 0);
  checkWhole('retryBackoffMs', config.retryBackoffMs, 0);
  checkWhole('lateAnswerMs', config.lateAnswerMs, 0);
  const version: ApiVersion = transport === 'kv' ? (config.kvVersion ?? 'v2') : transport;
  checkAuth(config.auth, version);
  if (transport !== 'kv')
    return new RestTransport({ endpoint, pathPrefix, version, auth: config.auth, trust });
  return new KvTransport({ endpoint, version, auth: config.auth, trust, ...config.kv });
}
