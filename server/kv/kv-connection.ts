import type { Socket } from 'node:net';
import {
  PING_REPLY_BODY,
  encodeFrame,
  isPing,
  type KvDecoderEvent,
  type KvFrame,
} from '../../protocol/index.ts';
import { CommitOutcomeUnknown } from '../engine/index.ts';
import { INTERNAL_FAULT, SERVICE_BUSY } from '../dispatch/answers.ts';
import { BufferShare } from '../net/buffer-budget.ts';
import { encodeKvAnswer, kvDecline } from './kv-answer.ts';
import type { KvConnectionDeps, KvLimits } from './kv-connection-deps.ts';
import { KvInput } from './kv-input.ts';
import { refusedKv, runKvRequest, type KvOrigin } from './kv-request.ts';

const BUSY_BODY = encodeKvAnswer(SERVICE_BUSY);
const FAULT_BODY = encodeKvAnswer(INTERNAL_FAULT);

/**
 * Serves the key/value protocol on one socket (libmonetra): frames are decoded as they arrive,
 * every request runs at once and is answered under its identifier as soon as it is done, so answers
 * may come in any order. PING is answered at once. A framing error with a readable identifier is
 * answered under it; one without (bytes outside a frame, no identifier) cannot be answered, so the
 * connection stops reading, answers what is in flight, and closes.
 *
 * Backpressure (docs/security.md, Connections and memory): while maxInFlight requests run, or while
 * the unsent answers pass maxUnsentBytes, the next frame waits and the socket is read no further,
 * so a client that pipelines without limit, or never reads, stalls its own connection only. A frame
 * must arrive whole within frameTimeoutMs of its STX (time spent waiting on the service excepted).
 *
 * Every refusal made here (buffer budget spent, unreadable frame or pairs, unknown action) gets its
 * log line; PINGs are counted in the connection's closing line instead.
 */
export class KvConnection {
  readonly #socket: Socket;
  readonly #deps: KvConnectionDeps;
  readonly #limits: KvLimits;
  readonly #input: KvInput;
  /** The peer, and what the connection carried, for its closing line. */
  readonly #origin: KvOrigin;
  readonly #share: BufferShare;
  #inFlight = 0;
  #closing = false;
  /** True from a write past maxUnsentBytes until 'drain'. */
  #draining = false;
  readonly #afterWrite = () => this.#share.setUnsent(this.#socket.writableLength);

  constructor(socket: Socket, deps: KvConnectionDeps) {
    this.#socket = socket;
    this.#deps = deps;
    this.#limits = deps.limits;
    this.#input = new KvInput(deps.limits.maxFrameBytes, deps.limits.frameTimeoutMs, () => {
      deps.logger.debug({ source: this.#origin.source }, 'key/value frame past its deadline');
      this.#close('frame deadline');
    });
    this.#origin = { source: socket.remoteAddress ?? 'unknown', counts: { requests: 0, pings: 0 } };
    this.#share = new BufferShare(deps.budget);
    socket.on('timeout', () => this.#idle());
    socket.setTimeout(deps.limits.idleMs);
    socket.on('data', (chunk: Buffer) => {
      this.#input.add(chunk);
      this.#work();
    });
    socket.on('drain', () => {
      this.#afterWrite();
      this.#draining = false;
      if (this.#input.waiting) this.#work();
    });
    socket.on('end', () => {
      this.#input.end().forEach((event) => this.#handle(event));
      this.#close('client ended');
    });
    socket.on('error', (error) => {
      const source = this.#origin.source;
      deps.logger.debug({ err: error.message, source }, 'key/value socket error');
      socket.destroy();
    });
    socket.once('close', () => {
      this.#input.stopDeadline();
      this.#share.close();
    });
  }

  /**
   * Handles what was read, until everything is handled or the next request must wait; answers
   * given at once to several requests of one read (PINGs, refusals) leave in one write.
   */
  #work(): void {
    const input = this.#input;
    let handled = 0;
    for (let event = input.peek(); event !== undefined; event = input.peek()) {
      if (this.#closing || this.#mustWait(event)) break;
      input.take();
      if (handled === 1) this.#socket.cork();
      this.#handle(event);
      handled += 1;
    }
    if (handled > 1) this.#socket.uncork();
    if (this.#closing) return;
    this.#share.setBuffered(input.bufferedBytes);
    if (input.waiting) {
      this.#socket.pause();
      input.stopDeadline();
    } else {
      this.#socket.resume();
      input.watchDeadline();
    }
  }

  #mustWait(event: KvDecoderEvent): boolean {
    if (this.#draining) return true;
    if (event.type !== 'frame' || this.#inFlight < this.#limits.maxInFlight) return false;
    return !isPing(event.frame.body);
  }

  #handle(event: KvDecoderEvent): void {
    if (this.#closing) return;
    if (event.type === 'frame') this.#accept(event.frame);
    else {
      refusedKv(this.#deps.requests, this.#origin.source, event.error, event.id);
      if (event.id !== undefined) this.#write(event.id, kvDecline(event.error));
      else this.#close('framing error');
    }
  }

  #accept(frame: KvFrame): void {
    if (isPing(frame.body)) {
      this.#origin.counts.pings += 1;
      this.#write(frame.id, PING_REPLY_BODY);
      return;
    }
    this.#origin.counts.requests += 1;
    if (this.#share.exhausted) {
      const { msoft_code: reason = '', verbiage } = SERVICE_BUSY.pairs;
      const { source } = this.#origin;
      this.#deps.requests.refused({
        transport: 'kv',
        source,
        requestId: frame.id,
        reason,
        verbiage,
      });
      this.#write(frame.id, BUSY_BODY);
      return;
    }
    const size = frame.body.length;
    this.#inFlight += 1;
    this.#share.hold(size);
    this.#deps.tracker.begin();
    void this.#serve(frame, size);
  }

  /**
   * Runs a request, writes its answer (SYS_FAILURE's on a fault), then reads on: one promise. A
   * request whose commit's outcome is unknown is not answered: the connection is closed, as by an
   * instance lost mid-request, and its client looks the outcome up.
   */
  async #serve(frame: KvFrame, size: number): Promise<void> {
    let body: string | undefined;
    try {
      const { dispatcher, requests } = this.#deps;
      body = await runKvRequest(frame, dispatcher, requests, this.#origin);
    } catch (error) {
      if (error instanceof CommitOutcomeUnknown) this.#socket.destroy();
      else {
        const source = this.#origin.source;
        this.#deps.logger.error({ err: error, source }, 'key/value request failed');
        body = FAULT_BODY;
      }
    }
    if (body !== undefined) this.#write(frame.id, body);
    this.#inFlight -= 1;
    this.#share.release(size);
    this.#deps.tracker.end();
    if (this.#closing) {
      if (this.#inFlight === 0) this.#finish();
    } else if (this.#input.waiting) this.#work();
    else if (this.#deps.tracker.draining) this.closeIfIdle();
  }

  #write(id: string, body: string): void {
    const socket = this.#socket;
    if (!socket.writable) return;
    socket.write(encodeFrame(id, body), this.#afterWrite);
    const unsent = socket.writableLength;
    this.#share.setUnsent(unsent);
    if (unsent >= this.#limits.maxUnsentBytes && socket.writableNeedDrain) this.#draining = true;
  }

  /**
   * Closes the connection when nothing is in flight and nothing read waits, as the service drains
   * (docs/scaling.md › A rolling upgrade); otherwise it closes after the answer that leaves it so.
   */
  closeIfIdle(): void {
    if (this.#inFlight === 0 && !this.#input.waiting && !this.#input.inFrame) {
      this.#close('draining');
    }
  }

  /** Socket silent for idleMs: a stalled or closing connection is cut; an idle one is closed. */
  #idle(): void {
    if (this.#closing || this.#draining) this.#socket.destroy();
    else if (this.#inFlight === 0) this.#close('idle');
  }

  #close(reason: string): void {
    if (this.#closing) return;
    this.#closing = true;
    this.#input.stopDeadline();
    this.#socket.pause();
    this.#deps.logger.debug(
      { source: this.#origin.source, reason, ...this.#origin.counts },
      'key/value connection closing',
    );
    if (this.#inFlight === 0) this.#finish();
  }

  /** Sends what is written, then closes the socket without waiting for the client to. */
  #finish(): void {
    this.#socket.end(() => this.#socket.destroy());
  }
}
