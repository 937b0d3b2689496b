import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AES_KEY_USAGES,
  AesDukptDevice,
  aesDukptInitialKey,
  aesDukptKey,
  aesKsn,
  CryptoError,
  type AesDukptKeyType,
  type AesDukptTransaction,
} from '../../../drivers/crypto/index.ts';

interface Row {
  ksn: string;
  transaction_counter: number | string;
  [key: string]: string | number;
}
const vectors = JSON.parse(
  readFileSync(
    new URL('../../fixtures/vectors/aes_dukpt_x9_24_3_2017.json', import.meta.url),
    'utf8',
  ),
) as Record<
  'aes128' | 'aes256',
  { bdk: string; initial_key_id: string; initial_key: string; first_eight: Row[] }
>;

const hex = (text: string): Buffer => Buffer.from(text, 'hex');
const up = (bytes: Buffer): string => bytes.toString('hex').toUpperCase();
const ones = (counter: number): number => counter.toString(2).replace(/0/g, '').length;
const IKID = hex(vectors.aes128.initial_key_id);
const BDK128 = hex(vectors.aes128.bdk);
const IK128 = hex(vectors.aes128.initial_key);

function nextValidCounter(counter: number): number {
  let next = counter + 1;
  while (ones(next) > 16) {
    next += 1;
  }
  return next;
}

function expectHostKeys(
  bdk: Buffer,
  transaction: AesDukptTransaction,
  type?: AesDukptKeyType,
): void {
  for (const usage of AES_KEY_USAGES) {
    expect(up(transaction.keys[usage])).toBe(up(aesDukptKey(bdk, transaction.ksn, usage, type)));
  }
}

describe('AesDukptDevice (intermediate derivation keys, X9.24-3:2017)', () => {
  it.each([
    ['aes128', 'aes128', 'pin_key_aes128'],
    ['aes256', 'aes256', 'pin_key_aes256'],
    ['aes256', 'aes128', 'pin_key_aes128'],
  ] as const)('produces the published %s sequence with %s working keys', (size, type, column) => {
    const setup = vectors[size];
    const device = new AesDukptDevice(hex(setup.initial_key), aesKsn(IKID, 0), type);
    for (const row of setup.first_eight) {
      const transaction = device.nextTransaction();
      expect(up(transaction.ksn)).toBe(row.ksn);
      expect(transaction.counter).toBe(row.transaction_counter);
      expect(up(transaction.keys.pin)).toBe(row[column]);
      expectHostKeys(hex(setup.bdk), transaction, type);
    }
  });

  it('steps over 0x1FFFF, which has 17 one-bits', () => {
    const device = AesDukptDevice.resume(IK128, aesKsn(IKID, 0x1fffe));
    expect([0, 1, 2].map(() => device.nextTransaction().counter)).toEqual([
      0x1fffe, 0x20000, 0x20001,
    ]);
  });

  it('matches the host from any resumed counter (property)', () => {
    const validCounter = fc
      .oneof(fc.integer({ min: 1, max: 0xffff }), fc.integer({ min: 1, max: 0xffff0000 }))
      .filter((c) => ones(c) <= 16);
    fc.assert(
      fc.property(validCounter, fc.integer({ min: 1, max: 6 }), (start, steps) => {
        const device = AesDukptDevice.resume(IK128, aesKsn(IKID, start));
        let expected = start;
        for (let i = 0; i < steps && expected <= 0xffff0000; i += 1) {
          const transaction = device.nextTransaction();
          expect(transaction.counter).toBe(expected);
          expectHostKeys(BDK128, transaction);
          expected = nextValidCounter(expected);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('ends its life after counter FFFF0000', () => {
    const device = AesDukptDevice.resume(IK128, aesKsn(IKID, 0xfffe2000));
    const counters = [0, 1, 2, 3].map(() => device.nextTransaction().counter);
    expect(counters).toEqual([0xfffe2000, 0xfffe4000, 0xfffe8000, 0xffff0000]);
    expect(device.nextCounter).toBe(2 ** 32);
    expect(() => device.nextTransaction()).toThrowError(
      expect.objectContaining({ code: 'KEY_EXHAUSTED', rule: 'ksn.end-of-life' }),
    );
  });

  it('is loaded from an initial key the host derives, and rejects bad loads', () => {
    const ik = aesDukptInitialKey(BDK128, IKID);
    expect(new AesDukptDevice(ik, aesKsn(IKID, 0)).nextTransaction().keys.pin).toEqual(
      aesDukptKey(BDK128, aesKsn(IKID, 1), 'pin'),
    );
    const failures: [() => unknown, string][] = [
      [() => new AesDukptDevice(ik, aesKsn(IKID, 5)), 'initialKsn.counter'],
      [() => new AesDukptDevice(ik, aesKsn(IKID, 0), 'aes256'), 'keyType.strength'],
      [() => new AesDukptDevice(ik.subarray(0, 8), aesKsn(IKID, 0)), 'initialKey.length'],
      [() => AesDukptDevice.resume(ik, aesKsn(IKID, 0x1ffff)), 'ksn.counter-bits'],
    ];
    for (const [run, rule] of failures) {
      expect(run).toThrowError(CryptoError);
      expect(run).toThrowError(expect.objectContaining({ rule }));
    }
  });
});
