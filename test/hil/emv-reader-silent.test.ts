// An EMV reader that stops answering during a card wait, over a real pty (socat): each Activate
// carries the activation timeout, a reader silent past it and the margin is reported
// NOT_ANSWERING long before the wait's own deadline, any byte from it counts as an answer, and
// once it answers again its late answer never reaches the next read (docs/devices.md, EMV reader).
import { describe, expect, it, vi } from 'vitest';
import { delay } from '../../drivers/call-options.ts';
import { NgaReaderDriver } from '../../drivers/emv/nga-reader-driver.ts';
import { NGA, NGA_STATUS, NgaFrameParser, encodeNgaFrame } from '../../drivers/emv/nga-frame.ts';
import { findCard, loadCardCatalogue } from '../../drivers/sim/card-catalogue.ts';
import type { SerialTransport } from '../../drivers/transport/serial-transport.ts';
import { ngaBenches } from './helpers/nga-bench.ts';
import { rawDeviceBenches } from './helpers/raw-device-bench.ts';

/** Activations of 1 s and a 500 ms margin; a fence waits 500 ms for its answers. */
const QUICK = { activationTimeoutS: 1, answerMarginMs: 500, commandDeadlineMs: 500 };
/** A card wait whose own deadline no test here reaches. */
const LONG_WAIT_MS = 120_000;

/** What the scripted reader does with the commands it receives. */
interface ScriptedReader {
  /** The timeout byte of every Activate received, in order. */
  activateTimeouts: number[];
  /** While true it answers nothing (a reader that has stopped). */
  silent: boolean;
  /** Sends an answer to the Activate it left unanswered, as a reader back from a hang might. */
  answerLate(): Promise<void>;
}

/**
 * A reader on the device end: silent from the start; once `silent` is false it answers pings and
 * cancels, and Activates with "card read failed" (0A 01), so a read that gets its own answer says so.
 */
function scriptedReader(device: SerialTransport): ScriptedReader {
  const parser = new NgaFrameParser('command');
  const answer = (command: number, status: number, data = Buffer.alloc(0)): Promise<void> =>
    device.write(encodeNgaFrame('response', { command, code: status, data }));
  const reader: ScriptedReader = {
    activateTimeouts: [],
    silent: true,
    // A read answered OK: the TLV of a fallback swipe with no ciphertext would be refused, but it
    // must never reach a read at all.
    answerLate: () => answer(NGA.activate[0], NGA_STATUS.ok, Buffer.from('9F390180', 'hex')),
  };
  device.on('data', (chunk) => {
    for (const frame of parser.push(chunk)) {
      if (frame.command === NGA.activate[0]) reader.activateTimeouts.push(frame.data[0] ?? -1);
      if (reader.silent) continue;
      if (frame.command === NGA.activate[0])
        void answer(NGA.activate[0], NGA_STATUS.failed, Buffer.of(0x01));
      else void answer(frame.command, NGA_STATUS.ok);
    }
  });
  return reader;
}

describe('EMV reader silent after the Activate, scripted over a real pty (socat)', () => {
  const bench = rawDeviceBenches(115200, (host) => new NgaReaderDriver(host, QUICK));

  it('is reported NOT_ANSWERING at its timeout and margin; back, its late answer is dropped and the next read gets its own', async () => {
    const { driver, device } = await bench();
    const reader = scriptedReader(device);
    await expect(
      driver.readCard({ amountMinor: 500, deadlineMs: LONG_WAIT_MS }),
    ).rejects.toMatchObject({ code: 'NOT_ANSWERING', field: 'reader' });
    expect(reader.activateTimeouts).toEqual([1]);

    reader.silent = false;
    await reader.answerLate();
    await expect(
      driver.readCard({ amountMinor: 500, deadlineMs: LONG_WAIT_MS }),
    ).rejects.toMatchObject({ code: 'CARD_READ' });
    expect(reader.activateTimeouts).toEqual([1, 1]);
  });

  it('a byte from the reader counts: bytes past the silence limit keep the wait going, and the silence after them is reported', async () => {
    const { driver, device } = await bench();
    scriptedReader(device);
    let ended = false;
    const reading = driver.readCard({ amountMinor: 500, deadlineMs: LONG_WAIT_MS });
    reading.catch(() => undefined).finally(() => (ended = true));
    // Noise (no frame header in it) every 400 ms for three silence limits of 1.5 s.
    for (let sent = 0; sent < 12; sent += 1) {
      await device.write(Buffer.of(0x00));
      await delay(400);
    }
    expect(ended).toBe(false);
    await expect(reading).rejects.toMatchObject({ code: 'NOT_ANSWERING', field: 'reader' });
  });
});

describe('EMV reader simulator answering "no card in time" (08), over a real pty (socat)', () => {
  const start = ngaBenches();

  it('is activated again, each Activate carrying the timeout, and the card presented later is read', async () => {
    const { driver, sim } = await start(QUICK);
    const reading = driver.readCard({ amountMinor: 900, deadlineMs: LONG_WAIT_MS });
    reading.catch(() => undefined);
    await vi.waitFor(() => expect(sim.activations >= 3 && sim.activated).toBe(true), {
      timeout: 20_000,
      interval: 20,
    });
    sim.present(findCard(loadCardCatalogue(), 'visa'), 'contact');
    await expect(reading).resolves.toMatchObject({ kind: 'emv', lastFour: '1111' });
  });
});
