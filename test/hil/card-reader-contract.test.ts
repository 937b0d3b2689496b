import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { parseHex, tdesCbcDecrypt, tdesDukptKey } from '../../drivers/crypto/index.ts';
import type { CardRead } from '../../drivers/readers/card-read.ts';
import { toRequestFields } from '../../drivers/readers/request-fields.ts';
import { findCard, loadCardCatalogue } from '../../drivers/sim/card-catalogue.ts';
import { TEST_BDK } from '../../drivers/sim/simulated-keys.ts';
import { READER_BENCHES, type ReaderBench } from './helpers/reader-benches.ts';

const cards = loadCardCatalogue();
const visa = findCard(cards, 'visa');
const amex = findCard(cards, 'amex');

/** The clear track text inside an encrypted swipe, decrypted as the server would from the BDK. */
function decryptSwipe(read: CardRead): string {
  if (read.kind !== 'encrypted-swipe') throw new Error('not an encrypted swipe');
  const usage = read.e_datafieldfmt === 'magtek' ? 'pin' : 'data-request';
  const key = tdesDukptKey(parseHex('bdk', TEST_BDK), parseHex('ksn', read.e_id), usage);
  return tdesCbcDecrypt(key, parseHex('e_trackdata', read.e_trackdata))
    .toString('latin1')
    .replace(/\0+$/, '');
}

describe.each(READER_BENCHES)('card-reader contract: $label', (kind) => {
  let bench: ReaderBench | undefined;
  afterEach(async () => {
    await bench?.close();
    bench = undefined;
  });

  it('turns a swipe into masked display fields and the request fields, never the clear PAN outside them', async () => {
    bench = await kind.make();
    const reading = bench.driver.readCard({ deadlineMs: 5000 });
    await bench.swipe(visa);
    const read = await reading;
    expect(read).toMatchObject({
      maskedAccount: 'XXXXXXXXXXXX1111',
      lastFour: '1111',
      cardholderName: 'TEST CARD/VISA',
      expdate: '1230',
    });
    expect(read.entryMode).toBe('swipe');
    expect(JSON.stringify(read)).not.toContain(visa.pan);
    expect(inspect(read, { depth: 5 })).not.toContain(visa.pan);
    const fields = toRequestFields(read);
    expect(fields.cardpresent).toBe('yes');
    if (kind.encrypting) {
      expect(Object.keys(fields).sort()).toEqual([
        'cardholdername',
        'cardpresent',
        'e_datafieldfmt',
        'e_id',
        'e_trackdata',
      ]);
      expect(JSON.stringify(fields)).not.toContain(visa.pan);
    } else {
      expect(fields.trackdata).toBe(visa.track1 + visa.track2);
    }
  });

  it('reads successive cards in order, each with its own data', async () => {
    bench = await kind.make();
    const first = bench.driver.readCard({ deadlineMs: 5000 });
    await bench.swipe(visa);
    const second = (await first, bench.driver.readCard({ deadlineMs: 5000 }));
    await bench.swipe(amex);
    const [a, b] = [await first, await second];
    expect([a.lastFour, b.lastFour]).toEqual(['1111', '8431']);
    if (a.kind === 'encrypted-swipe' && b.kind === 'encrypted-swipe')
      expect(a.e_id).not.toBe(b.e_id);
  });

  it.runIf(kind.encrypting)(
    'sends ciphertext that decrypts with the test BDK to the track the simulator holds',
    async () => {
      bench = await kind.make();
      const reading = bench.driver.readCard({ deadlineMs: 5000 });
      await bench.swipe(amex);
      const clear = decryptSwipe(await reading);
      expect(clear).toContain(amex.track2);
    },
  );

  it('times out with TIMEOUT when nobody swipes', async () => {
    bench = await kind.make();
    await expect(bench.driver.readCard({ deadlineMs: 150 })).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
  });

  it('stops waiting with CANCELLED when the cashier cancels', async () => {
    bench = await kind.make();
    const controller = new AbortController();
    const reading = bench.driver.readCard({ signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    await expect(reading).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('reports DISCONNECTED, not a hang, when the reader is unplugged while waiting', async () => {
    bench = await kind.make();
    const reading = bench.driver.readCard({ deadlineMs: 5000 });
    await bench.unplug();
    await expect(reading).rejects.toMatchObject({ code: 'DISCONNECTED' });
  });
});
