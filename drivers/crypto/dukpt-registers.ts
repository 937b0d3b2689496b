import { popCount } from './bytes.ts';
import { badInput, CryptoError } from './errors.ts';

/**
 * The future-key registers a DUKPT device keeps (X9.24-1:2009 Annex A for TDES, X9.24-3:2017
 * for AES): one register per counter bit, each holding the key of the next counter that
 * differs from the current one in that bit. A key is erased once used, so a device never holds
 * the key of a past transaction, and it never needs the base derivation key.
 */

/** Derives the key of `counter` from its parent key (the counter without its lowest one-bit). */
export type DukptChildKey = (parentKey: Buffer, counter: number) => Buffer;

/** How wide the counter is and how many one-bits a counter may have. */
export interface DukptCounterRules {
  /** Bits of the transaction counter: 21 (TDES) or 32 (AES). */
  width: number;
  /** Most one-bits a usable counter may have: 10 (TDES) or 16 (AES). */
  maxOneBits: number;
}

/**
 * Throws BAD_INPUT unless `counter` is one a device may use: not 0, below 2^width, with at most
 * `maxOneBits` one-bits (X9.24-1:2009 Annex A: 10 of 21; X9.24-3:2017: 16 of 32).
 */
export function requireDukptCounter(
  field: string,
  counter: number,
  rules: DukptCounterRules,
): void {
  if (counter === 0) {
    throw badInput(field, `${field}.counter-zero`, 'the transaction counter must not be 0');
  }
  if (counter >= 2 ** rules.width || popCount(counter) > rules.maxOneBits) {
    const limit = `${rules.maxOneBits} one-bits`;
    throw badInput(
      field,
      `${field}.counter-bits`,
      `the transaction counter has more than ${limit}`,
    );
  }
}

/** Position of the lowest one-bit of a non-zero counter below 2^32. */
function lowestBit(counter: number): number {
  return 31 - Math.clz32(counter & -counter);
}

/** `counter` with bit `bit` set, as an unsigned number. */
function withBit(counter: number, bit: number): number {
  return (counter | (1 << bit)) >>> 0;
}

/** The future-key registers of one device and the counter of its next transaction. */
export class DukptRegisters {
  readonly #rules: DukptCounterRules;
  readonly #childKey: DukptChildKey;
  readonly #registers: (Buffer | undefined)[];
  #counter = 1;

  /** Loads the initial key: every register gets the key of its one-bit counter. */
  constructor(rules: DukptCounterRules, initialKey: Buffer, childKey: DukptChildKey) {
    this.#rules = rules;
    this.#childKey = childKey;
    this.#registers = new Array<Buffer | undefined>(rules.width);
    this.#fill(initialKey, 0, rules.width);
  }

  /** The counter of the next transaction; 2^width once every usable counter has been spent. */
  get nextCounter(): number {
    return this.#counter;
  }

  /**
   * Moves to the state in which `target` is the next counter, spending only the registers on
   * the way (the keys of the counters `target` descends from). BAD_INPUT for an unusable target.
   */
  skipTo(target: number): void {
    requireDukptCounter('ksn', target, this.#rules);
    let ancestor = 0;
    for (let bit = this.#rules.width - 1; bit >= 0; bit -= 1) {
      const mask = 2 ** bit;
      if (Math.floor(target / mask) % 2 === 1 && target % mask !== 0) {
        ancestor = withBit(ancestor, bit);
        this.#spend(ancestor, bit);
      }
    }
    this.#counter = target;
  }

  /**
   * The counter and transaction key of the next transaction. Afterwards the counter moves to
   * the next one with at most `maxOneBits` one-bits. Throws KEY_EXHAUSTED at end of life.
   */
  next(): { counter: number; key: Buffer } {
    const counter = this.#counter;
    if (counter >= 2 ** this.#rules.width) {
      throw new CryptoError(
        'KEY_EXHAUSTED',
        'ksn',
        'ksn.end-of-life',
        'the device has used every transaction key',
      );
    }
    const bit = lowestBit(counter);
    const key = this.#spend(counter, bit);
    const full = popCount(counter) >= this.#rules.maxOneBits;
    this.#counter = counter + (full ? 2 ** bit : 1);
    return { counter, key };
  }

  /** Takes the key of `counter` out of register `bit`, erases it, and fills the registers below. */
  #spend(counter: number, bit: number): Buffer {
    const key = this.#registers[bit];
    if (key === undefined) {
      throw new Error(`DukptRegisters: future-key register ${bit} is empty at counter ${counter}`);
    }
    this.#registers[bit] = undefined;
    if (popCount(counter) < this.#rules.maxOneBits) {
      this.#fill(key, counter, bit);
    }
    return key;
  }

  /** Registers below `belowBit` get the keys of `counter` with that one bit added. */
  #fill(key: Buffer, counter: number, belowBit: number): void {
    for (let bit = belowBit - 1; bit >= 0; bit -= 1) {
      this.#registers[bit] = this.#childKey(key, withBit(counter, bit));
    }
  }
}
