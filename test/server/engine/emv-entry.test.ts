import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeTlv, parseHex } from '../../../drivers/crypto/index.ts';
import { findCard, loadCardCatalogue } from '../../../drivers/sim/card-catalogue.ts';
import {
  encryptedTracks,
  iccCryptogram,
  iccOf,
  tdesKsn,
  tdesPinBlock,
  withDemoKeys,
} from '../helpers/card-present-data.ts';
import { EngineFixture } from './helpers/engine-fixture.ts';

const cards = loadCardCatalogue();
const visa = findCard(cards, 'visa');
const mc = findCard(cards, 'mc');
const debit = findCard(cards, 'visa-debit');

let fx: EngineFixture;
beforeEach(async () => {
  fx = await withDemoKeys(new EngineFixture());
});
afterEach(() => fx.close());

/** The issuer response data an answer carries, tag by tag. */
function issuerData(pairs: Record<string, string>): Map<string, string> {
  const nodes = decodeTlv(parseHex('icc', pairs.icc ?? ''));
  return new Map(nodes.map((node) => [node.tag, node.value.toString('hex').toUpperCase()]));
}

const RECEIPT = {
  rcpt_emv_aid: 'A0000000031010',
  rcpt_emv_name: 'VISA CREDIT',
  rcpt_emv_tvr: '0000008000',
  rcpt_emv_tsi: 'E800',
  rcpt_emv_actype: 'ARQC',
  rcpt_emv_iad: '06010A03A00000',
  rcpt_emv_pinbypass: 'no',
};

describe('EMV (icc)', () => {
  it('approves a chip read, its card tags encrypted in DFEE13, with its receipt fields and the issuer data', async () => {
    const icc = iccOf(visa, 1500);
    const receipt = { ...RECEIPT, rcpt_emv_ac: iccCryptogram(icc) };
    const sale = await fx.run('sale', { icc, amount: '15.00' });
    expect(sale).toMatchObject({
      code: 'AUTH',
      account: 'XXXXXXXXXXXX1111',
      cardholdername: visa.cardholderName,
      rcpt_entry_mode: 'C',
      rcpt_emv_cvm: '420300',
      ...receipt,
    });
    expect(sale.rcpt_emv_form_factor).toBeUndefined();
    const issuer = issuerData(sale);
    expect([...issuer.keys()]).toEqual(['91', '8A']);
    expect(issuer.get('8A')).toBe('3030');
    expect(issuer.get('91')).toMatch(/^[0-9A-F]{16}3030$/);
    const detail = await fx.run('trandetail', { ttid: sale.ttid ?? '' });
    expect(detail).toMatchObject({ rcpt_entry_mode: 'C', expdate: '1230', ...receipt });
    expect(detail.icc).toBeUndefined();
  });

  it('approves a tap as contactless, with the form factor', async () => {
    const sale = await fx.run('sale', {
      icc: iccOf(mc, 700, { contactless: true }),
      rfid: 'yes',
      amount: '7.00',
    });
    expect(sale).toMatchObject({
      code: 'AUTH',
      rcpt_entry_mode: 'T',
      rcpt_emv_form_factor: '20700000',
      rcpt_emv_cvm: '1F0302',
      rcpt_emv_name: 'MASTERCARD',
    });
  });

  it('reads the card from clear tags, and from the track read beside a chip without card tags', async () => {
    expect(
      (await fx.run('sale', { icc: iccOf(visa, 100, { clear: true }), amount: '1.00' })).account,
    ).toBe('XXXXXXXXXXXX1111');
    const bare = iccOf(visa, 100, { without: ['DFEE12', 'DFEE13', 'DFEE14', '5F24'] });
    const beside = await fx.run('sale', { icc: bare, trackdata: visa.track2, amount: '1.00' });
    expect(beside).toMatchObject({ code: 'AUTH', rcpt_entry_mode: 'C' });
    const ksn = tdesKsn(11);
    const encrypted = await fx.run('sale', {
      icc: bare,
      e_trackdata: encryptedTracks(visa, ksn, 'data-request'),
      e_id: ksn,
      amount: '1.00',
    });
    expect(encrypted).toMatchObject({ code: 'AUTH', cardholdername: visa.cardholderName });
    expect(
      await fx.run('sale', {
        icc: bare,
        e_trackdata: encryptedTracks(visa, ksn, 'pin'),
        amount: '1.00',
      }),
    ).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_MISSINGFIELD',
      verbiage: 'e_id: required with e_trackdata',
    });
    expect(
      await fx.run('sale', { icc: iccOf(visa, 100), trackdata: mc.track2, amount: '1.00' }),
    ).toEqual({
      code: 'DENY',
      msoft_code: 'DATA_INVALIDFIELD',
      verbiage: 'icc: the chip data and the track read beside it carry different PANs',
    });
  });

  it('refuses malformed TLV naming the offset, a missing cryptogram and a card that declined offline', async () => {
    const icc = iccOf(visa, 100);
    const cases: [string, string][] = [
      [
        `${icc}9F`,
        `icc: malformed BER-TLV at byte ${icc.length / 2}: a multi-byte tag runs past the end (tlv.tag-truncated)`,
      ],
      [`${icc}5A20`, `icc: malformed BER-TLV at byte ${icc.length / 2}: `],
      [
        iccOf(visa, 100, { without: ['9F26'] }),
        'icc: tag 9F26 (Application Cryptogram) is missing',
      ],
      [
        iccOf(visa, 100, { cid: '00' }),
        'icc: the card declined offline (9F27: AAC); nothing to authorize',
      ],
      [
        iccOf(visa, 100, { without: ['DFEE12', 'DFEE13'] }),
        'icc: no account: neither 5A nor 57, clear or encrypted (DFEE13), nor track data beside it',
      ],
    ];
    for (const [bytes, verbiage] of cases) {
      const pairs = await fx.run('sale', { icc: bytes, amount: '1.00' });
      expect(pairs.code).toBe('DENY');
      expect(pairs.msoft_code).toBe('DATA_INVALIDFIELD');
      expect(pairs.verbiage?.startsWith(verbiage), pairs.verbiage).toBe(true);
      expect(pairs.verbiage).not.toContain(visa.pan);
    }
  });

  it('answers a decline with the issuer’s response code, and scripts on the script amounts', async () => {
    const declined = await fx.run('sale', { icc: iccOf(visa, 601), amount: '6.01' });
    expect(declined).toMatchObject({ code: 'DENY', phard_code: 'GENERICFAIL' });
    expect(issuerData(declined).get('8A')).toBe('3035');
    const before = await fx.run('sale', { icc: iccOf(visa, 771), amount: '7.71' });
    const after = await fx.run('sale', { icc: iccOf(visa, 772), amount: '7.72' });
    expect([...issuerData(before).keys()]).toEqual(['91', '8A', '71']);
    expect([...issuerData(after).keys()]).toEqual(['91', '8A', '72']);
    expect(issuerData(after).get('72')).toMatch(/^9F180400000001860D8424000008[0-9A-F]{16}$/);
  });

  it('takes a PIN entered without PAN after an insert (format 1) and declines a wrong one with 8A 55', async () => {
    const ksn = tdesKsn(12);
    const icc = iccOf(debit, 2500);
    const good = await fx.run('sale', {
      icc,
      pin: tdesPinBlock(1, debit.pin, debit.pan, ksn),
      ksn,
      amount: '25.00',
    });
    expect(good.code).toBe('AUTH');
    const wrong = await fx.run('sale', {
      icc,
      pin: tdesPinBlock(1, '4444', debit.pan, ksn),
      ksn,
      amount: '25.00',
    });
    expect(wrong).toMatchObject({ phard_code: 'BAD_PIN', verbiage: 'INCORRECT PIN' });
    expect(issuerData(wrong).get('8A')).toBe('3535');
  });
});

describe('card decline after an online approval: reversal with the chip’s final data', () => {
  it('reverses the transaction, records the decline and answers rcpt_emv_card_decline=yes', async () => {
    const sale = await fx.run('sale', { icc: iccOf(visa, 1200), amount: '12.00' });
    const final = iccOf(visa, 1200, { cid: '00', tvr: '0000008040' });
    const reversal = await fx.run('reversal', { ttid: sale.ttid ?? '', icc: final });
    expect(reversal).toMatchObject({
      code: 'AUTH',
      phard_code: 'SUCCESS',
      rcpt_emv_card_decline: 'yes',
      rcpt_emv_actype: 'AAC',
      rcpt_emv_tvr: '0000008040',
    });
    const detail = await fx.run('trandetail', { ttid: sale.ttid ?? '' });
    expect(detail).toMatchObject({
      txnstatus: 'APPROVED|REVERSED',
      reversal_reason: 'CARDDECLINE',
      rcpt_emv_card_decline: 'yes',
      rcpt_emv_actype: 'AAC',
    });
    expect(detail.tranflags).not.toContain('SENSITIVEDATA');
  });

  it('refuses icc on a reversal that is no card decline, of a keyed sale, or with an amount', async () => {
    const chip = await fx.run('sale', { icc: iccOf(visa, 900), amount: '9.00' });
    const keyed = await fx.run('sale', {
      account: visa.pan,
      expdate: '1230',
      amount: '9.00',
    });
    const cases: [Record<string, string>, string][] = [
      [
        { ttid: chip.ttid ?? '', icc: iccOf(visa, 900, { cid: '40' }) },
        'icc: the final cryptogram (9F27) is not an AAC; a reversal carries icc only after a card decline',
      ],
      [
        { ttid: keyed.ttid ?? '', icc: iccOf(visa, 900, { cid: '00' }) },
        'icc: the transaction was not read from a chip; a reversal carries icc only after a card decline',
      ],
      [
        { ttid: chip.ttid ?? '', icc: iccOf(visa, 900, { cid: '00' }), amount: '5.00' },
        'amount: a card decline reverses the whole transaction; send no amount with icc',
      ],
      [
        { ttid: chip.ttid ?? '', icc: '9F2701' },
        'icc: malformed BER-TLV at byte 0: tag 9F27 declares 1 bytes, 0 remain (tlv.value-truncated)',
      ],
    ];
    for (const [params, verbiage] of cases) {
      const pairs = await fx.run('reversal', params);
      expect(pairs.code).toBe('DENY');
      expect(pairs.verbiage?.startsWith(verbiage), pairs.verbiage).toBe(true);
    }
    const detail = await fx.run('trandetail', { ttid: chip.ttid ?? '' });
    expect(detail).toMatchObject({ txnstatus: 'APPROVED' });
    expect(detail.rcpt_emv_card_decline).toBeUndefined();
  });
});
