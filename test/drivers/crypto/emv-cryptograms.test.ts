import { describe, expect, it } from 'vitest';
import {
  EmvCardKeys,
  arpcMethod1,
  arpcMethod2,
  cryptogramVersion,
  emvAcSessionKey,
  emvCommonSessionKey,
  iccMasterKeyOptionA,
  iccMasterKeyOptionB,
  isoMacAlgorithm3,
  mastercardSessionKey,
  scriptCommandMac,
  tdesEcb,
  toHex,
  visaSecureMessagingKey,
  type EmvTagReader,
} from '../../../drivers/crypto/index.ts';

const hex = (text: string): Buffer => Buffer.from(text, 'hex');
/** Key check digits as PyEMV's tools.key_check_digits gives them: TDES of zeros, 2 bytes. */
const kcv = (key: Buffer): string => toHex(tdesEcb(key, Buffer.alloc(8)).subarray(0, 2));
const reader =
  (tags: Record<string, string>): EmvTagReader =>
  (tag) =>
    tags[tag] === undefined ? undefined : hex(tags[tag]);

// Known answers from the docstrings of knovichikhin/pyemv (pyemv/kd.py, pyemv/ac.py,
// pyemv/sm.py), which cite EMV 4.3 Book 2 Annex A1.2–A1.4, §8.1, §8.2 and §9.2.
describe('EMV key derivation and MACs: PyEMV docstring vectors', () => {
  const mk = hex('0123456789ABCDEFFEDCBA9876543210');

  it('derives the ICC master key by option A and option B (Book 2 Annex A1.4.1, A1.4.2)', () => {
    expect(toHex(iccMasterKeyOptionA(mk, '12345678901234567', '01'))).toBe(
      '73AD54688CEF2934B0979857E3C719F1',
    );
    expect(toHex(iccMasterKeyOptionB(mk, '12345678901234567', '01'))).toBe(
      'AD406D7F6D7570916D75E5DCAB8CF737',
    );
  });

  it('derives the common session key and Visa secure messaging key (Annex A1.3.1)', () => {
    expect(toHex(emvCommonSessionKey(mk, hex('001C000000000000')))).toBe(
      'E9FB384AF807B940FEDCEA613461B0C4',
    );
    expect(toHex(emvAcSessionKey(mk, hex('001C')))).toBe('E9FB384AF807B940FEDCEA613461B0C4');
    expect(toHex(visaSecureMessagingKey(mk, hex('001C')))).toBe('0123456789ABCDF2FEDCBA987654CDF2');
  });

  it('computes an ARQC with MAC algorithm 3 and padding method 2 (§8.1, Annex A1.2)', () => {
    const sk = hex('AAAAAAAAAAAAAAAABBBBBBBBBBBBBBBB');
    const data = hex(
      '000000002000' +
        '000000000000' +
        '0124' +
        '0000008000' +
        '0124' +
        '110309' +
        '00' +
        '3804823E' +
        '5800' +
        '0001',
    );
    expect(toHex(isoMacAlgorithm3(sk, data, 2))).toBe('3B76CF10FECD8789');
    expect(toHex(arpcMethod1(sk, hex('1234567890ABCDEF'), hex('0000')))).toBe('F5E6F44147E2F1B0');
    expect(toHex(arpcMethod2(sk, hex('1234567890ABCDEF'), hex('00000000')))).toBe('9308BEBC');
  });

  it('MACs an issuer script command over header ‖ ATC ‖ ARQC (§9.2.3)', () => {
    const mac = scriptCommandMac(mk, hex('8424000008'), hex('FFFF1234567890123456'));
    expect(toHex(mac)).toBe('E07B8DF1B4184282');
  });
});

// Known answers of knovichikhin/pyemv tests/test_cvn_hsm.py (values an HSM produced): issuer
// keys AC 0123…3210, SMI FEDC…CDEF, SMC 89AB…BA98, PAN 1234567890123456, PSN 00, ATC 001C.
const issuer = {
  imkAc: hex('0123456789ABCDEFFEDCBA9876543210'),
  imkSmi: hex('FEDCBA98765432100123456789ABCDEF'),
  imkSmc: hex('89ABCDEF0123456776543210FEDCBA98'),
};
const PAN = '1234567890123456';
const visaTags = (iad: string): EmvTagReader =>
  reader({
    '9F02': '000000004000',
    '9F03': '000000000000',
    '9F1A': '0124',
    '95': '8000048000',
    '5F2A': '0124',
    '9A': '191105',
    '9C': '01',
    '9F37': '52BF4585',
    '82': '1800',
    '9F36': '001C',
    '9F10': iad,
  });
const APPROVED = Buffer.from('00', 'latin1');

describe('Visa CVN 10 and 18 against an HSM (PyEMV test_cvn_hsm.py)', () => {
  it('CVN 10: the ICC master key is the AC key; the data ends with the CVR; ARPC method 1', () => {
    const card = new EmvCardKeys({ ...issuer, version: cryptogramVersion('visa', 10) }, PAN);
    const tags = visaTags('06010A03A06010');
    expect(kcv(card.acKey(tags))).toBe('BAB0');
    const arqc = card.applicationCryptogram(tags);
    expect(toHex(arqc)).toBe('29CCA15AE665FA2E');
    expect(toHex(card.issuerAuthenticationData(arqc, tags, APPROVED, true))).toBe(
      '28993816AFAE4AEB3030',
    );
    expect(toHex(card.scriptMac(hex('8418000008'), Buffer.alloc(0), tags, arqc))).toBe(
      'DB56BA60087CEFD3',
    );
    expect(kcv(visaSecureMessagingKey(iccMasterKeyOptionA(issuer.imkSmi, PAN), hex('001C')))).toBe(
      'DB10',
    );
  });

  it('CVN 18: the common session key over the whole IAD; ARPC method 2 with its CSU', () => {
    const card = new EmvCardKeys({ ...issuer, version: cryptogramVersion('visa', 18) }, PAN);
    const tags = visaTags('06011203A0B800');
    expect(kcv(card.acKey(tags))).toBe('22C8');
    const arqc = card.applicationCryptogram(tags);
    expect(toHex(arqc)).toBe('7A788EA6B8A3E733');
    expect(toHex(card.issuerAuthenticationData(arqc, tags, APPROVED, false))).toBe(
      '9AF514C100000000',
    );
    expect(toHex(card.scriptMac(hex('8418000008'), Buffer.alloc(0), tags, arqc))).toBe(
      '04EDE90BC24CC35E',
    );
  });

  it('a card checks the ARPC it is given, and tells a tampered one', () => {
    for (const cvn of [10, 18] as const) {
      const card = new EmvCardKeys({ ...issuer, version: cryptogramVersion('visa', cvn) }, PAN);
      const tags = visaTags(cvn === 10 ? '06010A03A06010' : '06011203A0B800');
      const arqc = card.applicationCryptogram(tags);
      const data = card.issuerAuthenticationData(arqc, tags, APPROVED, true);
      expect(card.checkIssuerAuthentication(arqc, tags, data)).toEqual({
        verified: true,
        approves: true,
      });
      const tampered = Buffer.from(data);
      tampered[0] = (tampered[0] ?? 0) ^ 1;
      expect(card.checkIssuerAuthentication(arqc, tags, tampered).verified).toBe(false);
      expect(card.checkIssuerAuthentication(arqc, tags, data.subarray(1)).verified).toBe(false);
    }
  });
});

describe('Mastercard session key derivation against an HSM (PyEMV InteracCVN133)', () => {
  // Interac CVN 133 derives its AC key by Mastercard's SKD (R = ATC ‖ 00 00 ‖ UN), answers by
  // ARPC method 1 and MACs scripts under the common session key with R = ARQC, as M/Chip does.
  const un = hex('ABCDEF12');
  const atc = hex('001C');
  const mkAc = iccMasterKeyOptionA(issuer.imkAc, PAN);
  const data = hex(
    '000000009999' +
      '000000000000' +
      '0124' +
      '8000000000' +
      '0124' +
      '209906' +
      '00' +
      'ABCDEF12' +
      '1800' +
      '001C' +
      '1501850440B100000000B00000000000000000000000',
  );

  it('derives the SKD key, and its ARQC, ARPC and script MAC match', () => {
    const sk = mastercardSessionKey(mkAc, atc, un);
    expect(kcv(sk)).toBe('2FD5');
    const arqc = isoMacAlgorithm3(sk, data, 2);
    expect(toHex(arqc)).toBe('18932FECA2D84326');
    const tags = reader({ '9F36': '001C', '9F37': 'ABCDEF12' });
    const card = new EmvCardKeys({ ...issuer, version: cryptogramVersion('mastercard', 16) }, PAN);
    expect(toHex(card.issuerAuthenticationData(arqc, tags, hex('0000'), true))).toBe(
      '4DF171A49396C3630000',
    );
    expect(toHex(card.scriptMac(hex('8424000008'), Buffer.alloc(0), tags, arqc))).toBe(
      'B574ABB0A485A330',
    );
  });

  it('CVN 16 and 17 compute over the 6-byte CVR, and 17 also over the 8 bytes of counters', () => {
    const iad = '0110A00003220000000000000000000000FF';
    const tags = (cvnByte: string) =>
      reader({
        '9F02': '000000009999',
        '9F03': '000000000000',
        '9F1A': '0124',
        '95': '8000000000',
        '5F2A': '0124',
        '9A': '209906',
        '9C': '00',
        '9F37': 'ABCDEF12',
        '82': '1800',
        '9F36': '001C',
        '9F10': iad.replace('0110', `01${cvnByte}`),
      });
    const sk = mastercardSessionKey(mkAc, atc, un);
    const head = data.subarray(0, 33);
    const sixteen = new EmvCardKeys(
      { ...issuer, version: cryptogramVersion('mastercard', 16) },
      PAN,
    );
    expect(sixteen.applicationCryptogram(tags('10'))).toEqual(
      isoMacAlgorithm3(sk, Buffer.concat([head, hex('A00003220000')]), 2),
    );
    const seventeen = new EmvCardKeys(
      { ...issuer, version: cryptogramVersion('mastercard', 17) },
      PAN,
    );
    expect(seventeen.applicationCryptogram(tags('11'))).toEqual(
      isoMacAlgorithm3(sk, Buffer.concat([head, hex('A00003220000'), hex('00000000000000FF')]), 2),
    );
  });
});

describe('cryptogram data refused, naming the tag', () => {
  it('refuses a missing or short tag and an IAD of another CVN', () => {
    const card = new EmvCardKeys({ ...issuer, version: cryptogramVersion('visa', 18) }, PAN);
    const good = visaTags('06011203A0B800');
    const without =
      (tag: string): EmvTagReader =>
      (t) =>
        t === tag ? undefined : good(t);
    expect(() => card.applicationCryptogram(without('9F37'))).toThrow(
      'icc: tag 9F37 (Unpredictable Number) is missing; visa CVN 18 computes its cryptogram over it',
    );
    expect(() => card.applicationCryptogram((t) => (t === '9F02' ? hex('00') : good(t)))).toThrow(
      /tag 9F02 \(Amount, Authorised \(Numeric\)\) is not 6 bytes/,
    );
    expect(() => card.applicationCryptogram(visaTags('06010A03A06010'))).toThrow(
      /tag 9F10 .* names another CVN/,
    );
    expect(() => cryptogramVersion('visa', 17)).toThrow('cvn: visa CVN is one of 10, 18, 22');
  });
});
