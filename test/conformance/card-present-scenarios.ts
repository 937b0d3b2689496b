import { toHex } from '../../drivers/crypto/index.ts';
import { findCard, loadCardCatalogue } from '../../drivers/sim/card-catalogue.ts';
import type { PaymentClient } from '../../main/payment/index.ts';
import { captureSwipe } from '../drivers/readers/helpers/reader-captures.ts';
import {
  aesKsnHex,
  aesPinBlock,
  encryptedAccount,
  encryptedTracks,
  iccCryptogram,
  iccOf,
  tdesKsn,
  tdesPinBlock,
} from '../server/helpers/card-present-data.ts';
import { ttidOf, type Scenario } from './operation-scenarios.ts';

const cards = loadCardCatalogue();
const visa = findCard(cards, 'visa');
const amex = findCard(cards, 'amex');
const mc = findCard(cards, 'mc');
const debit = findCard(cards, 'visa-debit');
const mcDebit = findCard(cards, 'mc-debit');
const expired = findCard(cards, 'visa-expired');

const sale = (pay: PaymentClient, fields: Record<string, string>, amount: string) =>
  pay.sale({ account_data: { cardpresent: 'yes', ...fields }, money: { amount } });

/** The swipe of a simulated reader as its whole output (e_datafield). */
async function datafield(reader: Parameters<typeof captureSwipe>[0], card = visa) {
  return toHex(await captureSwipe(reader, card));
}

const INCORRECT_PIN = { phard_code: 'BAD_PIN', verbiage: 'INCORRECT PIN' } as const;

/**
 * Card-present sales (docs/api.md, Card-present entry): encrypted reader data, PIN debit under
 * TDES and AES DUKPT, EMV chip and tap, with the declines each brings; every one runs over REST
 * v2, REST v1 and key/value with the same data, so the answers must match field by field.
 */
export const CARD_PRESENT_SCENARIOS: readonly Scenario[] = [
  {
    name: 'e_datafield: a MagTek report, its format read from the bytes',
    operation: 'sale',
    expected: 'approved',
    fields: {
      account: 'XXXXXXXXXXXX1111',
      rcpt_entry_mode: 'S',
      cardholdername: visa.cardholderName,
    },
    run: async (pay) => sale(pay, { e_datafield: await datafield('magtek') }, '10.00'),
  },
  {
    name: 'e_datafield: an ID TECH enhanced frame with e_datafieldfmt',
    operation: 'sale',
    expected: 'approved',
    fields: { account: 'XXXXXXXXXXX8431', cardtype: 'AMEX' },
    run: async (pay) =>
      sale(
        pay,
        { e_datafield: await datafield('idtech-enhanced', amex), e_datafieldfmt: 'idtech' },
        '11.00',
      ),
  },
  {
    name: 'e_datafield: an ID TECH original frame',
    operation: 'sale',
    expected: 'approved',
    run: async (pay) => sale(pay, { e_datafield: await datafield('idtech-original') }, '12.00'),
  },
  {
    name: 'e_datafield: a frame with a broken LRC is refused before decryption',
    operation: 'sale',
    expected: 'declined_service',
    fields: {
      msoft_code: 'DATA_INVALIDFIELD',
      verbiage: 'e_datafield: lrc: LRC or checksum does not match (idtech.lrc)',
      ttid: undefined,
    },
    run: async (pay) => {
      const raw = await captureSwipe('idtech-enhanced', visa);
      raw[raw.length - 3] = (raw[raw.length - 3] ?? 0) ^ 0x01;
      return sale(pay, { e_datafield: toHex(raw) }, '3.00');
    },
  },
  {
    name: 'e_datafield: an expired card declines as a keyed one',
    operation: 'sale',
    expected: 'declined_processor',
    fields: { phard_code: 'EXPIRED', verbiage: 'EXPIRED CARD' },
    run: async (pay) => sale(pay, { e_datafield: await datafield('magtek', expired) }, '3.00'),
  },
  {
    name: 'e_trackdata with e_id',
    operation: 'sale',
    expected: 'approved',
    fields: { account: 'XXXXXXXXXXXX5454', rcpt_entry_mode: 'S' },
    run: (pay) =>
      sale(
        pay,
        { e_trackdata: encryptedTracks(mc, tdesKsn(21), 'data-request'), e_id: tdesKsn(21) },
        '13.00',
      ),
  },
  {
    name: 'e_account with e_id, keyed on the PIN pad',
    operation: 'sale',
    expected: 'approved',
    fields: { account: 'XXXXXXXXXXXX1111', rcpt_entry_mode: 'M' },
    run: (pay) =>
      sale(
        pay,
        { e_account: encryptedAccount(visa.pan, tdesKsn(22)), e_id: tdesKsn(22), expdate: '1230' },
        '14.00',
      ),
  },
  {
    name: 'PIN debit: a TDES DUKPT format 0 block',
    operation: 'sale',
    expected: 'approved',
    fields: { account: 'XXXXXXXXXXXX5556', phard_code: 'SUCCESS' },
    run: (pay) =>
      pay.sale({
        account_data: { trackdata: debit.track2 },
        pin_data: { pin: tdesPinBlock(0, debit.pin, debit.pan, tdesKsn(23)), ksn: tdesKsn(23) },
        money: { amount: '25.00' },
      }),
  },
  {
    name: 'PIN debit: an AES DUKPT format 4 block',
    operation: 'sale',
    expected: 'approved',
    fields: { account: 'XXXXXXXXXXXX8210' },
    run: (pay) =>
      pay.sale({
        account_data: { trackdata: mcDebit.track2 },
        pin: aesPinBlock(mcDebit.pin, mcDebit.pan, aesKsnHex(3)),
        ksn: aesKsnHex(3),
        amount: '26.00',
      }),
  },
  {
    name: 'PIN debit: a wrong PIN is declined by the issuer',
    operation: 'sale',
    expected: 'declined_processor',
    fields: INCORRECT_PIN,
    run: (pay) =>
      pay.sale({
        trackdata: debit.track2,
        pin: tdesPinBlock(0, '9876', debit.pan, tdesKsn(24)),
        ksn: tdesKsn(24),
        amount: '27.00',
      }),
  },
  {
    name: 'PIN debit: PINLESS',
    operation: 'sale',
    expected: 'approved',
    run: (pay) => pay.sale({ trackdata: debit.track2, pin: 'PINLESS', amount: '28.00' }),
  },
  {
    name: 'EMV: a chip read, with its receipt fields and the issuer’s response data',
    operation: 'sale',
    expected: 'approved',
    fields: {
      rcpt_entry_mode: 'C',
      rcpt_emv_aid: 'A0000000031010',
      rcpt_emv_name: 'VISA CREDIT',
      rcpt_emv_actype: 'ARQC',
      rcpt_emv_ac: iccCryptogram(iccOf(visa, 3000)),
      rcpt_emv_tvr: '0000008000',
      rcpt_emv_tsi: 'E800',
      rcpt_emv_cvm: '420300',
      rcpt_emv_iad: '06010A03A00000',
      rcpt_emv_pinbypass: 'no',
    },
    run: (pay) => sale(pay, { icc: iccOf(visa, 3000) }, '30.00'),
  },
  {
    name: 'EMV: a tap',
    operation: 'sale',
    expected: 'approved',
    fields: { rcpt_entry_mode: 'T', rcpt_emv_form_factor: '20700000' },
    run: (pay) => sale(pay, { icc: iccOf(mc, 3100, { contactless: true }), rfid: 'yes' }, '31.00'),
  },
  {
    name: 'EMV with a PIN taken without PAN (format 1)',
    operation: 'sale',
    expected: 'approved',
    run: (pay) =>
      pay.sale({
        icc: iccOf(debit, 3200),
        pin: tdesPinBlock(1, debit.pin, debit.pan, tdesKsn(25)),
        ksn: tdesKsn(25),
        amount: '32.00',
      }),
  },
  {
    name: 'EMV: a chip whose cryptogram does not verify is declined by its issuer',
    operation: 'sale',
    expected: 'declined_processor',
    fields: {
      code: 'DENY',
      phard_code: 'BAD_CRYPTOGRAM',
      verbiage: 'CARD CRYPTOGRAM DID NOT VERIFY',
      icc: '8A023832',
    },
    run: (pay) => sale(pay, { icc: iccOf(mc, 3400, { wrongCryptogram: true }) }, '34.00'),
  },
  {
    name: 'EMV: malformed TLV is refused naming the offset',
    operation: 'sale',
    expected: 'declined_service',
    fields: {
      msoft_code: 'DATA_INVALIDFIELD',
      verbiage:
        'icc: malformed BER-TLV at byte 0: tag 9F27 declares 2 bytes, 1 remain (tlv.value-truncated)',
    },
    run: (pay) => sale(pay, { icc: '9F270280' }, '5.00'),
  },
  {
    name: 'EMV: the card declines after the approval; the reversal carries its final data',
    operation: 'reversal',
    expected: 'approved',
    fields: { rcpt_emv_card_decline: 'yes', rcpt_emv_actype: 'AAC' },
    run: async (pay) => {
      const approved = await sale(pay, { icc: iccOf(visa, 3300) }, '33.00');
      return pay.reversal(ttidOf(approved), { icc: iccOf(visa, 3300, { cid: '00' }) });
    },
  },
];
