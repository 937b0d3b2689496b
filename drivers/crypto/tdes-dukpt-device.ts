import { popCount, requireLength } from './bytes.ts';
import { badInput, CryptoError } from './errors.ts';
import {
  requireTdesCounter,
  TDES_DUKPT_COUNTER_BITS,
  TDES_DUKPT_MAX_ONE_BITS,
  TDES_KEY_USAGES,
  tdesDukptVariant,
  tdesKsnCounter,
  tdesKsnWithCounter,
  tdesNonReversibleKey,
  type TdesKeyUsage,
} from './tdes-dukpt.ts';

/** What a device uses for one transaction: the KSN it sends and the working keys of that KSN. */
export interface TdesDukptTransaction {
  /** The 10-byte KSN to send with the transaction. */
  ksn: Buffer;
  /** The 21-bit encryption counter inside `ksn`. */
  counter: number;
  /** The working key of each usage (PIN, MAC and data variants). */
  keys: Readonly<Record<TdesKeyUsage, Buffer>>;
}

const END_OF_LIFE = 1 << TDES_DUKPT_COUNTER_BITS;

/**
 * The device side of TDES DUKPT (X9.24-1:2009 Annex A): a PIN pad or encrypting reader loaded
 * with an initial key (IPEK) and initial KSN. It keeps the 21 future-key registers, derives each
 * transaction key from them without ever holding the BDK, erases a key once used, skips counters
 * with more than 10 one-bits and refuses to run past its 1,048,575th transaction.
 */
export class TdesDukptDevice {
  /** Future-key registers, indexed by counter bit position (0 = rightmost). */
  readonly #registers: (Buffer | undefined)[] = new Array<Buffer | undefined>(
    TDES_DUKPT_COUNTER_BITS,
  );
  readonly #baseKsn: Buffer;
  #counter = 1;

  /** Loads the initial key and initial KSN (counter bits 0), filling every future-key register. */
  constructor(ipek: Buffer, initialKsn: Buffer) {
    requireLength('ipek', ipek, [16]);
    if (tdesKsnCounter(initialKsn) !== 0) {
      throw badInput(
        'initialKsn',
        'initialKsn.counter',
        'the counter bits of an initial KSN must be 0',
      );
    }
    this.#baseKsn = tdesKsnWithCounter(initialKsn, 0);
    this.#fillFutureKeys(ipek, 0, TDES_DUKPT_COUNTER_BITS);
  }

  /**
   * A device in the state it reaches when `ksn` is the KSN of its next transaction, e.g. a
   * simulator restarting where it stopped. Only the registers on the way are derived; the
   * transactions in between are never produced.
   */
  static resume(ipek: Buffer, ksn: Buffer): TdesDukptDevice {
    const target = tdesKsnCounter(ksn);
    requireTdesCounter('ksn', target);
    const device = new TdesDukptDevice(ipek, tdesKsnWithCounter(ksn, 0));
    let ancestor = 0;
    for (let bit = TDES_DUKPT_COUNTER_BITS - 1; bit >= 0; bit -= 1) {
      const mask = 1 << bit;
      if ((target & mask) !== 0 && (target & (mask - 1)) !== 0) {
        ancestor |= mask;
        device.#spend(ancestor, bit);
      }
    }
    device.#counter = target;
    return device;
  }

  /** The counter of the next transaction; 2^21 once the device has reached its end of life. */
  get nextCounter(): number {
    return this.#counter;
  }

  /**
   * Runs one transaction: the next valid KSN and its working keys. Throws KEY_EXHAUSTED once
   * every counter with at most 10 one-bits has been used.
   */
  nextTransaction(): TdesDukptTransaction {
    const counter = this.#counter;
    if (counter >= END_OF_LIFE) {
      throw new CryptoError(
        'KEY_EXHAUSTED',
        'ksn',
        'ksn.end-of-life',
        'the device has used every transaction key',
      );
    }
    const bit = 31 - Math.clz32(counter & -counter);
    const key = this.#spend(counter, bit);
    const keys = Object.fromEntries(
      TDES_KEY_USAGES.map((usage) => [usage, tdesDukptVariant(key, usage)]),
    );
    this.#counter =
      popCount(counter) < TDES_DUKPT_MAX_ONE_BITS ? counter + 1 : counter + (1 << bit);
    return {
      ksn: tdesKsnWithCounter(this.#baseKsn, counter),
      counter,
      keys: keys as Record<TdesKeyUsage, Buffer>,
    };
  }

  /**
   * Takes the key of `counter` out of register `bit` (its lowest one-bit), erases the register,
   * and unless the counter already has 10 one-bits fills the registers below `bit` from it.
   */
  #spend(counter: number, bit: number): Buffer {
    const key = this.#registers[bit];
    if (key === undefined) {
      throw new Error(`TdesDukptDevice: future-key register ${bit} is empty at counter ${counter}`);
    }
    this.#registers[bit] = undefined;
    if (popCount(counter) < TDES_DUKPT_MAX_ONE_BITS) {
      this.#fillFutureKeys(key, counter, bit);
    }
    return key;
  }

  /** Registers below `belowBit` get the key of `counter` with that one bit added. */
  #fillFutureKeys(key: Buffer, counter: number, belowBit: number): void {
    for (let bit = belowBit - 1; bit >= 0; bit -= 1) {
      const next = tdesKsnWithCounter(this.#baseKsn, counter | (1 << bit));
      this.#registers[bit] = tdesNonReversibleKey(key, next.subarray(2));
    }
  }
}
