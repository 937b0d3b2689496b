import { describe, expect, it } from 'vitest';
import { decodeTlv, parseHex, parseIssuerKeys, toHex } from '../../../drivers/crypto/index.ts';
import { LoopbackProcessor, type ProcessorRequest } from '../../../server/processor/index.ts';
import hsm from '../../fixtures/vectors/emv_cvn_hsm.json' with { type: 'json' };

// Known answers of knovichikhin/pyemv tests/test_cvn_hsm.py (values an HSM produced), copied in
// test/fixtures/vectors/emv_cvn_hsm.json: Visa CVN 10 and 18 cryptograms and their ARPCs.
const issuerKeys = parseIssuerKeys([
  { bin: '12345678', scheme: 'visa', cvn: 10, ...hsm.issuerKeys },
]);
const processor = new LoopbackProcessor({ pace: () => Promise.resolve(), issuerKeys });
const NOW = new Date('2019-11-05T12:00:00Z');
const PAN = hsm.pan;
const TAGS = { ...hsm.visaData, '5F34': hsm.psn };
const TEN = hsm.visaCvn10;
const EIGHTEEN = hsm.visaCvn18;

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
    const reply = await processor.send(chipSale(PAN, TEN.iad, TEN.arqc));
    expect(reply).toMatchObject({ code: 'AUTH', phardCode: 'SUCCESS' });
    expect(issuerData(reply.issuerData)).toEqual({
      '91': `${TEN.arpcForArc3030}3030`,
      '8A': '3030',
    });
  });

  it('Visa CVN 18: a decline answers the HSM vector ARPC, method 2 with CSU 00000000', async () => {
    const keys18 = parseIssuerKeys([
      { bin: '12345678', scheme: 'visa', cvn: 18, ...hsm.issuerKeys },
    ]);
    const eighteen = new LoopbackProcessor({ pace: () => Promise.resolve(), issuerKeys: keys18 });
    const reply = await eighteen.send(chipSale(PAN, EIGHTEEN.iad, EIGHTEEN.arqc, 601));
    expect(reply).toMatchObject({ code: 'DENY', phardCode: 'GENERICFAIL' });
    expect(issuerData(reply.issuerData)).toEqual({
      '91': `${EIGHTEEN.arpcForCsu00000000}00000000`,
      '8A': '3035',
    });
  });

  it('declines a cryptogram that does not verify, with its phard_code and 8A 82, no ARPC', async () => {
    const reply = await processor.send(chipSale(PAN, TEN.iad, `${TEN.arqc.slice(0, 15)}F`));
    expect(reply).toEqual({
      code: 'DENY',
      phardCode: 'BAD_CRYPTOGRAM',
      verbiage: 'CARD CRYPTOGRAM DID NOT VERIFY',
      issuerData: '8A023832',
    });
  });

  it('declines chip data its CVN cannot compute over, naming the tag, never card data', async () => {
    const missing = await processor.send(chipSale(PAN, TEN.iad, TEN.arqc, 4000, '9F37'));
    expect(missing).toMatchObject({
      phardCode: 'BAD_CRYPTOGRAM',
      verbiage:
        'CARD CRYPTOGRAM DID NOT VERIFY (tag 9F37 (Unpredictable Number) is missing; visa CVN 10 computes its cryptogram over it)',
    });
    const otherCvn = await processor.send(chipSale(PAN, EIGHTEEN.iad, EIGHTEEN.arqc));
    expect(otherCvn.verbiage).toMatch(/tag 9F10 \(Issuer Application Data\) names another CVN/);
  });

  it('does not verify a card whose BIN has no issuer keys, and answers 8A alone', async () => {
    const reply = await processor.send(chipSale('4999999999999996', TEN.iad, '0000000000000000'));
    expect(reply).toMatchObject({ code: 'AUTH', issuerData: '8A023030' });
  });
});
