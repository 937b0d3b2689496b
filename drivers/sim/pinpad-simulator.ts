import { delay } from '../call-options.ts';
import { DeviceError } from '../device-error.ts';
import {
  type KeyedCardRequest,
  encodeKeyedCardResponse,
  parseKeyedCardRequest,
} from '../pinpad/keyed-card-messages.ts';
import {
  type PinPadStatus,
  type PinRequest,
  encodePinResponse,
  encodePinPadStatus,
  parsePinRequest,
} from '../pinpad/pinpad-messages.ts';
import { encodeStxFrame } from '../pinpad/stx-frame.ts';
import { StxLink } from '../pinpad/stx-link.ts';
import type { Transport } from '../transport/transport.ts';
import type { TestCard } from './card-catalogue.ts';
import { DeviceSimulator, type SimulatorOptions } from './device-simulator.ts';
import type { FaultPlan } from './fault-plan.ts';
import { garbageBytes } from './fault-plan.ts';
import { PinPadEncryption } from './pinpad-encryption.ts';
import { type KeyInjection, SimulatedKeys } from './simulated-keys.ts';

/** Options of the PIN pad simulator. */
export interface PinPadSimulatorOptions extends SimulatorOptions {
  keys?: KeyInjection;
  /** Cards whose PIN the simulated cardholder knows (by PAN); others type `defaultPin`. */
  cards?: readonly TestCard[];
  /** PIN typed for a PAN not in `cards`; default "1234". */
  defaultPin?: string;
  /** Milliseconds the cardholder takes to type; default 200. */
  typingMs?: number;
  serial?: string;
}

/** The pad's side of the link, losing frames and corrupting LRCs as the fault plan says. */
class FaultyStxLink extends StxLink {
  readonly #faults: FaultPlan;

  constructor(transport: Transport, faults: FaultPlan) {
    super(transport);
    this.#faults = faults;
  }

  protected override encode(payload: Buffer): Buffer {
    const frame = encodeStxFrame(payload);
    const lrcAt = frame.length - 1;
    if (this.#faults.fire('bad-checksum')) frame[lrcAt] = (frame[lrcAt] ?? 0) ^ 0x21;
    return this.#faults.fire('garbage') ? Buffer.concat([garbageBytes(), frame]) : frame;
  }

  protected override accept(): boolean {
    return !this.#faults.fire('missing-ack');
  }
}

/**
 * A DUKPT PIN pad: answers 70 with the PIN block of the cardholder's PIN (ISO format 0 with the
 * PAN, format 1 when the PAN field is empty), encrypted under the PIN variant of its next DUKPT
 * key, and the KSN (71); answers 74 with the card the cardholder keys (keyedCard, else the card
 * in hand), its number encrypted under the data variant of its next DUKPT key (75); answers a
 * malformed 70 or 74 with its error (2 for the PAN field, 5 for the rest); honours 72 during
 * entry; shows Z2 text; answers S0. Faults: bad LRC, lost frames (no ACK), slow answers, noise,
 * an answer cut off by an unplug, DUKPT exhaustion (error 6). The clear PAN and PIN exist only
 * here.
 */
export class PinPadSimulator extends DeviceSimulator {
  readonly keys: SimulatedKeys;
  /** What the display shows now. */
  display = '';
  /** When set, the cardholder presses Cancel instead of typing (71 error 3). */
  cardholderCancels = false;
  /** The card the cardholder at the pad holds: a PAN-less request is answered with its PIN. */
  cardInHand: TestCard | undefined;
  /** The PIN the cardholder types (e.g. a wrong one); default the card's own PIN. */
  typedPin: string | undefined;
  /** The card the cardholder keys on the pad when asked (74); default the card in hand. */
  keyedCard: TestCard | undefined;
  /** The security code keyed when the pad asks for one; default the card's good CV. */
  keyedSecurityCode: string | undefined;
  /** What the pad last prompted the cardholder to key (the last good 74); undefined before one. */
  cardPrompt: KeyedCardRequest | undefined;
  readonly #link: FaultyStxLink;
  readonly #options: PinPadSimulatorOptions;
  #entry: { abort: AbortController; kind: 'pin-entry' | 'card-entry' } | undefined;
  readonly #encryption: PinPadEncryption;

  constructor(transport: Transport, options: PinPadSimulatorOptions = {}) {
    super(transport, options);
    this.#options = options;
    this.keys = new SimulatedKeys(options.keys);
    this.#link = new FaultyStxLink(transport, this.faults);
    this.#encryption = new PinPadEncryption(this.keys, this.faults);
  }

  override async start(): Promise<void> {
    await super.start();
    void this.#serve();
  }

  /** The status the pad reports. */
  status(): PinPadStatus {
    return {
      state: this.#entry?.kind ?? 'idle',
      keys: this.#encryption.exhausted ? 'exhausted' : 'loaded',
      serial: this.#options.serial ?? 'PPSIM001',
    };
  }

  /** Bytes are read by the link. */
  protected onBytes(): void {}

  async #serve(): Promise<void> {
    for (;;) {
      let message: Buffer;
      try {
        message = await this.#link.receive(new AbortController().signal);
      } catch {
        if (!this.transport.isOpen) return;
        continue;
      }
      const text = message.toString('latin1');
      if (text.startsWith('Z2')) this.display = text.slice(3);
      else if (text === '72') this.#entry?.abort.abort();
      else if (text === 'S0') void this.#answer(encodePinPadStatus(this.status()));
      else if (text.startsWith('70')) void this.#enterPin(message);
      else if (text.startsWith('74')) void this.#enterCard(message);
    }
  }

  /**
   * The cardholder at the keypad: true once they finished typing (typingMs), false when a 72
   * ended the entry first (nothing is answered then).
   */
  async #types(kind: 'pin-entry' | 'card-entry'): Promise<boolean> {
    const entry = { abort: new AbortController(), kind };
    this.#entry = entry;
    try {
      await delay(this.#options.typingMs ?? 200, entry.abort.signal);
      return true;
    } catch {
      return false;
    } finally {
      if (this.#entry === entry) this.#entry = undefined;
    }
  }

  async #enterPin(message: Buffer): Promise<void> {
    let request: PinRequest;
    try {
      request = parsePinRequest(message);
    } catch (error) {
      if (!(error instanceof DeviceError)) throw error;
      return this.#answer(encodePinResponse({ error: error.field === 'pan' ? '2' : '5' }));
    }
    if (!(await this.#types('pin-entry'))) return;
    if (this.cardholderCancels) return this.#answer(encodePinResponse({ error: '3' }));
    const { pan } = request;
    const card =
      pan === undefined
        ? this.cardInHand
        : this.#options.cards?.find((candidate) => candidate.pan === pan);
    const pin = this.typedPin ?? card?.pin ?? this.#options.defaultPin ?? '1234';
    return this.#answer(encodePinResponse(this.#encryption.encryptedPin(pin, pan)));
  }

  async #enterCard(message: Buffer): Promise<void> {
    let request: KeyedCardRequest;
    try {
      request = parseKeyedCardRequest(message);
    } catch (error) {
      if (!(error instanceof DeviceError)) throw error;
      return this.#answer(encodeKeyedCardResponse({ error: '5' }));
    }
    this.cardPrompt = request;
    if (!(await this.#types('card-entry'))) return;
    if (this.cardholderCancels) return this.#answer(encodeKeyedCardResponse({ error: '3' }));
    const card = this.keyedCard ?? this.cardInHand;
    if (card === undefined) return this.#answer(encodeKeyedCardResponse({ error: '4' }));
    return this.#answer(
      encodeKeyedCardResponse(
        this.#encryption.encryptedCard(card, request, this.keyedSecurityCode),
      ),
    );
  }

  async #answer(payload: Buffer): Promise<void> {
    if (this.faults.fire('slow')) await delay(this.faults.slowMs);
    if (this.faults.fire('unplug'))
      return this.cutOff(encodeStxFrame(payload)).catch(() => undefined);
    await this.#link.send(payload, AbortSignal.timeout(10_000)).catch(() => undefined);
  }
}
