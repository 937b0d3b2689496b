import { describe, expect, it } from 'vitest';
import {
  CryptoError,
  issuerKeysFor,
  loadIssuerKeys,
  parseIssuerKeys,
  toHex,
} from '../../../drivers/crypto/index.ts';
import { findCard, loadCardCatalogue } from '../../../drivers/sim/card-catalogue.ts';
import { caught } from './helpers/caught.ts';

const entry = {
  bin: '411111',
  scheme: 'visa',
  cvn: 10,
  imkAc: '0123456789ABCDEFFEDCBA9876543210',
  imkSmi: 'FEDCBA98765432100123456789ABCDEF',
  imkSmc: '89ABCDEF0123456776543210FEDCBA98',
};

describe('issuer keys (resources/issuer-keys.json)', () => {
  it('gives the Visa and Mastercard test BINs of the catalogue their CVN, and no other card keys', () => {
    const keys = loadIssuerKeys();
    const cards = loadCardCatalogue();
    const versionOf = (id: string) => {
      const found = issuerKeysFor(keys, findCard(cards, id).pan);
      return found === undefined ? undefined : `${found.version.scheme} ${found.version.cvn}`;
    };
    expect(
      ['visa', 'visa-stripe', 'visa-debit', 'mc', 'mc-2series', 'mc-debit', 'amex', 'discover'].map(
        versionOf,
      ),
    ).toEqual([
      'visa 10',
      'visa 18',
      'visa 22',
      'mastercard 16',
      'mastercard 17',
      'mastercard 17',
      undefined,
      undefined,
    ]);
    expect(toHex(keys[0]?.imkAc ?? Buffer.alloc(0))).toBe(entry.imkAc);
  });

  it('takes the longest BIN that starts the PAN', () => {
    const keys = parseIssuerKeys([entry, { ...entry, bin: '41111111', cvn: 18 }]);
    expect(issuerKeysFor(keys, '4111111111111111')?.version.cvn).toBe(18);
    expect(issuerKeysFor(keys, '4111119999999999')?.version.cvn).toBe(10);
    expect(issuerKeysFor(keys, '5454545454545454')).toBeUndefined();
  });

  it.each([
    [{}, 'issuerKeys', 'issuer-keys.array'],
    [[{ ...entry, bin: '4111' }], 'issuerKeys[0].bin', 'issuer-keys.bin'],
    [[{ ...entry, scheme: 'amex' }], 'issuerKeys[0].scheme', 'issuer-keys.scheme'],
    [[{ ...entry, cvn: 17 }], 'issuerKeys[0].cvn', 'issuer-keys.cvn'],
    [[entry, { ...entry, imkSmi: 'XYZ' }], 'issuerKeys[1].imkSmi', 'issuer-keys.key'],
    [[{ ...entry, key: 'A' }], 'issuerKeys[0].key', 'issuer-keys.field'],
    [[entry, entry], 'issuerKeys[1].bin', 'issuer-keys.duplicate'],
  ])('refuses %j naming the entry and the rule, never a key', (document, field, rule) => {
    const error = caught(CryptoError, () => parseIssuerKeys(document));
    expect([error.field, error.rule]).toEqual([field, rule]);
    expect(error.message).not.toContain(entry.imkAc);
  });
});
