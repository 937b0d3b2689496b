import { randomBytes } from 'node:crypto';
import {
  EmvCardKeys,
  POS_ENTRY,
  PROFILE_TAGS,
  TlvError,
  type BinIssuerKeys,
  type IssuerMasterKeys,
  type TlvNode,
  cryptogramVersion,
  encodeTlv,
  issuerKeysFor,
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
import { SimulatedChip } from './simulated-chip.ts';
import { type KeyInjection, SimulatedKeys, isKeyExhausted } from './simulated-keys.ts';
import {
  IDTECH_FACTORY_MASKING,
  type TrackMasking,
  checkedMasking,
  maskTrack,
} from './track-masking.ts';

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
const hex = (text: string): Buffer => Buffer.from(text, 'hex');
const bcd = (digits: string): string => (digits.length % 2 === 0 ? digits : `${digits}F`);

/**
 * Application interchange profile (82, EMV 4.4 Book 3 Annex C1): cardholder verification, terminal
 * risk management and CDA supported (19 80), and for a card that takes its ARPC by EXTERNAL
 * AUTHENTICATE (Visa CVN 10, ARPC method 1) issuer authentication supported (1D 80).
 */
const AIP = { cdol2: hex('1980'), externalAuthenticate: hex('1D80') } as const;

/** The terminal's data of the first GENERATE AC: amounts, US country and dollars, TVR, date, UN. */
function terminalData(amount: string): Map<string, Buffer> {
  return new Map([
    ['9F02', hex(amount)],
    ['9F03', hex('000000000000')],
    ['9F1A', hex('0840')],
    ['95', hex('0000008000')],
    ['5F2A', hex('0840')],
    ['9A', hex(new Date().toISOString().slice(2, 10).replace(/-/g, ''))],
    ['9C', hex('00')],
    ['9F37', randomBytes(4)],
  ]);
}
const maskedPan = (pan: string): string =>
  `${pan.slice(0, 6)}${'*'.repeat(pan.length - 10)}${pan.slice(-4)}`;

/** Last day of the card's expiry month as EMV 5F24 YYMMDD. */
function expiryDate(yymm: string): string {
  const lastDay = new Date(
    Date.UTC(2000 + Number(yymm.slice(0, 2)), Number(yymm.slice(2)), 0),
  ).getUTCDate();
  return `${yymm}${String(lastDay).padStart(2, '0')}`;
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
 * sets its CVR as the reader sets TVR and TSI. Faults: bad-arqc (a cryptogram the card's issuer
 * keys do not give), bad-arpc (the issuer data altered on its way to the card), card-decline.
 */
export class NgaReaderSimulator extends DeviceSimulator {
  readonly keys: SimulatedKeys;
  readonly #parser = new NgaFrameParser('command');
  #waiting:
    { resolve: (card: [TestCard, Presentation]) => void; abort: AbortController } | undefined;
  #presented: [TestCard, Presentation] | undefined;
  /** The contact read that went online and waits for the host response (60-12). */
  #pending: PendingChipTransaction | undefined;
  /** Each catalogue card's chip, by card id, keeping its own transaction counter. */
  readonly #chips = new Map<string, SimulatedChip>();
  readonly #issuerKeys: readonly BinIssuerKeys[];
  /** Keys of the chips whose BIN has no issuer keys: Visa CVN 18 cards of an issuer here unknown. */
  readonly #unknownIssuer: IssuerMasterKeys = {
    version: cryptogramVersion('visa', 18),
    imkAc: randomBytes(16),
    imkSmi: randomBytes(16),
    imkSmc: randomBytes(16),
  };
  /** When set, the next card presented fails to read (0A 01). */
  cardReadFails = false;

  readonly masking: TrackMasking;

  constructor(transport: Transport, options: NgaSimulatorOptions = {}) {
    super(transport, options);
    this.keys = new SimulatedKeys(options.keys);
    this.masking = checkedMasking({ ...IDTECH_FACTORY_MASKING, ...options.masking });
    this.#issuerKeys = options.issuerKeys ?? loadIssuerKeys();
  }

  /** The chip of `card`, made at its first insert or tap with the keys of its BIN. */
  #chip(card: TestCard, psn: string): SimulatedChip {
    let chip = this.#chips.get(card.id);
    if (chip === undefined) {
      const issuer = issuerKeysFor(this.#issuerKeys, card.pan) ?? this.#unknownIssuer;
      chip = new SimulatedChip(new EmvCardKeys(issuer, card.pan, psn), psn);
      this.#chips.set(card.id, chip);
    }
    return chip;
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
        this.#waiting?.abort.abort();
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
    const timeoutS = request[0] ?? 30;
    const amount = request.subarray(4, 10).toString('hex');
    const abort = new AbortController();
    const card = new Promise<[TestCard, Presentation]>((resolve) => {
      this.#waiting = { resolve, abort };
      if (this.#presented !== undefined) resolve(this.#presented);
      this.#presented = undefined;
    });
    const timer = delay(timeoutS * 1000, abort.signal).then(() => undefined);
    const got = await Promise.race([card, timer]).catch(() => 'cancelled' as const);
    abort.abort();
    this.#waiting = undefined;
    if (got === 'cancelled') return;
    if (got === undefined) return answer(NGA_STATUS.timeout);
    if (this.cardReadFails) {
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
    const sensitive = encodeTlv([
      tlv('5A', bcd(card.pan)),
      tlv('57', bcd(`${card.pan}D${card.expiry}${card.serviceCode}1000000`)),
      tlv('5F20', Buffer.from(card.cardholderName.padEnd(26, ' '), 'latin1')),
    ]);
    const contactless = how === 'contactless';
    const chip = this.#chip(card, card.emv.panSequence);
    const version = chip.keys.version;
    const aip =
      version.scheme === 'visa' && version.arpcMethod === 1 ? AIP.externalAuthenticate : AIP.cdol2;
    const terminal = terminalData(amount);
    const { transaction, answer } = chip.firstGenerateAc(
      terminal,
      aip,
      this.faults.fire('bad-arqc'),
    );
    const nodes = [
      tlv('4F', card.emv.aid),
      tlv('50', Buffer.from(card.emv.label, 'latin1')),
      tlv('5F24', expiryDate(card.expiry)),
      tlv('5F34', card.emv.panSequence),
      tlv('82', aip),
      tlv('84', card.emv.aid),
      ...[...terminal].map(([tag, value]) => tlv(tag, value)),
      tlv('9B', 'E800'),
      tlv('9F10', answer.iad),
      tlv('9F26', answer.cryptogram),
      tlv('9F27', Buffer.of(answer.cid)),
      tlv('9F33', 'E0F8C8'),
      tlv('9F34', contactless ? '1F0302' : '420300'),
      tlv('9F35', '22'),
      tlv('9F36', transaction.tags.get('9F36') ?? Buffer.alloc(2)),
      tlv('9F39', Buffer.of(contactless ? POS_ENTRY.contactless : POS_ENTRY.contact)),
      ...(contactless ? [tlv('9F6E', '20700000')] : []),
      tlv(PROFILE_TAGS.ksn, ksn),
      tlv(PROFILE_TAGS.encryptedTags, encrypt(sensitive)),
      tlv(PROFILE_TAGS.maskedPan, Buffer.from(maskedPan(card.pan), 'latin1')),
    ];
    if (how === 'contact') this.#pending = pendingChipTransaction(chip, transaction, nodes);
    return encodeTlv(nodes);
  }

  /**
   * Apply Host Response: the card's second GENERATE AC on the issuer's response data, TC or AAC
   * (AAC also when the card-decline fault fires). Not allowed (0B) without a contact read waiting
   * for it; bad TLV is a bad parameter (05).
   */
  async #complete(hostData: Buffer): Promise<void> {
    const answer = (code: number, data: Buffer = Buffer.alloc(0)): Promise<void> =>
      this.#answer({ command: NGA.complete[0], code, data });
    const pending = this.#pending;
    if (pending === undefined) return answer(NGA_STATUS.notAllowed);
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
