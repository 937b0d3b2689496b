import {
  POS_ENTRY,
  PROFILE_TAGS,
  TlvError,
  type BinIssuerKeys,
  type TlvNode,
  encodeTlv,
  loadIssuerKeys,
  tdesCbcEncrypt,
  zeroPad,
} from '../crypto/index.ts';
import { delay } from '../call-options.ts';
import {
  NGA,
  NGA_STATUS,
  type NgaFrame,
  NgaFrameParser,
  encodeNgaFrame,
} from '../emv/nga-frame.ts';
import type { Transport } from '../transport/transport.ts';
import type { TestCard } from './card-catalogue.ts';
import { DeviceSimulator, type SimulatorOptions } from './device-simulator.ts';
import {
  type PendingChipTransaction,
  pendingChipTransaction,
  secondGenerateAc,
} from './emv-card-completion.ts';
import { SimulatedChips, chipRead } from './chip-reads.ts';
import { type KeyInjection, SimulatedKeys, isKeyExhausted } from './simulated-keys.ts';
import {
  IDTECH_FACTORY_MASKING,
  type TrackMasking,
  checkedMasking,
  maskTrack,
} from './track-masking.ts';

/** A card wait (Activate Transaction) in progress: the card it is given, and its end. */
interface CardWait {
  resolve: (card: [TestCard, Presentation]) => void;
  abort: AbortController;
}

/** How the simulated customer presents the card. */
export type Presentation = 'contact' | 'contactless' | 'fallback-swipe';

/** Options of the EMV reader simulator. */
export interface NgaSimulatorOptions extends SimulatorOptions {
  keys?: KeyInjection;
  /** Masking of a fallback swipe's masked tracks; default ID TECH factory masking. */
  masking?: Partial<TrackMasking>;
  /** The issuer master keys the chips of their BINs carry; default resources/issuer-keys.json. */
  issuerKeys?: readonly BinIssuerKeys[];
}

const tlv = (tag: string, value: Buffer | string): TlvNode => ({
  tag,
  value: typeof value === 'string' ? Buffer.from(value, 'hex') : value,
});

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
 */
export class NgaReaderSimulator extends DeviceSimulator {
  readonly keys: SimulatedKeys;
  readonly #parser = new NgaFrameParser('command');
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
    else waiting.resolve([card, how]);
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
    for (const frame of this.#parser.push(chunk)) {
      if (!frame.crcOk)
        void this.#answer({
          command: frame.command,
          code: NGA_STATUS.crcError,
          data: Buffer.alloc(0),
        });
      else if (frame.command === NGA.ping[0])
        void this.#answer({ command: NGA.ping[0], code: NGA_STATUS.ok, data: Buffer.alloc(0) });
      else if (frame.command === NGA.cancel[0]) {
        // Ended at once, so an Activate right behind the cancel starts a new wait.
        const waiting = this.#waiting;
        this.#waiting = undefined;
        waiting?.abort.abort();
        void this.#answer({ command: NGA.cancel[0], code: NGA_STATUS.ok, data: Buffer.alloc(0) });
      } else if (frame.command === NGA.activate[0]) void this.#activate(frame.data);
      else if (frame.command === NGA.complete[0] && frame.code === NGA.complete[1])
        void this.#complete(frame.data);
      else
        void this.#answer({
          command: frame.command,
          code: NGA_STATUS.unknownCommand,
          data: Buffer.alloc(0),
        });
    }
  }

  async #activate(request: Buffer): Promise<void> {
    const answer = (code: number, data: Buffer = Buffer.alloc(0)): Promise<void> =>
      this.#answer({ command: NGA.activate[0], code, data });
    if (this.#waiting !== undefined) return answer(NGA_STATUS.notAllowed);
    this.#pending = undefined;
    this.activations += 1;
    const timeoutS = request[0] ?? 30;
    const amount = request.subarray(4, 10).toString('hex');
    const abort = new AbortController();
    let mine: CardWait | undefined;
    const card = new Promise<[TestCard, Presentation]>((resolve) => {
      mine = { resolve, abort };
      this.#waiting = mine;
      if (this.#presented !== undefined) resolve(this.#presented);
      this.#presented = undefined;
    });
    const timer = delay(timeoutS * 1000, abort.signal).then(() => undefined);
    const got = await Promise.race([card, timer]).catch(() => 'cancelled' as const);
    abort.abort();
    if (this.#waiting === mine) this.#waiting = undefined;
    if (got === 'cancelled') return;
    if (got === undefined) return answer(NGA_STATUS.timeout);
    if (this.cardReadFails || this.faults.fire('chip-unreadable')) {
      this.cardReadFails = false;
      return answer(NGA_STATUS.failed, Buffer.of(0x01));
    }
    if (this.faults.fire('exhausted')) this.keys.exhaust();
    try {
      return await answer(NGA_STATUS.ok, this.#cardData(got[0], got[1], amount));
    } catch (error) {
      if (!isKeyExhausted(error)) throw error;
      return answer(NGA_STATUS.failed, Buffer.of(0x02));
    }
  }

  #cardData(card: TestCard, how: Presentation, amount: string): Buffer {
    const { ksn, keys } = this.keys.next();
    const encrypt = (data: Buffer): Buffer =>
      tdesCbcEncrypt(keys['data-request'], zeroPad(data, 8));
    if (how === 'fallback-swipe' || card.emv === null) {
      return encodeTlv([
        tlv('9F39', Buffer.of(POS_ENTRY.fallback)),
        tlv(PROFILE_TAGS.fallbackTrack, encrypt(Buffer.from(card.track2, 'latin1'))),
        tlv(PROFILE_TAGS.maskedTrack2, Buffer.from(maskTrack(card.track2, this.masking), 'latin1')),
        tlv(PROFILE_TAGS.maskedTrack1, Buffer.from(maskTrack(card.track1, this.masking), 'latin1')),
        tlv(PROFILE_TAGS.ksn, ksn),
      ]);
    }
    const chip = this.#chips.chipOf(card, card.emv.panSequence);
    const { nodes, transaction } = chipRead(
      { ...card, emv: card.emv },
      how === 'contactless',
      chip,
      amount,
      { ksn, encrypt },
      this.faults.fire('bad-arqc'),
    );
    if (how === 'contact' && card.emv.firstAc !== 'TC')
      this.#pending = pendingChipTransaction(chip, transaction, nodes);
    return encodeTlv(nodes);
  }

  /**
   * Apply Host Response: the card's second GENERATE AC on the issuer's response data, TC or AAC
   * (AAC also when the card-decline fault fires). Not allowed (0B) without a contact read waiting
   * for it; bad TLV is a bad parameter (05); failed (0A) when the card-removed fault fires.
   */
  async #complete(hostData: Buffer): Promise<void> {
    const answer = (code: number, data: Buffer = Buffer.alloc(0)): Promise<void> =>
      this.#answer({ command: NGA.complete[0], code, data });
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

  async #answer(frame: NgaFrame): Promise<void> {
    const bytes = encodeNgaFrame('response', frame);
    const crcAt = bytes.length - 1;
    if (this.faults.fire('bad-checksum')) bytes[crcAt] = (bytes[crcAt] ?? 0) ^ 0xff;
    await this.send(bytes).catch(() => undefined);
  }
}
