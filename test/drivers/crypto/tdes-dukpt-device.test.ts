import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CryptoError,
  TDES_KEY_USAGES,
  TdesDukptDevice,
  tdesDukptIpek,
  tdesDukptKey,
  tdesKsnWithCounter,
  type TdesDukptTransaction,
} from '../../../drivers/crypto/index.ts';

const vectors = JSON.parse(
  readFileSync(
    new URL('../../fixtures/vectors/tdes_dukpt_x9_24_1_2009.json', import.meta.url),
    'utf8',
  ),
) as {
  inputs: { bdk: string; initial_ksn: string };
  ipek: string;
  initial_sequence: { ksn: string; transaction_key: string; pin_key_variant: string }[];
  rollover_sequence: { ksn: string; transaction_counter: number; pin_key_variant: string }[];
};

const hex = (text: string): Buffer => Buffer.from(text, 'hex');
const up = (bytes: Buffer): string => bytes.toString('hex').toUpperCase();
const BDK = hex(vectors.inputs.bdk);
const IKSN = hex(vectors.inputs.initial_ksn);
const IPEK = hex(vectors.ipek);

/** The next counter a device may use after `counter`, found by brute force over the rule. */
function nextValidCounter(counter: number): number {
  let next = counter + 1;
  while (next.toString(2).replace(/0/g, '').length > 10) {
    next += 1;
  }
  return next;
}

/** Asserts that every working key of a device transaction equals the host-side derivation. */
function expectHostKeys(transaction: TdesDukptTransaction): void {
  for (const usage of TDES_KEY_USAGES) {
    expect(up(transaction.keys[usage])).toBe(up(tdesDukptKey(BDK, transaction.ksn, usage)));
  }
}

describe('TdesDukptDevice (future-key registers, X9.24-1:2009 Annex A)', () => {
  it('produces the published initial sequence from the IPEK alone', () => {
    const device = new TdesDukptDevice(IPEK, IKSN);
    const published = vectors.initial_sequence;
    for (const v of published) {
      const transaction = device.nextTransaction();
      expect(up(transaction.ksn)).toBe(v.ksn);
      expect(up(transaction.keys.pin)).toBe(v.pin_key_variant);
    }
    expect(device.nextCounter).toBe(published.length + 1);
  });

  it('walks the published rollover sequence, skipping counters with more than 10 one-bits', () => {
    const [first, ...rest] = vectors.rollover_sequence;
    const device = TdesDukptDevice.resume(IPEK, hex(first?.ksn ?? ''));
    for (const v of [first, ...rest]) {
      const transaction = device.nextTransaction();
      expect(up(transaction.ksn)).toBe(v?.ksn);
      expect(transaction.counter).toBe(v?.transaction_counter);
      expect(up(transaction.keys.pin)).toBe(v?.pin_key_variant);
    }
  });

  it('matches the host for the first 1100 transactions, every usage', () => {
    const device = new TdesDukptDevice(tdesDukptIpek(BDK, IKSN), IKSN);
    let expected = 1;
    for (let i = 0; i < 1100; i += 1) {
      const transaction = device.nextTransaction();
      expect(transaction.counter).toBe(expected);
      expectHostKeys(transaction);
      expected = nextValidCounter(expected);
    }
  });

  it('matches the host from any resumed counter (property)', () => {
    const validCounter = fc
      .integer({ min: 1, max: 0x1ff800 })
      .filter((c) => c.toString(2).replace(/0/g, '').length <= 10);
    fc.assert(
      fc.property(validCounter, fc.integer({ min: 1, max: 12 }), (start, steps) => {
        const device = TdesDukptDevice.resume(IPEK, tdesKsnWithCounter(IKSN, start));
        let expected = start;
        for (let i = 0; i < steps && expected < 1 << 21; i += 1) {
          const transaction = device.nextTransaction();
          expect(transaction.counter).toBe(expected);
          expectHostKeys(transaction);
          expected = nextValidCounter(expected);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('refuses to run past its last counter, 0x1FF800', () => {
    const device = TdesDukptDevice.resume(IPEK, tdesKsnWithCounter(IKSN, 0x1ff000));
    let last = 0;
    let count = 0;
    for (;;) {
      try {
        last = device.nextTransaction().counter;
        count += 1;
      } catch (error) {
        expect(error).toBeInstanceOf(CryptoError);
        expect((error as CryptoError).code).toBe('KEY_EXHAUSTED');
        expect((error as CryptoError).rule).toBe('ksn.end-of-life');
        break;
      }
    }
    expect(last).toBe(0x1ff800);
    expect(count).toBe(13);
    expect(() => device.nextTransaction()).toThrowError(CryptoError);
  });

  it('rejects an initial KSN with counter bits and a resume KSN with 11 one-bits', () => {
    expect(() => new TdesDukptDevice(IPEK, tdesKsnWithCounter(IKSN, 1))).toThrowError(
      expect.objectContaining({ rule: 'initialKsn.counter' }),
    );
    expect(() => TdesDukptDevice.resume(IPEK, tdesKsnWithCounter(IKSN, 0x7ff))).toThrowError(
      expect.objectContaining({ rule: 'ksn.counter-bits' }),
    );
    expect(() => new TdesDukptDevice(IPEK.subarray(0, 8), IKSN)).toThrowError(
      expect.objectContaining({ rule: 'ipek.length' }),
    );
  });
});
