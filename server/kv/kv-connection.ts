import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import {
  KvFrameDecoder,
  MsoftCode,
  PING_REPLY_BODY,
  ProtocolError,
  decodePairs,
  encodeFrame,
  isPing,
  isPingRequest,
  operationFromKv,
  pairsToParams,
  type KvDecoderEvent,
  type KvFrame,
} from '../../protocol/index.ts';
import { INTERNAL_FAULT } from '../dispatch/answers.ts';
import type { RequestDispatcher } from '../dispatch/request-dispatcher.ts';
import { withoutTransportKeys } from '../dispatch/request-params.ts';
import type { WorkTracker } from '../dispatch/work-tracker.ts';
import type { RequestLog } from '../log/request-log.ts';
import { serviceDecline } from '../engine/answers.ts';
import { encodeKvAnswer, kvDecline } from './kv-answer.ts';
import { kvCredentials } from './kv-credentials.ts';

/** Limits of one key/value connection (docs/api.md, Limits). */
export interface KvLimits {
  /** Largest frame, STX to ETX, in bytes. */
  maxFrameBytes: number;
  /** Requests running at once on the connection; more are answered SYS_UNAVAILABLE unrun. */
  maxInFlight: number;
  /** Milliseconds with nothing in flight and nothing received before the connection is closed. */
  idleMs: number;
}

const BUSY = MsoftCode.SYS_UNAVAILABLE;

/** What a key/value connection works with. */
export interface KvConnectionDeps {
  dispatcher: RequestDispatcher;
  tracker: WorkTracker;
  logger: Logger;
  requests: RequestLog;
  limits: KvLimits;
}

/**
 * Serves the key/value protocol on one socket (libmonetra): frames are decoded as they
 * arrive, every request runs at once and is answered under its identifier as soon as it is done, so
 * answers may come in any order. PING is answered at once. A framing error with a readable
 * identifier is answered under it; one without (bytes outside a frame, no identifier) cannot be
 * answered, so the connection stops reading, answers what is in flight, and closes. Every refusal
 * made here (in-flight cap, unreadable frame or pairs, unknown action) gets its log line; PINGs are
 * counted in the connection's closing line instead.
 */
export class KvConnection {
  readonly #socket: Socket;
  readonly #deps: KvConnectionDeps;
  readonly #decoder: KvFrameDecoder;
  readonly #source: string;
  #inFlight = 0;
  #closing = false;
  /** What the connection carried, for its closing line. */
  readonly #counts = { requests: 0, pings: 0 };

  constructor(socket: Socket, deps: KvConnectionDeps) {
    this.#socket = socket;
    this.#deps = deps;
    this.#decoder = new KvFrameDecoder({ maxFrameBytes: deps.limits.maxFrameBytes });
    this.#source = socket.remoteAddress ?? 'unknown';
    socket.on('timeout', () => {
      if (this.#inFlight === 0) this.#close('idle');
    });
    socket.setTimeout(deps.limits.idleMs);
    socket.on('data', (chunk: Buffer) => this.#receive(this.#decoder.push(chunk)));
    socket.on('end', () => {
      this.#receive(this.#decoder.end());
      this.#close('client ended');
    });
    socket.on('error', (error) => {
      deps.logger.debug({ err: error.message, source: this.#source }, 'key/value socket error');
      socket.destroy();
    });
  }

  #receive(events: KvDecoderEvent[]): void {
    for (const event of events) {
      if (this.#closing) return;
      if (event.type === 'frame') this.#accept(event.frame);
      else {
        this.#refused(event.error, event.id);
        if (event.id !== undefined) this.#write(event.id, kvDecline(event.error));
        else this.#close('framing error');
      }
    }
  }

  #accept(frame: KvFrame): void {
    if (isPing(frame.body)) {
      this.#counts.pings += 1;
      this.#write(frame.id, PING_REPLY_BODY);
      return;
    }
    this.#counts.requests += 1;
    if (this.#inFlight >= this.#deps.limits.maxInFlight) {
      const verbiage = this.#tooMany();
      this.#deps.requests.refused({ ...this.#origin(frame.id), reason: BUSY, verbiage });
      this.#write(frame.id, encodeKvAnswer(serviceDecline(BUSY, verbiage)));
      return;
    }
    this.#inFlight += 1;
    const done = this.#deps.tracker.begin();
    void this.#run(frame)
      .catch((error: unknown) => {
        this.#deps.logger.error({ err: error, source: this.#source }, 'key/value request failed');
        return encodeKvAnswer(INTERNAL_FAULT);
      })
      .then((body) => this.#write(frame.id, body))
      .finally(() => {
        this.#inFlight -= 1;
        done();
        if (this.#closing && this.#inFlight === 0) this.#socket.end();
      });
  }

  async #run(frame: KvFrame): Promise<string> {
    let pairs;
    try {
      pairs = pairsToParams(decodePairs(frame.body), { caseInsensitiveKeys: true });
      if (isPingRequest(pairs)) {
        this.#counts.pings += 1;
        return PING_REPLY_BODY;
      }
      const { op, version } = operationFromKv(pairs);
      const answer = await this.#deps.dispatcher.dispatch({
        operation: op,
        params: withoutTransportKeys(pairs),
        credentials: kvCredentials(pairs, version),
        version,
        transport: 'kv',
        source: this.#source,
        requestId: frame.id,
      });
      return encodeKvAnswer(answer);
    } catch (error) {
      if (!(error instanceof ProtocolError)) throw error;
      this.#refused(error, frame.id);
      return kvDecline(error);
    }
  }

  /** Logs a request refused before it reached the dispatcher. */
  #refused(error: ProtocolError, id: string | undefined): void {
    const { msoftCode: reason, rule, verbiage } = error;
    this.#deps.requests.refused({ ...this.#origin(id), reason, rule, verbiage });
  }

  #origin(requestId: string | undefined) {
    return { transport: 'kv', source: this.#source, requestId } as const;
  }

  #tooMany(): string {
    const limit = this.#deps.limits.maxInFlight;
    return (
      `Too many requests in flight on this connection (limit ${limit}): request not run; ` +
      'send it again once an answer arrives'
    );
  }

  #write(id: string, body: string): void {
    if (!this.#socket.writable) return;
    this.#socket.write(encodeFrame(id, body));
  }

  #close(reason: string): void {
    if (this.#closing) return;
    this.#closing = true;
    this.#socket.pause();
    const counts = this.#counts;
    this.#deps.logger.debug(
      { source: this.#source, reason, ...counts },
      'key/value connection closing',
    );
    if (this.#inFlight === 0) this.#socket.end();
  }
}
