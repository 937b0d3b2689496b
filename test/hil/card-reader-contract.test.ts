import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import {
  decodeTlv,
  findTlv,
  parseHex,
  readerCaptureFormat,
  tdesCbcDecrypt,
  tdesDukptKey,
} from '../../drivers/crypto/index.ts';
import type { CardRead } from '../../drivers/readers/card-read.ts';
import { toRequestFields } from '../../drivers/readers/request-fields.ts';
import { findCard, loadCardCatalogue } from '../../drivers/sim/card-catalogue.ts';
import { TEST_BDK } from '../../drivers/sim/simulated-keys.ts';
import { READER_BENCHES, type ReaderBench } from './helpers/reader-benches.ts';

const cards = loadCardCatalogue();
const visa = findCard(cards, 'visa');
const amex = findCard(cards, 'amex');
const bdk = parseHex('bdk', TEST_BDK);

/**
 * The clear card data inside a read, decrypted as the server would from the BDK: the track text
 * of an encrypted swipe, or the track 2 equivalent (tag 57, "=" for "D") inside an EMV read.
 */
function decryptRead(read: CardRead): string {
  if (read.kind === 'encrypted-swipe') {
    const usage = read.e_datafieldfmt === 'magtek' ? 'pin' : 'data-request';
    const key = tdesDukptKey(bdk, parseHex('ksn', read.e_id), usage);
    return tdesCbcDecrypt(key, parseHex('e_trackdata', read.e_trackdata)).toString('latin1');
  }
  if (read.kind !== 'emv') throw new Error('not an encrypted read');
  const icc = decodeTlv(parseHex('icc', read.icc));
  const key = tdesDukptKey(bdk, findTlv(icc, 'DFEE12')?.value ?? Buffer.alloc(0), 'data-request');
  const clear = decodeTlv(tdesCbcDecrypt(key, findTlv(icc, 'DFEE13')?.value ?? Buffer.alloc(0)));
  return (findTlv(clear, '57')?.value.toString('hex').toUpperCase() ?? '').replace('D', '=');
}

/** The track 2 digits between the sentinels. */
const track2Digits = (track2: string): string => track2.slice(1, -1);

describe.each(READER_BENCHES)('card-reader contract: $label', (kind) => {
  let bench: ReaderBench | undefined;
  afterEach(async () => {
    await bench?.close();
    bench = undefined;
  });
  const read = (deadlineMs: number, signal?: AbortSignal): Promise<CardRead> =>
    bench!.driver.readCard({
      deadlineMs,
      amountMinor: 1234,
      ...(signal === undefined ? {} : { signal }),
    });

  it('turns a card into masked display fields and the request fields, never the clear PAN outside them', async () => {
    bench = await kind.make();
    const reading = read(5000);
    await bench.swipe(visa);
    const result = await reading;
    expect(result).toMatchObject({ maskedAccount: 'XXXXXXXXXXXX1111', lastFour: '1111' });
    expect(result.expdate).toBe(kind.expiryShown ? '1230' : undefined);
    expect(result.cardholderName).toBe(kind.emv ? undefined : 'TEST CARD/VISA');
    expect(result.entryMode).toBe(kind.emv ? 'contact' : 'swipe');
    expect(JSON.stringify(result)).not.toContain(visa.pan);
    expect(inspect(result, { depth: 5 })).not.toContain(visa.pan);
    const fields = toRequestFields(result);
    expect(fields.cardpresent).toBe('yes');
    if (kind.emv) {
      expect(Object.keys(fields).sort()).toEqual(['cardpresent', 'icc']);
      expect(fields.icc).not.toContain(visa.pan);
      expect(fields.icc).not.toContain(
        Buffer.from(visa.pan, 'latin1').toString('hex').toUpperCase(),
      );
    } else if (kind.encrypting) {
      expect(Object.keys(fields).sort()).toEqual([
        'cardholdername',
        'cardpresent',
        'e_datafield',
        'e_datafieldfmt',
      ]);
      expect(readerCaptureFormat(Buffer.from(fields.e_datafield ?? '', 'hex'))).toBe(
        fields.e_datafieldfmt,
      );
      expect(JSON.stringify(fields)).not.toContain(visa.pan);
    } else {
      expect(fields.trackdata).toBe(visa.track1 + visa.track2);
    }
  });

  it('reads successive cards in order, each with its own data', async () => {
    bench = await kind.make();
    const first = read(5000);
    await bench.swipe(visa);
    const a = await first;
    const second = read(5000);
    await bench.swipe(amex);
    const b = await second;
    expect([a.lastFour, b.lastFour]).toEqual(['1111', '8431']);
    if (kind.encrypting) expect(decryptRead(a)).not.toBe(decryptRead(b));
  });

  it.runIf(kind.encrypting)(
    'sends ciphertext that decrypts with the test BDK to the track the simulator holds',
    async () => {
      bench = await kind.make();
      const reading = read(5000);
      await bench.swipe(amex);
      expect(decryptRead(await reading)).toContain(track2Digits(amex.track2));
    },
  );

  it('times out with TIMEOUT when no card comes', async () => {
    bench = await kind.make();
    await expect(read(150)).rejects.toMatchObject({ code: 'TIMEOUT' });
  });

  it('stops waiting with CANCELLED when the cashier cancels', async () => {
    bench = await kind.make();
    const controller = new AbortController();
    const reading = read(60_000, controller.signal);
    setTimeout(() => controller.abort(), 30);
    await expect(reading).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('reports DISCONNECTED, not a hang, when the reader is unplugged while waiting', async () => {
    bench = await kind.make();
    const reading = read(5000);
    await bench.unplug();
    await expect(reading).rejects.toMatchObject({ code: 'DISCONNECTED' });
  });
});
