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
import hsm from '../../fixtures/vectors/emv_cvn_hsm.json' with { type: 'json' };

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

// Known answers of knovichikhin/pyemv tests/test_cvn_hsm.py (values an HSM produced), copied in
// test/fixtures/vectors/emv_cvn_hsm.json.
const issuer = {
  imkAc: hex(hsm.issuerKeys.imkAc),
  imkSmi: hex(hsm.issuerKeys.imkSmi),
  imkSmc: hex(hsm.issuerKeys.imkSmc),
};
const PAN = hsm.pan;
const visaTags = (iad: string): EmvTagReader => reader({ ...hsm.visaData, '9F10': iad });
const APPROVED = Buffer.from('00', 'latin1');

describe('Visa CVN 10 and 18 against an HSM (PyEMV test_cvn_hsm.py)', () => {
  it('CVN 10: the ICC master key is the AC key; the data ends with the CVR; ARPC method 1', () => {
    const card = new EmvCardKeys({ ...issuer, version: cryptogramVersion('visa', 10) }, PAN);
    const ten = hsm.visaCvn10;
    const tags = visaTags(ten.iad);
    expect(kcv(card.acKey(tags))).toBe(hsm.keyCheckDigits.iccMkAc);
    expect(kcv(iccMasterKeyOptionA(issuer.imkSmi, PAN))).toBe(hsm.keyCheckDigits.iccMkSmi);
    const arqc = card.applicationCryptogram(tags);
    expect(toHex(arqc)).toBe(ten.arqc);
    expect(toHex(card.issuerAuthenticationData(arqc, tags, APPROVED, true))).toBe(
      `${ten.arpcForArc3030}3030`,
    );
    expect(toHex(card.scriptMac(hex('8418000008'), Buffer.alloc(0), tags, arqc))).toBe(
      ten.applicationUnblockMac,
    );
    expect(kcv(visaSecureMessagingKey(iccMasterKeyOptionA(issuer.imkSmi, PAN), hex('001C')))).toBe(
      ten.smSessionKeyCheckDigits,
    );
  });

  it('CVN 18: the common session key over the whole IAD; ARPC method 2 with its CSU', () => {
    const card = new EmvCardKeys({ ...issuer, version: cryptogramVersion('visa', 18) }, PAN);
    const eighteen = hsm.visaCvn18;
    const tags = visaTags(eighteen.iad);
    expect(kcv(card.acKey(tags))).toBe(eighteen.acSessionKeyCheckDigits);
    const arqc = card.applicationCryptogram(tags);
    expect(toHex(arqc)).toBe(eighteen.arqc);
    expect(toHex(card.issuerAuthenticationData(arqc, tags, APPROVED, false))).toBe(
      `${eighteen.arpcForCsu00000000}00000000`,
    );
    expect(toHex(card.scriptMac(hex('8418000008'), Buffer.alloc(0), tags, arqc))).toBe(
      eighteen.applicationUnblockMac,
    );
  });

  it('a card checks the ARPC it is given, and tells a tampered one', () => {
    for (const cvn of [10, 18] as const) {
      const card = new EmvCardKeys({ ...issuer, version: cryptogramVersion('visa', cvn) }, PAN);
      const tags = visaTags(cvn === 10 ? hsm.visaCvn10.iad : hsm.visaCvn18.iad);
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
  // Interac CVN 133 derives its AC key by Mastercard's SKD (R = ATC ‖ 00 00 ‖ UN) and its script
  // integrity key as the common session key with R = ARQC, as M/Chip does.
  const interac = hsm.interacCvn133;
  const atc = hex(interac.data['9F36']);
  const un = hex(interac.data['9F37']);
  const mkAc = iccMasterKeyOptionA(issuer.imkAc, PAN);
  const order = ['9F02', '9F03', '9F1A', '95', '5F2A', '9A', '9C', '9F37', '82', '9F36'] as const;
  const terminal = Buffer.concat(order.map((tag) => hex(interac.data[tag])));

  it('derives the SKD key, and its ARQC, ARPC method 1 and script MAC match', () => {
    const sk = mastercardSessionKey(mkAc, atc, un);
    expect(kcv(sk)).toBe(interac.acSessionKeyCheckDigits);
    const arqc = isoMacAlgorithm3(sk, Buffer.concat([terminal, hex(interac.iad)]), 2);
    expect(toHex(arqc)).toBe(interac.arqc);
    expect(toHex(arpcMethod1(sk, arqc, hex('0000')))).toBe(interac.arpcForArc0000);
    const smi = emvCommonSessionKey(iccMasterKeyOptionA(issuer.imkSmi, PAN), arqc);
    expect(toHex(scriptCommandMac(smi, hex('8424000008'), Buffer.alloc(0)))).toBe(
      interac.pinUnblockMac,
    );
  });

  it('CVN 16 and 17 compute over the 6-byte CVR, and 17 also over the 8 bytes of counters', () => {
    const iad = (cvnByte: string) => `01${cvnByte}A00003220000000000000000000000FF`;
    const tags = (cvnByte: string) => reader({ ...interac.data, '9F10': iad(cvnByte) });
    const sk = mastercardSessionKey(mkAc, atc, un);
    const sixteen = new EmvCardKeys(
      { ...issuer, version: cryptogramVersion('mastercard', 16) },
      PAN,
    );
    expect(sixteen.applicationCryptogram(tags('10'))).toEqual(
      isoMacAlgorithm3(sk, Buffer.concat([terminal, hex('A00003220000')]), 2),
    );
    const seventeen = new EmvCardKeys(
      { ...issuer, version: cryptogramVersion('mastercard', 17) },
      PAN,
    );
    expect(seventeen.applicationCryptogram(tags('11'))).toEqual(
      isoMacAlgorithm3(
        sk,
        Buffer.concat([terminal, hex('A00003220000'), hex('00000000000000FF')]),
        2,
      ),
    );
  });
});

describe('cryptogram data refused, naming the tag', () => {
  it('refuses a missing or short tag and an IAD of another CVN', () => {
    const card = new EmvCardKeys({ ...issuer, version: cryptogramVersion('visa', 18) }, PAN);
    const good = visaTags(hsm.visaCvn18.iad);
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
    expect(() => card.applicationCryptogram(visaTags(hsm.visaCvn10.iad))).toThrow(
      /tag 9F10 .* names another CVN/,
    );
    expect(() => cryptogramVersion('visa', 17)).toThrow('cvn: visa CVN is one of 10, 18, 22');
  });
});
