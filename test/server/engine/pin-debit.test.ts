import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  aesDukptKey,
  buildPinBlock,
  encryptPinBlockTdes,
  parseHex,
  toHex,
} from '../../../drivers/crypto/index.ts';
import { findCard, loadCardCatalogue } from '../../../drivers/sim/card-catalogue.ts';
import {
  AES_BDK,
  aesKsnHex,
  aesPinBlock,
  tdesKsn,
  tdesPinBlock,
  withDemoKeys,
} from '../helpers/card-present-data.ts';
import { EngineFixture } from './helpers/engine-fixture.ts';

const cards = loadCardCatalogue();
const debit = findCard(cards, 'visa-debit');
const mcDebit = findCard(cards, 'mc-debit');
const stripe = findCard(cards, 'visa-stripe');

let fx: EngineFixture;
beforeEach(async () => {
  fx = await withDemoKeys(new EngineFixture());
});
afterEach(() => fx.close());

/** A swiped PIN debit sale of `card` with this pin and ksn. */
const debitSale = (card: typeof debit, pin: string, ksn?: string, amount = '25.00') =>
  fx.run('sale', { trackdata: card.track2, pin, ...(ksn !== undefined && { ksn }), amount });

const INCORRECT_PIN = {
  code: 'DENY',
  msoft_code: 'INT_SUCCESS',
  phard_code: 'BAD_PIN',
  verbiage: 'INCORRECT PIN',
};

describe('PIN debit (pin and ksn)', () => {
  it.each([0, 1, 3] as const)(
    'approves a TDES DUKPT format %i block of the card’s PIN and declines another PIN as the issuer',
    async (format) => {
      const ksn = tdesKsn(1 + format);
      const good = await debitSale(debit, tdesPinBlock(format, debit.pin, debit.pan, ksn), ksn);
      expect(good).toMatchObject({
        code: 'AUTH',
        phard_code: 'SUCCESS',
        account: 'XXXXXXXXXXXX5556',
      });
      const wrong = await debitSale(debit, tdesPinBlock(format, '9999', debit.pan, ksn), ksn);
      expect(wrong).toMatchObject(INCORRECT_PIN);
      expect(wrong.ttid).toBeDefined();
      const detail = await fx.run('trandetail', { ttid: wrong.ttid ?? '' });
      expect(detail).toMatchObject({ txnstatus: 'DECLINED', orig_phard_code: 'BAD_PIN' });
    },
  );

  it('knows each catalogue card’s PIN, and 1234 for any other card', async () => {
    const ksn = tdesKsn(8);
    expect((await debitSale(stripe, tdesPinBlock(0, '4321', stripe.pan, ksn), ksn)).code).toBe(
      'AUTH',
    );
    expect(await debitSale(stripe, tdesPinBlock(0, '1234', stripe.pan, ksn), ksn)).toMatchObject(
      INCORRECT_PIN,
    );
    const other = '4000000000000002';
    const keyed = { account: other, expdate: '1230', amount: '3.00' };
    const block = (pin: string) => tdesPinBlock(0, pin, other, ksn);
    expect((await fx.run('sale', { ...keyed, pin: block('1234'), ksn })).code).toBe('AUTH');
    expect(await fx.run('sale', { ...keyed, pin: block('12345'), ksn })).toMatchObject(
      INCORRECT_PIN,
    );
  });

  it('verifies an AES DUKPT format 4 block, and a 16-digit block under an AES KSN’s 2TDEA key', async () => {
    const ksn = aesKsnHex(2);
    expect((await debitSale(mcDebit, aesPinBlock(mcDebit.pin, mcDebit.pan, ksn), ksn)).code).toBe(
      'AUTH',
    );
    expect(await debitSale(mcDebit, aesPinBlock('0000', mcDebit.pan, ksn), ksn)).toMatchObject(
      INCORRECT_PIN,
    );
    const key = aesDukptKey(AES_BDK, parseHex('ksn', ksn), 'pin', '2tdea');
    const block = toHex(encryptPinBlockTdes(key, buildPinBlock(0, mcDebit.pin, mcDebit.pan)));
    expect((await debitSale(mcDebit, block, ksn)).code).toBe('AUTH');
  });

  it('takes PINLESS as PINless debit: no PIN checked', async () => {
    expect((await debitSale(debit, 'pinless')).code).toBe('AUTH');
  });

  it('refuses a block made for another card, an unknown key set, a block without ksn, and odd sizes, naming the card', async () => {
    const ksn = tdesKsn(5);
    const cases: [Record<string, string>, string, string | RegExp][] = [
      [
        { pin: tdesPinBlock(0, debit.pin, mcDebit.pan, ksn), ksn },
        'DATA_INVALIDFIELD',
        /^pin: does not decipher to an ISO 9564 format 0 PIN block for this card under key set FFFF987654 \(pinBlock\.\w+(-\w+)?\)$/,
      ],
      [
        { pin: tdesPinBlock(0, debit.pin, debit.pan, ksn), ksn: 'FFFF1111110000000001' },
        'SYS_SETUP',
        'ksn: no base derivation key for key set FFFF111111 on this server',
      ],
      [
        { pin: tdesPinBlock(0, debit.pin, debit.pan, ksn) },
        'DATA_MISSINGFIELD',
        'ksn: required with a PIN block',
      ],
      [
        { pin: '0123456789ABCDEF0123', ksn },
        'DATA_INVALIDFIELD',
        'pin: a DUKPT PIN block is 16 hex digits (TDES) or 32 (AES, format 4)',
      ],
      [
        { pin: aesPinBlock(debit.pin, debit.pan, aesKsnHex(1)), ksn },
        'DATA_INVALIDFIELD',
        'ksn: must be an AES KSN of 24 digits here',
      ],
    ];
    for (const [fields, msoft, verbiage] of cases) {
      const pairs = await fx.run('sale', { trackdata: debit.track2, amount: '2.00', ...fields });
      expect(pairs).toEqual({
        code: 'DENY',
        msoft_code: msoft,
        verbiage: typeof verbiage === 'string' ? verbiage : expect.stringMatching(verbiage),
        account: 'XXXXXXXXXXXX5556',
        cardtype: 'VISA',
      });
    }
  });

  it('never stores the PIN or the PIN block, nor answers them', async () => {
    const ksn = tdesKsn(6);
    const block = tdesPinBlock(0, debit.pin, debit.pan, ksn);
    const sale = await debitSale(debit, block, ksn);
    const detail = await fx.run('trandetail', { ttid: sale.ttid ?? '' });
    for (const pairs of [sale, detail]) {
      expect(JSON.stringify(pairs)).not.toContain(block);
      expect(Object.keys(pairs)).not.toContain('pin');
      expect(Object.keys(pairs)).not.toContain('ksn');
    }
    const rows = JSON.stringify(fx.db.prepare('SELECT * FROM transactions').all());
    expect(rows).not.toContain(block);
    expect(rows).not.toContain(debit.pan);
  });
});
