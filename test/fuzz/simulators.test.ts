// Every device simulator fed malformed input over its link: it answers with its protocol's error
// (or, for a device that takes no commands, ignores it), keeps working, and never throws.
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { NGA, NGA_STATUS, NgaFrameParser, encodeNgaFrame } from '../../drivers/emv/nga-frame.ts';
import {
  ACK,
  ETX,
  NAK,
  StxFrameParser,
  encodeStxFrame,
  type StxEvent,
} from '../../drivers/pinpad/stx-frame.ts';
import { parsePinPadStatus, STATUS_REQUEST } from '../../drivers/pinpad/pinpad-messages.ts';
import { statusRequest } from '../../drivers/printer/escpos-status.ts';
import { findCard, loadCardCatalogue } from '../../drivers/sim/card-catalogue.ts';
import { IdtechReaderSimulator } from '../../drivers/sim/idtech-reader-simulator.ts';
import { MagtekReaderSimulator } from '../../drivers/sim/magtek-reader-simulator.ts';
import { NgaReaderSimulator } from '../../drivers/sim/nga-reader-simulator.ts';
import { PinPadSimulator } from '../../drivers/sim/pinpad-simulator.ts';
import { PrinterSimulator } from '../../drivers/sim/printer/printer-simulator.ts';
import { WedgeReaderSimulator } from '../../drivers/sim/wedge-reader-simulator.ts';
import { MemoryTransport } from '../../drivers/transport/memory-transport.ts';
import { mutated } from './harness/mutations.ts';

const visa = findCard(loadCardCatalogue(), 'visa');
const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
});

/** Waits until nothing more has arrived for 200 ms (answers to noise come in late). */
async function quiet(received: Buffer[]): Promise<void> {
  let seen = -1;
  while (seen !== received.length) {
    seen = received.length;
    await pause(200);
  }
}

/** The host end of a memory link whose device end `start` serves; collects what the device sends. */
async function link(start: (device: MemoryTransport) => Promise<{ stop(): Promise<void> }>) {
  const [host, device] = MemoryTransport.pair();
  await host.open();
  const received: Buffer[] = [];
  host.on('data', (chunk: Buffer) => received.push(Buffer.from(chunk)));
  const sim = await start(device);
  stops.push(() => sim.stop());
  return { host, received, bytes: () => Buffer.concat(received) };
}

/** Malformed input for a device: mutations of what its host sends, and random bytes. */
function noise(goldens: Buffer[], seed: number): Buffer[] {
  return fc.sample(mutated(goldens), { numRuns: 300, seed });
}

describe('simulators fed malformed input', () => {
  it('EMV reader (NGA): answers a bad CRC with status 04 and an unknown command with 02, then still answers ping', async () => {
    const reader = await link(async (device) => {
      const sim = new NgaReaderSimulator(device);
      await sim.start();
      return sim;
    });
    const ping = encodeNgaFrame('command', {
      command: NGA.ping[0],
      code: NGA.ping[1],
      data: Buffer.alloc(0),
    });
    for (const chunk of noise([ping], 7)) await reader.host.write(chunk);
    const badCrc = Buffer.from(ping);
    badCrc[badCrc.length - 1] = (badCrc[badCrc.length - 1] ?? 0) ^ 0xff;
    await reader.host.write(badCrc);
    await reader.host.write(
      encodeNgaFrame('command', { command: 0x77, code: 0x01, data: Buffer.of(1, 2) }),
    );
    await reader.host.write(ping);
    const answered = () => {
      const parsed = new NgaFrameParser('response').push(reader.bytes());
      const unknown = parsed.findIndex((frame) => frame.command === 0x77);
      return unknown >= 0 && parsed.length > unknown + 1;
    };
    for (let waited = 0; !answered() && waited < 30_000; waited += 50) await pause(50);
    const frames = new NgaFrameParser('response').push(reader.bytes());
    expect(frames.every((frame) => frame.crcOk)).toBe(true);
    expect(frames.some((frame) => frame.code === NGA_STATUS.crcError)).toBe(true);
    expect(frames).toContainEqual(
      expect.objectContaining({ command: 0x77, code: NGA_STATUS.unknownCommand }),
    );
    expect(frames[frames.length - 1]).toMatchObject({ command: NGA.ping[0], code: NGA_STATUS.ok });
  });

  it('PIN pad: NAKs frames with a bad LRC, ignores unknown messages, still answers S0', async () => {
    const pad = await link(async (device) => {
      const sim = new PinPadSimulator(device, { typingMs: 10 });
      await sim.start();
      return sim;
    });
    const frames = [
      encodeStxFrame(STATUS_REQUEST),
      encodeStxFrame(Buffer.from('99XYZ')),
      encodeStxFrame(Buffer.from('72')),
    ];
    for (const chunk of noise(frames, 11).filter((bytes) => !bytes.includes(0x37))) {
      await pad.host.write(chunk);
    }
    const badLrc = encodeStxFrame(STATUS_REQUEST);
    badLrc[badLrc.length - 1] = (badLrc[badLrc.length - 1] ?? 0) ^ 0x21;
    // ETX and one byte end whatever frame the noise left open, as a host resynchronises.
    await pad.host.write(Buffer.of(ETX, 0x00));
    await quiet(pad.received);
    pad.received.length = 0;
    await pad.host.write(badLrc);
    await quiet(pad.received);
    expect(pad.bytes()[0]).toBe(NAK);
    pad.received.length = 0;
    await pad.host.write(encodeStxFrame(STATUS_REQUEST));
    await quiet(pad.received);
    const events: StxEvent[] = new StxFrameParser().push(pad.bytes());
    expect(events[0]).toEqual({ kind: 'control', byte: ACK });
    const statuses = events.flatMap((event) =>
      event.kind === 'frame' && event.payload.subarray(0, 2).toString() === 'S1'
        ? [parsePinPadStatus(event.payload)]
        : [],
    );
    expect(statuses[0]).toMatchObject({ state: 'idle', keys: 'loaded' });
  });

  it.each([
    ['a PAN of letters', '70ABCDEFGHIJ\x1cD1000', '712'],
    ['a PAN of 7 digits', '701234567\x1cD1000', '712'],
    ['an account field neither D nor C', '704111111111111111\x1cX1000', '715'],
    ['an amount of 3 digits', '704111111111111111\x1cC100', '715'],
    ['no field separator', '704111111111111111D1000', '715'],
  ])(
    'PIN pad: answers a 70 message with %s by %s, then still answers S0',
    async (_, text, error) => {
      const pad = await link(async (device) => {
        const sim = new PinPadSimulator(device, { typingMs: 10 });
        await sim.start();
        return sim;
      });
      await pad.host.write(encodeStxFrame(Buffer.from(text, 'latin1')));
      await quiet(pad.received);
      await pad.host.write(encodeStxFrame(STATUS_REQUEST));
      await quiet(pad.received);
      const payloads = new StxFrameParser()
        .push(pad.bytes())
        .flatMap((event) => (event.kind === 'frame' ? [event.payload.toString('latin1')] : []));
      expect(payloads[0]).toBe(error);
      expect(payloads.some((payload) => payload.startsWith('S1'))).toBe(true);
    },
  );

  it('printer: interprets noise without stopping and answers DLE EOT after it', async () => {
    const printer = new PrinterSimulator();
    const [host, device] = MemoryTransport.pair();
    await host.open();
    await printer.serve(device);
    stops.push(() => printer.stop());
    const received: Buffer[] = [];
    host.on('data', (chunk: Buffer) => received.push(Buffer.from(chunk)));
    for (const chunk of noise([Buffer.from('\x1b@LANE\n\x1dV\x42\x00'), statusRequest(1)], 13)) {
      await host.write(chunk.subarray(0, 200));
    }
    await quiet(received);
    received.length = 0;
    await host.write(statusRequest(1));
    await quiet(received);
    expect(received).toHaveLength(1);
    expect(received[0]).toHaveLength(1);
  });

  it.each([
    ['wedge', (device: MemoryTransport) => new WedgeReaderSimulator(device)],
    ['MagTek', (device: MemoryTransport) => new MagtekReaderSimulator(device)],
    ['ID TECH', (device: MemoryTransport) => new IdtechReaderSimulator(device)],
  ])(
    '%s reader: takes noise from the host without a word, then still sends a swipe',
    async (_name, make) => {
      let sim: WedgeReaderSimulator | MagtekReaderSimulator | IdtechReaderSimulator | undefined;
      const reader = await link(async (device) => {
        sim = make(device);
        await sim.start();
        return sim;
      });
      for (const chunk of noise([Buffer.from('%B4111^X^30?\r'), Buffer.of(0x02, 0x05, 0x00)], 17)) {
        await reader.host.write(chunk);
      }
      await pause(20);
      expect(reader.received).toHaveLength(0);
      await sim?.swipe(visa);
      await pause(20);
      expect(reader.bytes().length).toBeGreaterThan(0);
    },
  );
});
