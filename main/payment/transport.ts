import type { ApiVersion, OperationName, Params } from '../../protocol/index.ts';
import type { CallAuth } from './credentials.ts';

/**
 * The three ways a lane reaches the service: REST v2 (default), REST v1, key/value over TCP/TLS.
 */
export type TransportKind = 'v2' | 'v1' | 'kv';

/** One request as a transport sends it: validated parameters and the per-call credentials. */
export interface WireRequest extends CallAuth {
  readonly op: OperationName;
  /** Validated parameters, flat, empty values kept; never transport or credential keys. */
  readonly params: Params;
  /** Milliseconds allowed to connect (TCP, TLS handshake, and the key/value PING). */
  readonly connectMs: number;
}

/** What came back: pairs (lower-case keys), report rows, or something that cannot be read. */
export type WireAnswer =
  | { readonly kind: 'pairs'; readonly pairs: Params; readonly status?: number }
  | {
      readonly kind: 'report';
      readonly columns: readonly string[];
      readonly rows: readonly Params[];
      readonly format: 'json' | 'csv';
      readonly status?: number;
    }
  | { readonly kind: 'unreadable'; readonly detail: string; readonly status?: number };

/** The connection broke after the request left: the service may or may not have acted on it. */
export class ConnectionLostError extends Error {
  constructor(detail: string) {
    super(`connection lost after the request was sent: ${detail}`);
    this.name = 'ConnectionLostError';
  }
}

/**
 * A request that has left the lane. `answer` resolves with what the service said, or rejects with
 * ConnectionLostError; `abandon` stops listening and frees the connection's resources.
 */
export interface Exchange {
  readonly answer: Promise<WireAnswer>;
  abandon(): void;
}

/**
 * One transport behind the client (REST v2, REST v1, key/value). `send` resolves once the request
 * has been handed to a connected, verified socket, and rejects with PaymentNotSentError when it
 * could not be; it never retries on its own.
 */
export interface PaymentTransport {
  readonly kind: TransportKind;
  /** The interface version the requests are read in: the REST prefix, or action vs action_trans. */
  readonly version: ApiVersion;
  send(request: WireRequest): Promise<Exchange>;
  /** Closes connections and abandons what is in flight. */
  close(): Promise<void>;
}
