import {
  CryptoError,
  TdesDukptDevice,
  type TdesDukptTransaction,
  parseHex,
  tdesDukptIpek,
  tdesKsnWithCounter,
} from '../crypto/index.ts';

/** The ANSI X9.24-1:2009 A.4 test BDK, the simulators' default. */
export const TEST_BDK = '0123456789ABCDEFFEDCBA9876543210';
/** The ANSI X9.24-1:2009 A.4 initial KSN, the simulators' default. */
export const TEST_INITIAL_KSN = 'FFFF9876543210E00000';
/** The last counter of a TDES DUKPT device (10 one-bits, the highest); the next is end of life. */
const LAST_COUNTER = 0x1ff800;

/** Key injection for a simulated device: a BDK and an initial KSN (hex). */
export interface KeyInjection {
  /** 16-byte BDK as 32 hex digits; default TEST_BDK. */
  bdk?: string;
  /** 10-byte initial KSN as 20 hex digits, counter bits 0; default TEST_INITIAL_KSN. */
  initialKsn?: string;
}

/**
 * The DUKPT state of a simulated PIN pad or reader. Like a key-injection facility, it derives the
 * IPEK from the BDK once and then forgets the BDK: the device derives every key from the IPEK and
 * its future-key registers (TdesDukptDevice), so the server must derive them from the BDK.
 */
export class SimulatedKeys {
  readonly #ipek: Buffer;
  readonly #initialKsn: Buffer;
  #device: TdesDukptDevice;

  constructor(injection: KeyInjection = {}) {
    const bdk = parseHex('bdk', injection.bdk ?? TEST_BDK, [16]);
    this.#initialKsn = parseHex('initialKsn', injection.initialKsn ?? TEST_INITIAL_KSN, [10]);
    this.#ipek = tdesDukptIpek(bdk, this.#initialKsn);
    this.#device = new TdesDukptDevice(this.#ipek, this.#initialKsn);
  }

  /** The next transaction's KSN and working keys; throws CryptoError KEY_EXHAUSTED at end of life. */
  next(): TdesDukptTransaction {
    return this.#device.nextTransaction();
  }

  /** Moves the device to its last transaction (counter 1FF800); the one after is past end of life. */
  exhaust(): void {
    this.#device = TdesDukptDevice.resume(
      this.#ipek,
      tdesKsnWithCounter(this.#initialKsn, LAST_COUNTER),
    );
  }
}

/** True for the error a DUKPT device throws past its end of life. */
export function isKeyExhausted(error: unknown): boolean {
  return error instanceof CryptoError && error.code === 'KEY_EXHAUSTED';
}
