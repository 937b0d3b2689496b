import { describe, expect, it } from 'vitest';
import { decodeTlv, parseHex, parseIssuerKeys, toHex } from '../../../drivers/crypto/index.ts';
import { LoopbackProcessor, type ProcessorRequest } from '../../../server/processor/index.ts';

// Known answers of knovichikhin/pyemv tests/test_cvn_hsm.py (values an HSM produced) for PAN
// 1234567890123456, PSN 00, ATC 001C, under issuer keys AC 0123…3210, SMI FEDC…CDEF, SMC 89AB…BA98:
// Visa CVN 10 ARQC 29CCA15AE665FA2E, its ARPC for ARC "00" 28993816AFAE4AEB; CVN 18 ARQC
// 7A788EA6B8A3E733, its ARPC for CSU 00000000 9AF514C1.
const KEYS = {
  imkAc: '0123456789ABCDEFFEDCBA9876543210',
  imkSmi: 'FEDCBA98765432100123456789ABCDEF',
  imkSmc: '89ABCDEF0123456776543210FEDCBA98',
};
const issuerKeys = parseIssuerKeys([{ bin: '12345678', scheme: 'visa', cvn: 10, ...KEYS }]);
const processor = new LoopbackProcessor({ pace: () => Promise.resolve(), issuerKeys });
const NOW = new Date('2019-11-05T12:00:00Z');
const PAN = '1234567890123456';

const TAGS = {
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
  '5F34': '00',
};

/** A sale of a chip with the HSM vector's data, its IAD and 9F26 (by default its PAN). */
function chipSale(
  pan: string,
  iad: string,
  cryptogram: string,
  amount = 4000,
  drop?: string,
): ProcessorRequest {
  const tags: Record<string, string> = { ...TAGS, '9F10': iad };
  if (drop !== undefined) delete tags[drop];
  return {
    kind: 'authorize',
    amount,
    card: {
      pan,
      expdate: '1230',
      cardtype: 'VISA',
      cardNotPresent: false,
      emv: { cryptogram, cryptogramType: 'ARQC', tags },
    },
    stan: '000001',
    now: NOW,
  };
}

/** The issuer data of a reply, tag by tag. */
function issuerData(data: string | undefined): Record<string, string> {
  const nodes = decodeTlv(parseHex('icc', data ?? ''));
  return Object.fromEntries(nodes.map((node) => [node.tag, toHex(node.value)]));
}

describe('the simulated issuer verifies the ARQC and answers a real ARPC', () => {
  it('Visa CVN 10: approves the HSM vector ARQC and answers its ARPC, method 1', async () => {
    const reply = await processor.send(chipSale(PAN, '06010A03A06010', '29CCA15AE665FA2E'));
    expect(reply).toMatchObject({ code: 'AUTH', phardCode: 'SUCCESS' });
    expect(issuerData(reply.issuerData)).toEqual({ '91': '28993816AFAE4AEB3030', '8A': '3030' });
  });

  it('Visa CVN 18: a decline answers the HSM vector ARPC, method 2 with CSU 00000000', async () => {
    const keys18 = parseIssuerKeys([{ bin: '12345678', scheme: 'visa', cvn: 18, ...KEYS }]);
    const eighteen = new LoopbackProcessor({ pace: () => Promise.resolve(), issuerKeys: keys18 });
    const reply = await eighteen.send(chipSale(PAN, '06011203A0B800', '7A788EA6B8A3E733', 601));
    expect(reply).toMatchObject({ code: 'DENY', phardCode: 'GENERICFAIL' });
    expect(issuerData(reply.issuerData)).toEqual({ '91': '9AF514C100000000', '8A': '3035' });
  });

  it('declines a cryptogram that does not verify, with its phard_code and 8A 82, no ARPC', async () => {
    const reply = await processor.send(chipSale(PAN, '06010A03A06010', '29CCA15AE665FA2F'));
    expect(reply).toEqual({
      code: 'DENY',
      phardCode: 'BAD_CRYPTOGRAM',
      verbiage: 'CARD CRYPTOGRAM DID NOT VERIFY',
      issuerData: '8A023832',
    });
  });

  it('declines chip data its CVN cannot compute over, naming the tag, never card data', async () => {
    const missing = await processor.send(
      chipSale(PAN, '06010A03A06010', '29CCA15AE665FA2E', 4000, '9F37'),
    );
    expect(missing).toMatchObject({
      phardCode: 'BAD_CRYPTOGRAM',
      verbiage:
        'CARD CRYPTOGRAM DID NOT VERIFY (tag 9F37 (Unpredictable Number) is missing; visa CVN 10 computes its cryptogram over it)',
    });
    const otherCvn = await processor.send(chipSale(PAN, '06011203A0B800', '7A788EA6B8A3E733'));
    expect(otherCvn.verbiage).toMatch(/tag 9F10 \(Issuer Application Data\) names another CVN/);
  });

  it('does not verify a card whose BIN has no issuer keys, and answers 8A alone', async () => {
    const reply = await processor.send(
      chipSale('4999999999999996', '06010A03A06010', '0000000000000000'),
    );
    expect(reply).toMatchObject({ code: 'AUTH', issuerData: '8A023030' });
  });
});
