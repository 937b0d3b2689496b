import { describe, expect, it } from 'vitest';
import {
  decodeTlv,
  findTlv,
  parseHex,
  tdesCbcDecrypt,
  tdesDukptKey,
} from '../../drivers/crypto/index.ts';
import { NGA, NGA_STATUS, NgaFrameParser, encodeNgaFrame } from '../../drivers/emv/nga-frame.ts';
import { toRequestFields } from '../../drivers/readers/request-fields.ts';
import { findCard, loadCardCatalogue } from '../../drivers/sim/card-catalogue.ts';
import { TEST_BDK } from '../../drivers/sim/simulated-keys.ts';
import { type AnswerOptions, issuerAnswer } from './helpers/issuer-answer.ts';
import { type NgaBench, ngaBenches } from './helpers/nga-bench.ts';

const cards = loadCardCatalogue();
const mc = findCard(cards, 'mc');

const start = ngaBenches();

describe('EMV reader (NGA protocol 2) over a real pty (socat)', () => {
  it('answers ping', async () => {
    const bench = await start();
    await expect(bench.driver.ping({ deadlineMs: 2000 })).resolves.toBeUndefined();
  });

  it('reads a tapped card as contactless, with rfid=yes and the receipt tags', async () => {
    const bench = await start();
    const reading = bench.driver.readCard({ amountMinor: 2599, deadlineMs: 5000 });
    bench.sim.present(mc, 'contactless');
    const read = await reading;
    expect(read).toMatchObject({
      kind: 'emv',
      entryMode: 'contactless',
      rfid: 'yes',
      lastFour: '5454',
      receipt: {
        aid: 'A0000000041010',
        applicationLabel: 'MASTERCARD',
        cryptogramType: 'ARQC',
        tvr: '0000008000',
        tsi: 'E800',
      },
    });
    expect(toRequestFields(read)).toMatchObject({ rfid: 'yes' });
    if (read.kind !== 'emv') throw new Error('expected an EMV read');
    expect(read.icc).toContain('9F0206000000002599');
    expect(read.receipt.cryptogram).toMatch(/^[0-9A-F]{16}$/);
  });

  it('turns a magnetic-stripe fallback into an encrypted swipe the server decrypts as "idtech"', async () => {
    const bench = await start();
    const reading = bench.driver.readCard({ amountMinor: 100, deadlineMs: 5000 });
    bench.sim.present(mc, 'fallback-swipe');
    const read = await reading;
    expect(read).toMatchObject({
      kind: 'encrypted-swipe',
      entryMode: 'fallback-swipe',
      e_datafieldfmt: 'idtech',
      lastFour: '5454',
    });
    if (read.kind !== 'encrypted-swipe') throw new Error('expected an encrypted swipe');
    const key = tdesDukptKey(parseHex('bdk', TEST_BDK), parseHex('ksn', read.e_id), 'data-request');
    expect(
      tdesCbcDecrypt(key, parseHex('e_trackdata', read.e_trackdata)).toString('latin1'),
    ).toContain(mc.track2);
  });

  it('reports a failed chip read as CARD_READ', async () => {
    const bench = await start();
    bench.sim.cardReadFails = true;
    const reading = bench.driver.readCard({ amountMinor: 100, deadlineMs: 5000 });
    bench.sim.present(mc, 'contact');
    await expect(reading).rejects.toMatchObject({ code: 'CARD_READ' });
  });

  it('cancel() ends the wait and the reader is ready again', async () => {
    const bench = await start();
    const reading = bench.driver.readCard({ amountMinor: 100, deadlineMs: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bench.sim.activated).toBe(true);
    bench.driver.cancel();
    await expect(reading).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(bench.sim.activated).toBe(false);
    await expect(bench.driver.ping({ deadlineMs: 2000 })).resolves.toBeUndefined();
  });

  it('refuses a missing amount, naming the field', async () => {
    const bench = await start();
    await expect(bench.driver.readCard({ deadlineMs: 1000 })).rejects.toMatchObject({
      code: 'BAD_INPUT',
      field: 'amountMinor',
    });
  });
});

const visa = findCard(cards, 'visa');

/** A chip read of the visa card waiting for the host response. */
async function inserted(bench: NgaBench, amount = 1500) {
  const reading = bench.driver.readCard({ amountMinor: amount, deadlineMs: 5000 });
  bench.sim.present(visa, 'contact');
  const read = await reading;
  if (read.kind !== 'emv') throw new Error('expected an EMV read');
  return read;
}

/** The issuer's answer to the chip read `read` (its real ARPC), 8A `code` and scripts. */
const issuerData = (read: { icc: string }, code: string, options: AnswerOptions = {}): string =>
  issuerAnswer(read.icc, visa.pan, code, options);

describe('EMV reader: the host response and the second GENERATE AC (60-12) over a real pty', () => {
  it('approved online: the card answers TC with the final receipt tags, issuer authentication in the TSI', async () => {
    const bench = await start();
    const read = await inserted(bench);
    const done = await bench.driver.completeTransaction(issuerData(read, '00'), {
      deadlineMs: 3000,
    });
    expect(done.cryptogramType).toBe('TC');
    expect(done.receipt).toMatchObject({
      aid: 'A0000000031010',
      applicationLabel: 'VISA CREDIT',
      tvr: read.receipt.tvr,
      tsi: 'F800',
      cryptogramType: 'TC',
    });
    expect(done.receipt.cryptogram).not.toBe(read.receipt.cryptogram);
    expect(done.scriptResults).toBeUndefined();
    const tags = decodeTlv(parseHex('icc', done.icc)).map((node) => node.tag);
    expect(tags).toEqual(expect.arrayContaining(['9F26', '9F27', '9F36', '8A', '9B']));
    expect(tags.filter((tag) => ['5A', '57', '5F20', 'DFEE13'].includes(tag))).toEqual([]);
  });

  it('an ARPC that does not verify: the card answers AAC, its TVR saying issuer authentication failed', async () => {
    const bench = await start();
    const read = await inserted(bench);
    const standIn = '910A5A5A5A5A5A5A5A5A30308A023030';
    const forged = await bench.driver.completeTransaction(standIn, { deadlineMs: 3000 });
    expect(forged).toMatchObject({ cryptogramType: 'AAC', receipt: { tvr: '0000008040' } });
    expect(read.receipt.tvr).toBe('0000008000');
    bench.sim.faults.arm('bad-arpc');
    const altered = await inserted(bench);
    await expect(
      bench.driver.completeTransaction(issuerData(altered, '00'), { deadlineMs: 3000 }),
    ).resolves.toMatchObject({ cryptogramType: 'AAC', receipt: { tsi: 'F800' } });
  });

  it('declined online, or no answer (8A Z3): the card answers AAC', async () => {
    const bench = await start();
    const read = await inserted(bench);
    const declined = await bench.driver.completeTransaction(issuerData(read, '05'), {
      deadlineMs: 3000,
    });
    expect(declined.cryptogramType).toBe('AAC');
    await inserted(bench);
    const offline = await bench.driver.completeTransaction(undefined, { deadlineMs: 3000 });
    expect(offline.cryptogramType).toBe('AAC');
    expect(findTlv(decodeTlv(parseHex('icc', offline.icc)), '8A')?.value.toString()).toBe('Z3');
  });

  it('the card-decline fault: approved online, the card still answers AAC (then TC again)', async () => {
    const bench = await start();
    bench.sim.faults.arm('card-decline');
    const first = await inserted(bench);
    const declined = await bench.driver.completeTransaction(issuerData(first, '00'), {
      deadlineMs: 3000,
    });
    expect(declined).toMatchObject({ cryptogramType: 'AAC', receipt: { cryptogramType: 'AAC' } });
    const second = await inserted(bench);
    await expect(
      bench.driver.completeTransaction(issuerData(second, '00'), { deadlineMs: 3000 }),
    ).resolves.toMatchObject({ cryptogramType: 'TC' });
  });

  it('runs issuer scripts whose MAC verifies: 9F5B names each as processed, the TSI says scripts ran', async () => {
    const bench = await start();
    const read = await inserted(bench);
    const done = await bench.driver.completeTransaction(
      issuerData(read, '00', { scripts: ['72'] }),
      { deadlineMs: 3000 },
    );
    expect(done).toMatchObject({ cryptogramType: 'TC', scriptResults: '2000000001' });
    expect(done.receipt.tsi).toBe('FC00');
    const again = await inserted(bench);
    const forged = await bench.driver.completeTransaction(
      issuerData(again, '00', { scripts: ['71'], forgedMac: true }),
      { deadlineMs: 3000 },
    );
    expect(forged).toMatchObject({ scriptResults: '1100000001', receipt: { tvr: '0000008020' } });
  });

  it('refuses a host response without a chip read waiting for it (a tap, or a second one), and bad issuer data', async () => {
    const bench = await start();
    await expect(
      bench.driver.completeTransaction('8A023030', { deadlineMs: 3000 }),
    ).rejects.toMatchObject({ code: 'DEVICE_STATUS', field: 'card' });
    const tapping = bench.driver.readCard({ amountMinor: 100, deadlineMs: 5000 });
    bench.sim.present(mc, 'contactless');
    await tapping;
    await expect(
      bench.driver.completeTransaction('8A023030', { deadlineMs: 3000 }),
    ).rejects.toMatchObject({ code: 'DEVICE_STATUS' });
    const read = await inserted(bench);
    await expect(
      bench.driver.completeTransaction('9F', { deadlineMs: 3000 }),
    ).rejects.toMatchObject({ code: 'BAD_INPUT', field: 'issuerData' });
    await expect(
      bench.driver.completeTransaction('9F2701', { deadlineMs: 3000 }),
    ).rejects.toMatchObject({ code: 'BAD_INPUT', field: 'issuerData' });
    await expect(
      bench.driver.completeTransaction(issuerData(read, '00'), { deadlineMs: 3000 }),
    ).resolves.toMatchObject({ cryptogramType: 'TC' });
    await expect(
      bench.driver.completeTransaction(issuerData(read, '00'), { deadlineMs: 3000 }),
    ).rejects.toMatchObject({ code: 'DEVICE_STATUS' });
  });

  it('answers malformed host response data with status 05 (bad parameter) and keeps the transaction', async () => {
    const bench = await start();
    const read = await inserted(bench);
    const answers = new NgaFrameParser('response');
    const got = new Promise<number>((resolve) =>
      bench.driver.transport.on('data', (chunk) => {
        const frame = answers.push(chunk).find((f) => f.command === NGA.complete[0]);
        if (frame !== undefined) resolve(frame.code);
      }),
    );
    await bench.driver.transport.write(
      encodeNgaFrame('command', {
        command: NGA.complete[0],
        code: NGA.complete[1],
        data: Buffer.from('9F2705', 'hex'),
      }),
    );
    expect(await got).toBe(NGA_STATUS.badParameter);
    await expect(
      bench.driver.completeTransaction(issuerData(read, '00'), { deadlineMs: 3000 }),
    ).resolves.toMatchObject({ cryptogramType: 'TC' });
  });
});
