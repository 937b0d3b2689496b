import { abortReason, withDeadline } from '../call-options.ts';
import { DeviceError } from '../device-error.ts';
import { FrameInbox } from '../transport/frame-inbox.ts';
import type { Transport } from '../transport/transport.ts';
import { NGA, type NgaReceived, NgaFrameParser, encodeNgaFrame } from './nga-frame.ts';
import { SilenceWatch } from './silence-watch.ts';

/** A link lost under a call: the link's own failure, never a reason to fence it. */
const lostLink = (error: unknown): boolean =>
  error instanceof DeviceError && error.code === 'DISCONNECTED';

/** How long a call may go without a byte from the reader, and the failure it ends with then. */
export interface SilenceLimit {
  /** Milliseconds without any byte from the reader. */
  ms: number;
  reason: DeviceError;
}

/**
 * The host's end of an NGA protocol 2 link (docs/devices.md, EMV reader): one command at a time,
 * its answer the next frame of its command byte, since protocol 2 has no sequence numbers. A call
 * that ends without its own answer (deadline, cancel, the caller's signal, a bad CRC) is followed
 * by a fence before anything else is sent: a cancel (05-01) while an Activate may still run,
 * answered by the cancel or by the Activate (NEO 2 Interface Developer's Guide §8.5.6, §8.6.1),
 * then pings (18-01) until a ping is answered, every frame before it discarded; a ping met first
 * by an Activate's answer, or by a cancel's while the Activate has not answered, may have been
 * taken as a cancel (§8.5.1) and is sent again. The reader answers in order, so after the ping's
 * answer nothing of the old call can come.
 * A fence without an answer within `deadlineMs` leaves the link out of step: the next call fences
 * first and, failing, rejects DISCONNECTED (field reader) without sending its command.
 * A call given a silence limit ends with the limit's failure, fenced, once the reader has sent no
 * byte for that long.
 */
export class NgaLink {
  readonly #transport: Transport;
  readonly #deadlineMs: number;
  readonly #parser = new NgaFrameParser('response');
  readonly #answers = new FrameInbox<NgaReceived>(8);
  /** True from sending an Activate until its answer comes (a cancel's answer may come first). */
  #activateMayRun = false;
  #outOfStep = false;
  /** The silence limit of the call in progress, told of every byte the reader sends. */
  #watch: SilenceWatch | undefined;

  /** `deadlineMs`: how long a fence may wait for its answers. */
  constructor(transport: Transport, deadlineMs: number) {
    this.#transport = transport;
    this.#deadlineMs = deadlineMs;
    transport.on('data', (chunk) => {
      this.#watch?.heard();
      for (const frame of this.#parser.push(chunk)) this.#answers.push(frame);
    });
    transport.on('disconnect', (cause) => {
      this.#parser.reset();
      this.#answers.fail(
        new DeviceError('DISCONNECTED', `${transport.name}: reader disconnected`, { cause }),
      );
    });
  }

  /** A fresh link (open()): in step, nothing kept. */
  reset(): void {
    this.#answers.reset();
    this.#activateMayRun = false;
    this.#outOfStep = false;
  }

  /**
   * Sends `command` and resolves with its answer; fences the link when the call ends without it.
   * With `silence`, a reader that sends no byte for `silence.ms` ends the call with its reason.
   */
  async call(
    command: readonly [number, number],
    data: Buffer,
    signal: AbortSignal,
    silence?: SilenceLimit,
  ): Promise<NgaReceived> {
    if (this.#outOfStep) await this.#fenceFirst(signal);
    const watch = silence && new SilenceWatch(silence.ms, silence.reason);
    this.#watch = watch;
    try {
      return await this.#exchange(
        command,
        data,
        watch === undefined ? signal : AbortSignal.any([signal, watch.signal]),
      );
    } catch (error) {
      // A lost link is fenced before the next call, when it is back.
      if (lostLink(error) || !this.#transport.isOpen) this.#outOfStep = true;
      else await this.#fence();
      throw error;
    } finally {
      watch?.stop();
      this.#watch = undefined;
    }
  }

  /**
   * The fence, under its own deadline only: once started it runs to its end, so a cancel it sent
   * is always waited for (§8.5.6). False, and the link out of step, when no ping was answered.
   */
  async #fence(): Promise<boolean> {
    try {
      await withDeadline('emv reader fence', {}, this.#deadlineMs, (signal) =>
        this.#resynchronise(signal),
      );
      return true;
    } catch {
      this.#outOfStep = true;
      return false;
    }
  }

  /** The fence before a call on a link out of step: DISCONNECTED (field reader) when it fails. */
  async #fenceFirst(signal: AbortSignal): Promise<void> {
    const inStep = await this.#fence();
    if (signal.aborted) throw abortReason(signal);
    if (!inStep)
      throw new DeviceError(
        'DISCONNECTED',
        'emv reader: out of step, it does not answer the ping that puts the link back in step',
        { field: 'reader' },
      );
  }

  async #resynchronise(signal: AbortSignal): Promise<void> {
    this.#answers.reset();
    if (this.#activateMayRun) {
      await this.#write(NGA.cancel, Buffer.alloc(0));
      await this.#take(signal, [NGA.cancel[0], NGA.activate[0]]);
    }
    for (let ping = true; ;) {
      if (ping) await this.#write(NGA.ping, Buffer.alloc(0));
      const answer = await this.#take(signal, [NGA.ping[0], NGA.activate[0], NGA.cancel[0]]);
      if (answer.command === NGA.ping[0]) break;
      // The ping may have been taken as a cancel (§8.5.1), unless the Activate had already ended.
      ping = answer.command === NGA.activate[0] || this.#activateMayRun;
    }
    this.#outOfStep = false;
  }

  async #exchange(
    command: readonly [number, number],
    data: Buffer,
    signal: AbortSignal,
  ): Promise<NgaReceived> {
    if (this.#transport.isOpen) this.#answers.reset();
    await this.#write(command, data);
    const answer = await this.#take(signal, [command[0]], true);
    if (!answer.crcOk)
      throw new DeviceError('CHECKSUM', 'emv reader: answer with a bad CRC', { field: 'crc' });
    return answer;
  }

  async #write(command: readonly [number, number], data: Buffer): Promise<void> {
    if (command[0] === NGA.activate[0]) this.#activateMayRun = true;
    await this.#transport.write(
      encodeNgaFrame('command', { command: command[0], code: command[1], data }),
    );
  }

  /** The next frame of one of `commands`, others discarded; a bad CRC ends the wait if `badCrcEnds`. */
  async #take(signal: AbortSignal, commands: number[], badCrcEnds = false): Promise<NgaReceived> {
    for (;;) {
      const frame = await this.#answers.take(signal);
      if (!frame.crcOk) {
        if (badCrcEnds) return frame;
        continue;
      }
      if (frame.command === NGA.activate[0]) this.#activateMayRun = false;
      if (commands.includes(frame.command)) return frame;
    }
  }
}
