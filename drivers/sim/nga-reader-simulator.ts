import { TlvError, type BinIssuerKeys, loadIssuerKeys } from '../crypto/index.ts';
import { delay } from '../call-options.ts';
import {
  NGA,
  NGA_STATUS,
  type NgaReceived,
  NgaFrameParser,
  encodeNgaFrame,
} from '../emv/nga-frame.ts';
import type { Transport } from '../transport/transport.ts';
import type { TestCard } from './card-catalogue.ts';
import { DeviceSimulator, type SimulatorOptions } from './device-simulator.ts';
import { type PendingChipTransaction, secondGenerateAc } from './emv-card-completion.ts';
import { SimulatedChips } from './chip-reads.ts';
import { type Presentation, ngaCardData } from './nga-card-data.ts';
import { type KeyInjection, SimulatedKeys, isKeyExhausted } from './simulated-keys.ts';
import { IDTECH_FACTORY_MASKING, type TrackMasking, checkedMasking } from './track-masking.ts';

/** A card wait (Activate Transaction) in progress: the card it is given, and its end. */
interface CardWait {
  resolve: (card: [TestCard, Presentation]) => void;
  abort: AbortController;
  /** Amount of the transaction (9F02, n12 as hex). */
  amount: string;
  /** A card read whose answer a timing fault holds back until the cancel comes. */
  held?: [TestCard, Presentation];
}

/** Milliseconds between the cancel's answer and the cancelled read's (late-activate-answer). */
export const LATE_ACTIVATE_ANSWER_MS = 150;

export type { Presentation } from './nga-card-data.ts';

/** Options of the EMV reader simulator. */
export interface NgaSimulatorOptions extends SimulatorOptions {
  keys?: KeyInjection;
  /** Masking of a fallback swipe's masked tracks; default ID TECH factory masking. */
  masking?: Partial<TrackMasking>;
  /** The issuer master keys the chips of their BINs carry; default resources/issuer-keys.json. */
  issuerKeys?: readonly BinIssuerKeys[];
}

/**
 * An EMV reader speaking NGA protocol 2 (ID TECH NEO 2 style): ping, Activate Transaction,
 * cancel, and Apply Host Response after a contact read (the card's second GENERATE AC: TC, or AAC
 * on a host decline or when the card-decline fault fires); any other command is answered "unknown
 * command" (status 02), a bad CRC status 04. A presented card is answered with TLV whose PAN,
 * track 2 equivalent and name are encrypted TDES-CBC under the DUKPT data variant (DFEE13, KSN in
 * DFEE12), with a masked PAN (DFEE14) and the tags a receipt needs; a fallback swipe answers with
 * an encrypted track 2. Each catalogue card has a chip (SimulatedChip) with the issuer
 * keys of its BIN (resources/issuer-keys.json; a BIN without them gets keys of an issuer the
 * service does not know): it answers a real ARQC, checks the issuer's ARPC and script MACs, and
 * sets its CVR as the reader sets TVR and TSI. A card whose catalogue entry says `firstAc: TC`
 * approves offline at its first GENERATE AC and waits for no host response. Faults: bad-arqc (a cryptogram the card's issuer
 * keys do not give), bad-arpc (the issuer data altered on its way to the card), card-decline.
 * It takes one command at a time, in order; while an Activate waits for a card any other
 * command but a cancel is taken as a cancel, answered by the Activate failed 0A 03 (NEO 2
 * Interface Developer's Guide §8.5.1). Timing faults hold a presented card's answer until the
 * cancel: late-activate-answer answers the cancel, then the read; cancel-too-late answers the
 * read instead of the cancel (§8.5.6, §8.6.1); no-answer drops the next answer.
 */
export class NgaReaderSimulator extends DeviceSimulator {
  readonly keys: SimulatedKeys;
  readonly #parser = new NgaFrameParser('command');
  /** Settles when the reader takes its next command: after the answer it is busy with. */
  #ready: Promise<void> = Promise.resolve();
  #waiting: CardWait | undefined;
  #presented: [TestCard, Presentation] | undefined;
  /** The contact read that went online and waits for the host response (60-12). */
  #pending: PendingChipTransaction | undefined;
  /** The chip of each catalogue card presented, with the issuer keys of its BIN. */
  readonly #chips: SimulatedChips;
  /** When set, the next card presented fails to read (0A 01). */
  cardReadFails = false;
  /** Card waits (Activate Transaction) started so far: a test knows a new wait from an old one. */
  activations = 0;

  readonly masking: TrackMasking;

  constructor(transport: Transport, options: NgaSimulatorOptions = {}) {
    super(transport, options);
    this.keys = new SimulatedKeys(options.keys);
    this.masking = checkedMasking({ ...IDTECH_FACTORY_MASKING, ...options.masking });
    this.#chips = new SimulatedChips(options.issuerKeys ?? loadIssuerKeys());
  }

  /** The customer inserts, taps or swipes `card`; kept until a transaction asks for it. */
  present(card: TestCard, how: Presentation): void {
    const waiting = this.#waiting;
    if (waiting === undefined) this.#presented = [card, how];
    else this.#give(waiting, [card, how]);
  }

  /** Hands a card to a wait; a timing fault armed holds its answer back for the cancel at once. */
  #give(waiting: CardWait, card: [TestCard, Presentation]): void {
    if (this.faults.armed('late-activate-answer') || this.faults.armed('cancel-too-late'))
      waiting.held = card;
    waiting.resolve(card);
  }

  /** True while a contact read that went online waits for its host response (60-12). */
  get awaitingHostResponse(): boolean {
    return this.#pending !== undefined;
  }

  /** True while a transaction waits for a card. */
  get activated(): boolean {
    return this.#waiting !== undefined;
  }

  protected onBytes(chunk: Buffer): void {
    for (const frame of this.#parser.push(chunk))
      this.#ready = this.#ready.then(() => this.#take(frame)).catch(() => undefined);
  }

  /** Handles one command; a promise returned keeps the reader busy until it settles. */
  #take(frame: NgaReceived): Promise<void> | undefined {
    const reply = (code: number): Promise<void> => this.#reply(frame.command, code);
    if (!frame.crcOk) void reply(NGA_STATUS.crcError);
    else if (frame.command === NGA.cancel[0]) return this.#cancel();
    else if (frame.command === NGA.activate[0]) void this.#activate(frame.data);
    else if (this.#waiting !== undefined) {
      // Anything but a cancel or stop during an Activate is taken as a cancel (§8.5.1).
      this.#endWait();
      void this.#reply(NGA.activate[0], NGA_STATUS.failed, Buffer.of(0x03));
    } else if (frame.command === NGA.ping[0]) void reply(NGA_STATUS.ok);
    else if (frame.command === NGA.complete[0] && frame.code === NGA.complete[1])
      void this.#complete(frame.data);
    else void reply(NGA_STATUS.unknownCommand);
    return undefined;
  }

  /** Ends the card wait in progress, if any, and gives back the card it held. */
  #endWait(): CardWait | undefined {
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.abort.abort();
    return waiting;
  }

  /** Cancel (05-01): ended at once, so an Activate right behind it starts a new wait. */
  #cancel(): Promise<void> | undefined {
    const waiting = this.#endWait();
    const held = waiting?.held;
    if (held !== undefined && this.faults.fire('cancel-too-late'))
      return this.#readAnswer(held, waiting?.amount ?? '');
    void this.#reply(NGA.cancel[0], NGA_STATUS.ok);
    if (held !== undefined && this.faults.fire('late-activate-answer'))
      return delay(LATE_ACTIVATE_ANSWER_MS).then(() =>
        this.#readAnswer(held, waiting?.amount ?? ''),
      );
    return undefined;
  }

  async #activate(request: Buffer): Promise<void> {
    if (this.#waiting !== undefined) return this.#reply(NGA.activate[0], NGA_STATUS.notAllowed);
    this.#pending = undefined;
    this.activations += 1;
    const timeoutS = request[0] ?? 30;
    const abort = new AbortController();
    let mine: CardWait | undefined;
    const card = new Promise<[TestCard, Presentation]>((resolve) => {
      mine = { resolve, abort, amount: request.subarray(4, 10).toString('hex') };
      this.#waiting = mine;
      if (this.#presented !== undefined) this.#give(mine, this.#presented);
      this.#presented = undefined;
    });
    const timer = delay(timeoutS * 1000, abort.signal).then(() => undefined);
    let got = await Promise.race([card, timer]).catch(() => 'cancelled' as const);
    if (got !== 'cancelled' && mine?.held !== undefined) {
      // The card is read, but its answer waits for the cancel the timing fault is about.
      got = await timer.then(() => mine?.held).catch(() => 'cancelled' as const);
    }
    abort.abort();
    if (this.#waiting === mine) this.#waiting = undefined;
    if (got === 'cancelled') return;
    if (got === undefined) return this.#reply(NGA.activate[0], NGA_STATUS.timeout);
    return this.#readAnswer(got, mine?.amount ?? '');
  }

  /** The Activate's answer to a card read: its data, or why it failed (0A 01, 0A 02). */
  async #readAnswer([card, how]: [TestCard, Presentation], amount: string): Promise<void> {
    const answer = (code: number, data?: Buffer): Promise<void> =>
      this.#reply(NGA.activate[0], code, data);
    if (this.cardReadFails || this.faults.fire('chip-unreadable')) {
      this.cardReadFails = false;
      return answer(NGA_STATUS.failed, Buffer.of(0x01));
    }
    if (this.faults.fire('exhausted')) this.keys.exhaust();
    try {
      const read = ngaCardData(card, how, amount, {
        keys: this.keys,
        masking: this.masking,
        chips: this.#chips,
        badArqc: this.faults.fire('bad-arqc'),
      });
      if (read.pending !== undefined) this.#pending = read.pending;
      return await answer(NGA_STATUS.ok, read.data);
    } catch (error) {
      if (!isKeyExhausted(error)) throw error;
      return answer(NGA_STATUS.failed, Buffer.of(0x02));
    }
  }

  /**
   * Apply Host Response: the card's second GENERATE AC on the issuer's response data, TC or AAC
   * (AAC also when the card-decline fault fires). Not allowed (0B) without a contact read waiting
   * for it; bad TLV is a bad parameter (05); failed (0A) when the card-removed fault fires.
   */
  async #complete(hostData: Buffer): Promise<void> {
    const answer = (code: number, data?: Buffer): Promise<void> =>
      this.#reply(NGA.complete[0], code, data);
    const pending = this.#pending;
    if (pending === undefined) return answer(NGA_STATUS.notAllowed);
    if (this.faults.fire('card-removed')) {
      this.#pending = undefined;
      return answer(NGA_STATUS.failed);
    }
    let data: Buffer;
    try {
      data = secondGenerateAc(pending, hostData, {
        cardDeclines: this.faults.fire('card-decline'),
        arpcAltered: this.faults.fire('bad-arpc'),
      });
    } catch (error) {
      if (!(error instanceof TlvError)) throw error;
      return answer(NGA_STATUS.badParameter);
    }
    this.#pending = undefined;
    return answer(NGA_STATUS.ok, data);
  }

  /** Sends an answer through the armed faults (no-answer drops it, bad-checksum spoils its CRC). */
  async #reply(command: number, code: number, data: Buffer = Buffer.alloc(0)): Promise<void> {
    if (this.faults.fire('no-answer')) return;
    const bytes = encodeNgaFrame('response', { command, code, data });
    const crcAt = bytes.length - 1;
    if (this.faults.fire('bad-checksum')) bytes[crcAt] = (bytes[crcAt] ?? 0) ^ 0xff;
    await this.send(bytes).catch(() => undefined);
  }
}
