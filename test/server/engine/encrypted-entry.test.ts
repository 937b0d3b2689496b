import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { frameIdtech, toHex } from '../../../drivers/crypto/index.ts';
import { findCard, loadCardCatalogue } from '../../../drivers/sim/card-catalogue.ts';
import { captureSwipe } from '../../drivers/readers/helpers/reader-captures.ts';
import {
  aesEncryptedTrack2,
  aesKsnHex,
  encryptedAccount,
  encryptedTracks,
  tdesKsn,
  withDemoKeys,
} from '../helpers/card-present-data.ts';
import { EngineFixture } from './helpers/engine-fixture.ts';

const cards = loadCardCatalogue();
const visa = findCard(cards, 'visa');
const amex = findCard(cards, 'amex');

let fx: EngineFixture;
beforeEach(async () => {
  fx = await withDemoKeys(new EngineFixture());
});
afterEach(() => fx.close());

const transactionCount = (): number =>
  (fx.db.prepare('SELECT COUNT(*) AS n FROM transactions').get() as { n: number }).n;

/** Expects a service decline naming the field, with nothing recorded. */
async function refused(params: Record<string, string>, msoft: string, verbiage: string | RegExp) {
  const before = transactionCount();
  const pairs = await fx.run('sale', { amount: '4.00', ...params });
  expect(pairs).toEqual({
    code: 'DENY',
    msoft_code: msoft,
    verbiage: verbiage instanceof RegExp ? expect.stringMatching(verbiage) : verbiage,
  });
  expect(transactionCount()).toBe(before);
  return pairs;
}

describe('e_datafield: a reader’s whole output', () => {
  it.each(['magtek', 'idtech-enhanced', 'idtech-original'] as const)(
    'approves a %s swipe, its format read from the bytes, masked and as a swipe',
    async (reader) => {
      const raw = await captureSwipe(reader, amex);
      const sale = await fx.run('sale', { e_datafield: toHex(raw), amount: '10.00' });
      expect(sale).toMatchObject({
        code: 'AUTH',
        phard_code: 'SUCCESS',
        account: 'XXXXXXXXXXX8431',
        cardtype: 'AMEX',
        cardholdername: amex.cardholderName,
        rcpt_entry_mode: 'S',
      });
      const detail = await fx.run('trandetail', { ttid: sale.ttid ?? '' });
      expect(detail).toMatchObject({ expdate: '1230', rcpt_entry_mode: 'S' });
      const named = reader === 'magtek' ? 'magtek' : 'IDTECH';
      const again = await captureSwipe(reader, amex);
      expect(
        (await fx.run('sale', { e_datafield: toHex(again), e_datafieldfmt: named, amount: '1.00' }))
          .code,
      ).toBe('AUTH');
    },
  );

  it('refuses a frame that fails its LRC or checksum, naming the check, before decrypting', async () => {
    const raw = await captureSwipe('idtech-enhanced', visa);
    const badLrc = Buffer.from(raw);
    badLrc[raw.length - 3] = (badLrc[raw.length - 3] ?? 0) ^ 1;
    await refused(
      { e_datafield: toHex(badLrc) },
      'DATA_INVALIDFIELD',
      'e_datafield: lrc: LRC or checksum does not match (idtech.lrc)',
    );
    const badSum = Buffer.from(raw);
    badSum[raw.length - 2] = (badSum[raw.length - 2] ?? 0) ^ 1;
    await refused(
      { e_datafield: toHex(badSum), e_datafieldfmt: 'idtech' },
      'DATA_INVALIDFIELD',
      /\(idtech\.checksum\)$/,
    );
  });

  it('refuses a track whose SHA-1 or masked form disagrees with what it decrypts to', async () => {
    const raw = await captureSwipe('idtech-enhanced', visa);
    const hashAt = raw.length - 3 - 10 - 10 - 20;
    const tampered = Buffer.from(raw);
    tampered[hashAt + 5] = (tampered[hashAt + 5] ?? 0) ^ 0x10;
    const reframed = frameIdtech(tampered.subarray(3, -3));
    await refused(
      { e_datafield: toHex(reframed) },
      'DATA_INVALIDFIELD',
      'e_datafield: hash2: the hash of the decrypted track does not match the one the reader sent (capture.hash)',
    );
    const masked = Buffer.from(raw);
    masked.write('2222', raw.indexOf('1111=', 0, 'latin1'), 'latin1');
    await refused(
      { e_datafield: toHex(frameIdtech(masked.subarray(3, -3))) },
      'DATA_INVALIDFIELD',
      /\(capture\.masked\)$/,
    );
  });

  it('refuses bytes of no reader format, a format that does not match, and an unknown name', async () => {
    await refused(
      { e_datafield: 'A1B2C3' },
      'DATA_INVALIDFIELD',
      'e_datafield: neither a MagTek input report nor an ID TECH frame',
    );
    const raw = toHex(await captureSwipe('idtech-original', visa));
    await refused(
      { e_datafield: raw, e_datafieldfmt: 'magtek' },
      'DATA_INVALIDFIELD',
      'e_datafieldfmt: names magtek but e_datafield is an ID TECH frame',
    );
    await refused(
      { e_datafield: raw, e_datafieldfmt: 'verifone' },
      'DATA_INVALIDFIELD',
      'e_datafieldfmt: must be magtek or idtech',
    );
    await refused(
      { e_datafield: raw.slice(0, 40), e_datafieldfmt: 'idtech' },
      'DATA_INVALIDFIELD',
      /^e_datafield: frame: .*\(idtech\.frame\)$/,
    );
  });

  it('answers a swipe from a key set it holds no key for SYS_SETUP, naming the key set', async () => {
    const raw = await captureSwipe('magtek', visa, {
      keys: { bdk: '0123456789ABCDEFFEDCBA9876543210', initialKsn: 'FFFF1234560000000000' },
    });
    await refused(
      { e_datafield: toHex(raw) },
      'SYS_SETUP',
      'e_datafield: no base derivation key for key set FFFF123456 on this server',
    );
  });

  it('says a track did not decrypt when the key set’s key is not the reader’s', async () => {
    const raw = await captureSwipe('idtech-enhanced', visa, {
      keys: { bdk: 'FEDCBA9876543210F1F1F1F1F1F1F1F1' },
    });
    await refused(
      { e_datafield: toHex(raw) },
      'DATA_INVALIDFIELD',
      /^e_datafield: track1: does not decrypt to an ISO 7813 track \(wrong key or key set\)/,
    );
  });

  it('declines an expired card read this way as the processor declines a keyed one', async () => {
    const expired = findCard(cards, 'visa-expired');
    const swiped = await fx.run('sale', {
      e_datafield: toHex(await captureSwipe('magtek', expired)),
      amount: '3.00',
    });
    const keyed = await fx.run('sale', { account: expired.pan, expdate: '1223', amount: '3.00' });
    for (const pairs of [swiped, keyed]) {
      expect(pairs).toMatchObject({
        code: 'DENY',
        msoft_code: 'INT_SUCCESS',
        phard_code: 'EXPIRED',
        verbiage: 'EXPIRED CARD',
      });
    }
  });
});

describe('e_trackdata with e_id', () => {
  it('decrypts under the data variant (idtech) or the PIN variant (magtek), with or without the format named', async () => {
    const ksn = tdesKsn(3);
    const cases: Record<string, string>[] = [
      { e_trackdata: encryptedTracks(visa, ksn, 'data-request'), e_datafieldfmt: 'idtech' },
      { e_trackdata: encryptedTracks(visa, ksn, 'pin'), e_datafieldfmt: 'magtek' },
      { e_trackdata: encryptedTracks(visa, ksn, 'data-request') },
      { e_trackdata: encryptedTracks(visa, ksn, 'pin') },
    ];
    for (const fields of cases) {
      const sale = await fx.run('sale', { ...fields, e_id: ksn, amount: '2.00' });
      expect(sale, JSON.stringify(Object.keys(fields))).toMatchObject({
        code: 'AUTH',
        account: 'XXXXXXXXXXXX1111',
        cardholdername: visa.cardholderName,
        rcpt_entry_mode: 'S',
      });
    }
  });

  it('decrypts track 2 under the AES data key of an AES KSN', async () => {
    const ksn = aesKsnHex(5);
    const sale = await fx.run('sale', {
      e_trackdata: aesEncryptedTrack2(amex, ksn),
      e_id: ksn,
      amount: '2.00',
    });
    expect(sale).toMatchObject({ code: 'AUTH', account: 'XXXXXXXXXXX8431' });
  });

  it('refuses data under the wrong variant, partial blocks, and a KSN of an unknown key set', async () => {
    const ksn = tdesKsn(4);
    await refused(
      { e_trackdata: encryptedTracks(visa, ksn, 'pin'), e_id: ksn, e_datafieldfmt: 'idtech' },
      'DATA_INVALIDFIELD',
      'e_trackdata: does not decrypt to ISO 7813 track data under key set FFFF987654 (wrong key or e_datafieldfmt)',
    );
    await refused(
      { e_trackdata: 'A1B2C3D4', e_id: ksn },
      'DATA_INVALIDFIELD',
      'e_trackdata: must be whole 8-byte cipher blocks',
    );
    await refused(
      { e_trackdata: encryptedTracks(visa, ksn, 'pin'), e_id: '0000000000E00001' },
      'SYS_SETUP',
      'e_id: no base derivation key for key set FFFF000000 on this server',
    );
  });
});

describe('e_account: a card number keyed on the PIN pad', () => {
  it('decrypts the number under the data variant; expdate beside it', async () => {
    const ksn = tdesKsn(9);
    const sale = await fx.run('sale', {
      e_account: encryptedAccount(visa.pan, ksn),
      e_id: ksn,
      expdate: '1230',
      cardpresent: 'yes',
      amount: '6.00',
    });
    expect(sale).toMatchObject({ code: 'AUTH', account: 'XXXXXXXXXXXX1111', rcpt_entry_mode: 'M' });
    await refused(
      { e_account: encryptedAccount(visa.pan, tdesKsn(10)), e_id: ksn, expdate: '1230' },
      'DATA_INVALIDFIELD',
      'e_account: does not decrypt to a card number under key set FFFF987654 (wrong key)',
    );
  });
});
