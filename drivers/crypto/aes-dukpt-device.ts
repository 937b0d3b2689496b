import {
  AES_DUKPT_COUNTER,
  AES_KEY_USAGES,
  aesDukptChildKey,
  aesDukptWorkingKey,
  aesKeyTypeOf,
  aesKsn,
  aesKsnParts,
  requireAesWorkingKeyType,
  type AesDukptKeyType,
  type AesKeyUsage,
} from './aes-dukpt.ts';
import { DukptRegisters } from './dukpt-registers.ts';
import { badInput } from './errors.ts';

/** What an AES DUKPT device uses for one transaction: its KSN and the working keys of that KSN. */
export interface AesDukptTransaction {
  /** The 12-byte KSN to send with the transaction. */
  ksn: Buffer;
  /** The 32-bit transaction counter inside `ksn`. */
  counter: number;
  /** The working key of each usage, of the device's working key type. */
  keys: Readonly<Record<AesKeyUsage, Buffer>>;
}

/**
 * The device side of AES DUKPT (X9.24-3:2017): loaded with an initial key and its 12-byte
 * initial KSN, it keeps 32 intermediate derivation keys, derives each transaction key from them
 * without the BDK, skips counters with more than 16 one-bits and stops after counter FFFF0000.
 * Working keys are of `keyType`, by default the initial key's own AES type.
 */
export class AesDukptDevice {
  readonly #initialKeyId: Buffer;
  readonly #keyType: AesDukptKeyType;
  readonly #registers: DukptRegisters;

  /** Loads the initial key and initial KSN (counter 0), filling every intermediate key register. */
  constructor(initialKey: Buffer, initialKsn: Buffer, keyType?: AesDukptKeyType) {
    aesKeyTypeOf('initialKey', initialKey);
    const { initialKeyId, counter } = aesKsnParts(initialKsn);
    if (counter !== 0) {
      throw badInput('initialKsn', 'initialKsn.counter', 'the counter of an initial KSN must be 0');
    }
    const id = Buffer.from(initialKeyId);
    this.#initialKeyId = id;
    this.#keyType = requireAesWorkingKeyType(initialKey, keyType);
    this.#registers = new DukptRegisters(AES_DUKPT_COUNTER, initialKey, (key, next) =>
      aesDukptChildKey(key, id, next),
    );
  }

  /** A device in the state it reaches when `ksn` is the KSN of its next transaction. */
  static resume(initialKey: Buffer, ksn: Buffer, keyType?: AesDukptKeyType): AesDukptDevice {
    const { initialKeyId, counter } = aesKsnParts(ksn);
    const device = new AesDukptDevice(initialKey, aesKsn(initialKeyId, 0), keyType);
    device.#registers.skipTo(counter);
    return device;
  }

  /** The counter of the next transaction; 2^32 once the device has reached its end of life. */
  get nextCounter(): number {
    return this.#registers.nextCounter;
  }

  /** Runs one transaction: the next valid KSN and its working keys; KEY_EXHAUSTED at end of life. */
  nextTransaction(): AesDukptTransaction {
    const { counter, key } = this.#registers.next();
    const ksn = aesKsn(this.#initialKeyId, counter);
    const keys = Object.fromEntries(
      AES_KEY_USAGES.map((usage) => [usage, aesDukptWorkingKey(key, ksn, usage, this.#keyType)]),
    ) as Record<AesKeyUsage, Buffer>;
    return { ksn, counter, keys };
  }
}
