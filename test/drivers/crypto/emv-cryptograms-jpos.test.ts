import { describe, expect, it } from 'vitest';
import {
  EmvCardKeys,
  arpcMethod1,
  arpcMethod2,
  cryptogramVersion,
  emvAcSessionKey,
  iccMasterKeyOptionA,
  isoMacAlgorithm3,
  mastercardSessionKey,
  toHex,
  type EmvTagReader,
} from '../../../drivers/crypto/index.ts';
import jpos from '../../fixtures/vectors/emv_jpos_jce.json' with { type: 'json' };

// Known answers of jPOS's software security module tests (jpos/jPOS
// jpos/src/test/java/org/jpos/security/jceadapter/JCESecurityModuleTest.java), copied in
// test/fixtures/vectors/emv_jpos_jce.json: Mastercard SKD, common session key and Visa master key
// cryptograms and ARPCs over one transaction's data.
const hex = (text: string): Buffer => Buffer.from(text, 'hex');
const ORDER = ['9F02', '9F03', '9F1A', '95', '5F2A', '9A', '9C', '9F37', '82', '9F36'] as const;
const data = Buffer.concat([...ORDER.map((tag) => hex(jpos.data[tag])), hex(jpos.cvr)]);
const mk = iccMasterKeyOptionA(hex(jpos.imkAc), jpos.pan, jpos.psn);
const keys = { imkAc: hex(jpos.imkAc), imkSmi: hex(jpos.imkAc), imkSmc: hex(jpos.imkAc) };
const reader =
  (tags: Record<string, string>): EmvTagReader =>
  (tag) =>
    tags[tag] === undefined ? undefined : hex(tags[tag]);

describe('EMV cryptograms against jPOS JCESecurityModuleTest', () => {
  it('Mastercard CVN 16: the SKD key over the 6-byte CVR, padding 2, ARPC method 1 under the ICC master key', () => {
    const iad = `0110${jpos.cvr}0000${'00'.repeat(8)}`;
    const tags = reader({ ...jpos.data, '9F10': iad });
    const card = new EmvCardKeys(
      { ...keys, version: cryptogramVersion('mastercard', 16) },
      jpos.pan,
      jpos.psn,
    );
    const arqc = card.applicationCryptogram(tags);
    expect(toHex(arqc)).toBe(jpos.mastercardSkd.padding2Arqc);
    expect(toHex(card.issuerAuthenticationData(arqc, tags, hex('0012'), true))).toBe(
      `${jpos.mastercardSkd.padding2ArpcMethod1Arc0012}0012`,
    );
    expect(
      card.checkIssuerAuthentication(
        arqc,
        tags,
        hex(`${jpos.mastercardSkd.padding2ArpcMethod1Arc0012}0012`),
      ).verified,
    ).toBe(true);
    const sk = mastercardSessionKey(mk, hex(jpos.data['9F36']), hex(jpos.data['9F37']));
    const unpadded = isoMacAlgorithm3(sk, data, 1);
    expect(toHex(unpadded)).toBe(jpos.mastercardSkd.padding1Arqc);
    expect(toHex(arpcMethod1(mk, unpadded, hex('0012')))).toBe(
      jpos.mastercardSkd.padding1ArpcMethod1Arc0012,
    );
  });

  it('the common session key: padding 1 and 2, ARPC methods 1 and 2', () => {
    const sk = emvAcSessionKey(mk, hex(jpos.data['9F36']));
    const common = jpos.commonSessionKey;
    expect(toHex(isoMacAlgorithm3(sk, data, 1))).toBe(common.padding1Arqc);
    const arqc = isoMacAlgorithm3(sk, data, 2);
    expect(toHex(arqc)).toBe(common.padding2Arqc);
    expect(toHex(arpcMethod1(sk, arqc, hex('0012')))).toBe(common.padding2ArpcMethod1Arc0012);
    expect(toHex(arpcMethod2(sk, arqc, hex('00120000')))).toBe(
      common.padding2ArpcMethod2Csu00120000,
    );
  });

  it('the ICC master key as the AC key (Visa CVN 10): zero padding, ARPC method 1', () => {
    const arqc = isoMacAlgorithm3(mk, data, 1);
    expect(toHex(arqc)).toBe(jpos.visaMasterKey.padding1Arqc);
    expect(toHex(arpcMethod1(mk, arqc, hex('3030')))).toBe(jpos.visaMasterKey.arpcMethod1Arc3030);
  });
});
