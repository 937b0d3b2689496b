import { requireLength } from './bytes.ts';
import { DukptRegisters } from './dukpt-registers.ts';
import { badInput } from './errors.ts';
import {
  TDES_DUKPT_COUNTER,
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

/**
 * The device side of TDES DUKPT (X9.24-1:2009 Annex A): a PIN pad or encrypting reader loaded
 * with an initial key (IPEK) and initial KSN. It keeps the 21 future-key registers, derives each
 * transaction key from them without ever holding the BDK, skips counters with more than 10
 * one-bits and refuses to run past its 1,048,575th transaction.
 */
export class TdesDukptDevice {
  readonly #baseKsn: Buffer;
  readonly #registers: DukptRegisters;

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
    const baseKsn = tdesKsnWithCounter(initialKsn, 0);
    this.#baseKsn = baseKsn;
    this.#registers = new DukptRegisters(TDES_DUKPT_COUNTER, ipek, (key, counter) =>
      tdesNonReversibleKey(key, tdesKsnWithCounter(baseKsn, counter).subarray(2)),
    );
  }

  /**
   * A device in the state it reaches when `ksn` is the KSN of its next transaction, e.g. a
   * simulator restarting where it stopped. The transactions in between are never produced.
   */
  static resume(ipek: Buffer, ksn: Buffer): TdesDukptDevice {
    const device = new TdesDukptDevice(ipek, tdesKsnWithCounter(ksn, 0));
    device.#registers.skipTo(tdesKsnCounter(ksn));
    return device;
  }

  /** The counter of the next transaction; 2^21 once the device has reached its end of life. */
  get nextCounter(): number {
    return this.#registers.nextCounter;
  }

  /**
   * Runs one transaction: the next valid KSN and its working keys. Throws KEY_EXHAUSTED once
   * every counter with at most 10 one-bits has been used.
   */
  nextTransaction(): TdesDukptTransaction {
    const { counter, key } = this.#registers.next();
    const keys = Object.fromEntries(
      TDES_KEY_USAGES.map((usage) => [usage, tdesDukptVariant(key, usage)]),
    ) as Record<TdesKeyUsage, Buffer>;
    return { ksn: tdesKsnWithCounter(this.#baseKsn, counter), counter, keys };
  }
}
