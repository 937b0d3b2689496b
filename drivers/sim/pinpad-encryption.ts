// The PIN pad's encryption as the simulator sends it: the PIN block and the keyed card's number
// under the next DUKPT key's variants, and error 6 once the keys run out (docs/devices.md, PIN
// pad messages).
import {
  buildPinBlock,
  encryptPinBlockTdes,
  maskPan,
  tdesCbcEncrypt,
  toHex,
  trackExpiryToExpdate,
  zeroPad,
  type TdesDukptTransaction,
} from '../crypto/index.ts';
import type { KeyedCardEntry, KeyedCardRequest } from '../pinpad/keyed-card-messages.ts';
import type { PinErrorDigit } from '../pinpad/pinpad-messages.ts';
import type { TestCard } from './card-catalogue.ts';
import type { FaultPlan } from './fault-plan.ts';
import { type SimulatedKeys, isKeyExhausted } from './simulated-keys.ts';

/**
 * The security code the simulated cardholder keys when the pad asks: the "good" CV of
 * docs/test-cards.md (CV), 1234 on American Express cards, 999 on every other.
 */
function goodSecurityCode(card: TestCard): string {
  return card.brand === 'AMEX' ? '1234' : '999';
}

/**
 * What the simulated PIN pad encrypts (docs/devices.md, PIN pad messages): a PIN block (ISO
 * format 0 with the PAN, format 1 without) under the PIN variant of the next DUKPT key, a keyed
 * card's number under its data variant; the DUKPT exhaustion fault and a spent key set answer
 * error 6.
 */
export class PinPadEncryption {
  #exhausted = false;
  readonly #keys: SimulatedKeys;
  readonly #faults: FaultPlan;

  constructor(keys: SimulatedKeys, faults: FaultPlan) {
    this.#keys = keys;
    this.#faults = faults;
  }

  /** True once the keys ran out: the pad's status says exhausted. */
  get exhausted(): boolean {
    return this.#exhausted;
  }

  /**
   * The keyed card as the pad sends it: the PAN encrypted (e_account), never in the clear; no
   * expiry when the pad let it be skipped and the card shows none (TestCard.expiryShown); the
   * security code given, else the card's good one, when the pad asked for it.
   */
  encryptedCard(
    card: TestCard,
    request: KeyedCardRequest,
    securityCode: string | undefined,
  ): KeyedCardEntry | { error: PinErrorDigit } {
    return this.#withNextKey(({ ksn, keys }) => ({
      e_account: toHex(
        tdesCbcEncrypt(keys['data-request'], zeroPad(Buffer.from(card.pan, 'latin1'), 8)),
      ),
      e_id: toHex(ksn),
      ...((request.expiryOptional !== true || card.expiryShown !== false) && {
        expdate: trackExpiryToExpdate(card.expiry),
      }),
      maskedAccount: maskPan(card.pan),
      ...(request.securityCode === true && {
        cv: securityCode ?? goodSecurityCode(card),
      }),
    }));
  }

  /** Runs `use` with the next DUKPT key, or answers error 6 once the keys are exhausted. */
  #withNextKey<T>(use: (next: TdesDukptTransaction) => T): T | { error: PinErrorDigit } {
    if (this.#faults.fire('exhausted')) this.#keys.exhaust();
    try {
      return use(this.#keys.next());
    } catch (error) {
      if (!isKeyExhausted(error)) throw error;
      this.#exhausted = true;
      return { error: '6' };
    }
  }

  /** The cardholder's PIN as the pad answers 70 (71): the encrypted PIN block and the KSN. */
  encryptedPin(
    pin: string,
    pan: string | undefined,
  ): { pin: string; ksn: string } | { error: PinErrorDigit } {
    return this.#withNextKey(({ ksn, keys }) => {
      const clear = pan === undefined ? buildPinBlock(1, pin) : buildPinBlock(0, pin, pan);
      return { pin: toHex(encryptPinBlockTdes(keys.pin, clear)), ksn: toHex(ksn) };
    });
  }
}
