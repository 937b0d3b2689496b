import { afterEach, describe, expect, it } from 'vitest';
import {
  decryptPinBlockTdes,
  parseHex,
  parsePinBlock,
  tdesCbcDecrypt,
  tdesDukptKey,
} from '../../drivers/crypto/index.ts';
import { PinPadDriver } from '../../drivers/pinpad/pinpad-driver.ts';
import type { PinEntry } from '../../drivers/pinpad/pinpad-messages.ts';
import type { KeyedRead } from '../../drivers/readers/card-read.ts';
import { findCard, loadCardCatalogue } from '../../drivers/sim/card-catalogue.ts';
import { FaultPlan } from '../../drivers/sim/fault-plan.ts';
import { PinPadSimulator } from '../../drivers/sim/pinpad-simulator.ts';
import { TEST_BDK } from '../../drivers/sim/simulated-keys.ts';
import { StxLink } from '../../drivers/pinpad/stx-link.ts';
import { SerialTransport } from '../../drivers/transport/serial-transport.ts';
import { openPtyPair, type PtyPair } from './helpers/pty-pair.ts';

const cards = loadCardCatalogue();
const debit = findCard(cards, 'visa-debit');
const request = { pan: debit.pan, amountMinor: 2500 };

/** The PIN inside an entry, recovered as the server does: key from the BDK and KSN, decrypt, parse. */
function clearPin(entry: PinEntry, pan: string): string {
  const key = tdesDukptKey(parseHex('bdk', TEST_BDK), parseHex('ksn', entry.ksn), 'pin');
  return parsePinBlock(0, decryptPinBlockTdes(key, parseHex('pin', entry.pin)), pan);
}

interface PadBench {
  pair: PtyPair;
  driver: PinPadDriver;
  sim: PinPadSimulator;
  faults: FaultPlan;
}

async function padBench(typingMs = 50): Promise<PadBench> {
  const pair = await openPtyPair();
  const faults = new FaultPlan();
  faults.slowMs = 400;
  const sim = new PinPadSimulator(new SerialTransport({ path: pair.device, baudRate: 19200 }), {
    faults,
    cards,
    typingMs,
    unplug: () => pair.unplug(),
  });
  const driver = new PinPadDriver(new SerialTransport({ path: pair.host, baudRate: 19200 }), {
    ackTimeoutMs: 150,
  });
  await sim.start();
  await driver.open();
  return { pair, driver, sim, faults };
}

let bench: PadBench | undefined;
afterEach(async () => {
  await bench?.driver.close();
  await bench?.sim.stop().catch(() => undefined);
  await bench?.pair.unplug();
  bench = undefined;
});

describe('PIN pad contract: PIN pad driver against its simulator over a real pty (socat)', () => {
  it('answers a PIN request with the KSN and a format 0 block that decrypts to the cardholder PIN', async () => {
    bench = await padBench();
    const entry = await bench.driver.requestPin(request, { deadlineMs: 5000 });
    expect(entry.ksn).toBe('FFFF9876543210E00001');
    expect(entry.pin).toMatch(/^[0-9A-F]{16}$/);
    expect(clearPin(entry, debit.pan)).toBe(debit.pin);
    const next = await bench.driver.requestPin(request, { deadlineMs: 5000 });
    expect(next.ksn).toBe('FFFF9876543210E00002');
    expect(next.pin).not.toBe(entry.pin);
  });

  it('gives the X9.24 example block for PIN 1234 and PAN 4012345678909 at the first KSN', async () => {
    bench = await padBench();
    const entry = await bench.driver.requestPin(
      { pan: '4012345678909', amountMinor: 100 },
      { deadlineMs: 5000 },
    );
    expect(entry).toEqual({ ksn: 'FFFF9876543210E00001', pin: '1B9C1845EB993A7A' });
  });

  it('answers a PIN request without PAN with a format 1 block of the PIN of the card in hand', async () => {
    bench = await padBench();
    const stripe = findCard(cards, 'visa-stripe');
    bench.sim.cardInHand = stripe;
    const entry = await bench.driver.requestPin({ amountMinor: 1250 }, { deadlineMs: 5000 });
    const key = tdesDukptKey(parseHex('bdk', TEST_BDK), parseHex('ksn', entry.ksn), 'pin');
    const clear = decryptPinBlockTdes(key, parseHex('pin', entry.pin));
    expect(clear.toString('hex').charAt(0)).toBe('1');
    expect(parsePinBlock(1, clear)).toBe(stripe.pin);
    bench.sim.cardInHand = undefined;
    const other = await bench.driver.requestPin({ amountMinor: 1250 }, { deadlineMs: 5000 });
    const otherKey = tdesDukptKey(parseHex('bdk', TEST_BDK), parseHex('ksn', other.ksn), 'pin');
    expect(parsePinBlock(1, decryptPinBlockTdes(otherKey, parseHex('pin', other.pin)))).toBe(
      '1234',
    );
  });

  it('answers a malformed 70 with its 71 error and keeps serving', async () => {
    bench = await padBench();
    const link = new StxLink(bench.driver.transport, { ackTimeoutMs: 150 });
    const signal = AbortSignal.timeout(5000);
    const sent: [string, string][] = [
      ['70ABCD1234\x1cD0100', '712'],
      ['704111111111111111\x1cX0100', '715'],
      ['704111111111111111\x1cD01', '715'],
      ['70', '715'],
    ];
    for (const [message, answer] of sent) {
      await link.send(Buffer.from(message, 'latin1'), signal);
      expect((await link.receive(signal)).toString('latin1'), message).toBe(answer);
    }
    link.reset();
    expect(clearPin(await bench.driver.requestPin(request, { deadlineMs: 5000 }), debit.pan)).toBe(
      debit.pin,
    );
  });

  it('shows a message and reports its status', async () => {
    bench = await padBench();
    await bench.driver.display('INSERT CARD', { deadlineMs: 2000 });
    expect(bench.sim.display).toBe('INSERT CARD');
    expect(await bench.driver.status({ deadlineMs: 2000 })).toEqual({
      state: 'idle',
      keys: 'loaded',
      serial: 'PPSIM001',
    });
  });

  it('cancels PIN entry: the request rejects CANCELLED and the pad returns to idle', async () => {
    bench = await padBench(2000);
    const entry = bench.driver.requestPin(request, { deadlineMs: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bench.sim.status().state).toBe('pin-entry');
    bench.driver.cancel();
    await expect(entry).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(await bench.driver.status({ deadlineMs: 2000 })).toMatchObject({ state: 'idle' });
  });

  it('reports the cardholder pressing Cancel as CANCELLED', async () => {
    bench = await padBench();
    bench.sim.cardholderCancels = true;
    await expect(bench.driver.requestPin(request, { deadlineMs: 5000 })).rejects.toMatchObject({
      code: 'CANCELLED',
      field: 'pin',
    });
  });

  it('times out at the deadline, sends 72 and leaves the pad idle', async () => {
    bench = await padBench(3000);
    await expect(bench.driver.requestPin(request, { deadlineMs: 300 })).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
    expect(await bench.driver.status({ deadlineMs: 2000 })).toMatchObject({ state: 'idle' });
  });
});

describe('PIN pad fault modes over a real pty (socat)', () => {
  it('bad LRC once: the driver NAKs and the retransmission gets through', async () => {
    bench = await padBench();
    bench.faults.arm('bad-checksum');
    expect(clearPin(await bench.driver.requestPin(request, { deadlineMs: 5000 }), debit.pan)).toBe(
      debit.pin,
    );
  });

  it('bad LRC three times: CHECKSUM, no hang', async () => {
    bench = await padBench();
    bench.faults.arm('bad-checksum', 3);
    await expect(bench.driver.requestPin(request, { deadlineMs: 5000 })).rejects.toMatchObject({
      code: 'CHECKSUM',
      field: 'lrc',
    });
  });

  it('missing ACK once: the driver sends again and the PIN comes back', async () => {
    bench = await padBench();
    bench.faults.arm('missing-ack');
    expect(clearPin(await bench.driver.requestPin(request, { deadlineMs: 5000 }), debit.pan)).toBe(
      debit.pin,
    );
  });

  it('missing ACK three times: NO_ACK after three tries', async () => {
    bench = await padBench();
    bench.faults.arm('missing-ack', 3);
    await expect(bench.driver.status({ deadlineMs: 5000 })).rejects.toMatchObject({
      code: 'NO_ACK',
    });
  });

  it('slow answer: within the deadline it arrives, past it the call times out', async () => {
    bench = await padBench();
    bench.faults.arm('slow');
    await expect(bench.driver.status({ deadlineMs: 2000 })).resolves.toMatchObject({
      state: 'idle',
    });
    bench.faults.arm('slow');
    await expect(bench.driver.status({ deadlineMs: 200 })).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
  });

  it('garbage bytes before the answer are skipped', async () => {
    bench = await padBench();
    bench.faults.arm('garbage');
    expect(clearPin(await bench.driver.requestPin(request, { deadlineMs: 5000 }), debit.pan)).toBe(
      debit.pin,
    );
  });

  it('unplug in mid-message: DISCONNECTED, no hang', async () => {
    bench = await padBench();
    bench.faults.arm('unplug');
    await expect(bench.driver.requestPin(request, { deadlineMs: 5000 })).rejects.toMatchObject({
      code: 'DISCONNECTED',
    });
  });

  it('DUKPT counter exhaustion: KEY_EXHAUSTED, and the pad reports its keys exhausted', async () => {
    bench = await padBench();
    bench.faults.arm('exhausted');
    const last = await bench.driver.requestPin(request, { deadlineMs: 5000 });
    expect(last.ksn).toBe('FFFF9876543210FFF800');
    expect(clearPin(last, debit.pan)).toBe(debit.pin);
    await expect(bench.driver.requestPin(request, { deadlineMs: 5000 })).rejects.toMatchObject({
      code: 'KEY_EXHAUSTED',
    });
    expect(await bench.driver.status({ deadlineMs: 2000 })).toMatchObject({ keys: 'exhausted' });
  });
});

/** The account inside a keyed entry, recovered as the server does: data variant of the BDK and KSN. */
function clearAccount(read: KeyedRead): string {
  const key = tdesDukptKey(parseHex('bdk', TEST_BDK), parseHex('ksn', read.e_id), 'data-request');
  return tdesCbcDecrypt(key, parseHex('e_account', read.e_account))
    .toString('latin1')
    .replace(/\0+$/, '');
}

describe('PIN pad keyed card entry (74/75) over a real pty (socat)', () => {
  const visa = findCard(cards, 'visa');

  it('answers with the account encrypted under the data variant of its next key, the expiry and the masked account', async () => {
    bench = await padBench();
    bench.sim.keyedCard = visa;
    const seen: Buffer[] = [];
    bench.driver.transport.on('data', (chunk) => seen.push(Buffer.from(chunk)));
    const read = await bench.driver.requestCard({}, { deadlineMs: 5000 });
    expect(read).toMatchObject({
      kind: 'keyed',
      entryMode: 'keyed',
      e_id: 'FFFF9876543210E00001',
      expdate: '1230',
      maskedAccount: 'XXXXXXXXXXXX1111',
      lastFour: '1111',
    });
    expect(read.e_account).toMatch(/^[0-9A-F]{32}$/);
    expect(read.cv).toBeUndefined();
    expect(clearAccount(read)).toBe(visa.pan);
    expect(Buffer.concat(seen).toString('latin1')).not.toContain(visa.pan);
    const next = await bench.driver.requestCard({}, { deadlineMs: 5000 });
    expect(next.e_id).toBe('FFFF9876543210E00002');
    expect(next.e_account).not.toBe(read.e_account);
  });

  it('asks for the security code when told: the good code of the card, or the one set', async () => {
    bench = await padBench();
    bench.sim.keyedCard = findCard(cards, 'amex');
    const amex = await bench.driver.requestCard({ securityCode: true }, { deadlineMs: 5000 });
    expect(amex.cv?.reveal()).toBe('1234');
    expect(`${String(amex.cv)} ${JSON.stringify(amex)}`).not.toContain('1234');
    bench.sim.keyedCard = visa;
    bench.sim.keyedSecurityCode = '321';
    const other = await bench.driver.requestCard({ securityCode: true }, { deadlineMs: 5000 });
    expect(other.cv?.reveal()).toBe('321');
  });

  it('lets a card that shows no expiry skip it only when 74 allows it', async () => {
    bench = await padBench();
    bench.sim.keyedCard = { ...visa, expiryShown: false };
    const skipped = await bench.driver.requestCard({ expiryOptional: true }, { deadlineMs: 5000 });
    expect(skipped.expdate).toBeUndefined();
    expect(clearAccount(skipped)).toBe(visa.pan);
    const asked = await bench.driver.requestCard({}, { deadlineMs: 5000 });
    expect(asked.expdate).toBe('1230');
    bench.sim.keyedCard = visa;
    const shown = await bench.driver.requestCard({ expiryOptional: true }, { deadlineMs: 5000 });
    expect(shown.expdate).toBe('1230');
  });

  it('keys the card in hand when no keyed card is set, and times out (75 error 4) without one', async () => {
    bench = await padBench();
    bench.sim.cardInHand = findCard(cards, 'mc');
    expect(clearAccount(await bench.driver.requestCard({}, { deadlineMs: 5000 }))).toBe(
      '5454545454545454',
    );
    bench.sim.cardInHand = undefined;
    await expect(bench.driver.requestCard({}, { deadlineMs: 5000 })).rejects.toMatchObject({
      code: 'TIMEOUT',
      field: 'card',
    });
  });

  it('answers a malformed 74 with 75 error 5 and keeps serving', async () => {
    bench = await padBench();
    bench.sim.keyedCard = visa;
    const link = new StxLink(bench.driver.transport, { ackTimeoutMs: 150 });
    const signal = AbortSignal.timeout(5000);
    await link.send(Buffer.from('749', 'latin1'), signal);
    expect((await link.receive(signal)).toString('latin1')).toBe('755');
    link.reset();
    expect(clearAccount(await bench.driver.requestCard({}, { deadlineMs: 5000 }))).toBe(visa.pan);
  });

  it('cancels keyed entry: CANCELLED, 72 to the pad, which returns to idle', async () => {
    bench = await padBench(5000);
    bench.sim.keyedCard = visa;
    const entry = bench.driver.requestCard({}, { deadlineMs: 10_000 });
    // The pad's own state: a status request would queue behind the entry.
    await expect.poll(() => bench?.sim.status().state).toBe('card-entry');
    bench.driver.cancel();
    await expect(entry).rejects.toMatchObject({ code: 'CANCELLED' });
    await expect.poll(() => bench?.sim.status().state).toBe('idle');
    expect(await bench.driver.status({ deadlineMs: 2000 })).toMatchObject({ state: 'idle' });
  });

  it('times out at the deadline, sends 72 and leaves the pad idle', async () => {
    bench = await padBench(5000);
    bench.sim.keyedCard = visa;
    await expect(bench.driver.requestCard({}, { deadlineMs: 300 })).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
    expect(await bench.driver.status({ deadlineMs: 2000 })).toMatchObject({ state: 'idle' });
  });

  it('reports the cardholder pressing Cancel, and exhausted keys, as typed errors', async () => {
    bench = await padBench();
    bench.sim.keyedCard = visa;
    bench.sim.cardholderCancels = true;
    await expect(bench.driver.requestCard({}, { deadlineMs: 5000 })).rejects.toMatchObject({
      code: 'CANCELLED',
      field: 'card',
    });
    bench.sim.cardholderCancels = false;
    bench.faults.arm('exhausted');
    expect((await bench.driver.requestCard({}, { deadlineMs: 5000 })).e_id).toBe(
      'FFFF9876543210FFF800',
    );
    await expect(bench.driver.requestCard({}, { deadlineMs: 5000 })).rejects.toMatchObject({
      code: 'KEY_EXHAUSTED',
    });
  });
});
