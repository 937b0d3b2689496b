import { afterEach, describe, expect, it, vi } from 'vitest';
import { NGA, NGA_STATUS, NgaFrameParser, encodeNgaFrame } from '../../drivers/emv/nga-frame.ts';
import { findCard, loadCardCatalogue } from '../../drivers/sim/card-catalogue.ts';
import { NgaReaderSimulator } from '../../drivers/sim/nga-reader-simulator.ts';
import { SerialTransport } from '../../drivers/transport/serial-transport.ts';
import { openPtyPair, type PtyPair } from './helpers/pty-pair.ts';

let pair: PtyPair | undefined;
let host: SerialTransport | undefined;
let sim: NgaReaderSimulator | undefined;

afterEach(async () => {
  await host?.close();
  await sim?.stop();
  await pair?.unplug();
});

/** Activate Transaction of 15.00 with a 30 s wait, as the lane's driver frames it. */
const activate = encodeNgaFrame('command', {
  command: NGA.activate[0],
  code: NGA.activate[1],
  data: Buffer.concat([Buffer.of(30), Buffer.from('9F0206000000001500', 'hex')]),
});
const cancel = encodeNgaFrame('command', {
  command: NGA.cancel[0],
  code: NGA.cancel[1],
  data: Buffer.alloc(0),
});

describe('EMV reader simulator: a card wait cancelled with the next one right behind', () => {
  it('ends the old wait at the cancel, so an Activate in the same write starts a new one that reads the card', async () => {
    pair = await openPtyPair();
    sim = new NgaReaderSimulator(new SerialTransport({ path: pair.device, baudRate: 115200 }));
    host = new SerialTransport({ path: pair.host, baudRate: 115200 });
    await sim.start();
    await host.open();
    const parser = new NgaFrameParser('response');
    const answers: { command: number; code: number }[] = [];
    host.on('data', (chunk: Buffer) => answers.push(...parser.push(chunk)));
    await host.write(activate);
    await vi.waitFor(() => expect(sim?.activated).toBe(true), { timeout: 10_000, interval: 10 });
    await host.write(Buffer.concat([cancel, activate]));
    await vi.waitFor(() => expect(sim?.activations).toBe(2), { timeout: 10_000, interval: 10 });
    sim.present(findCard(loadCardCatalogue(), 'visa'), 'contactless');
    await vi.waitFor(() => expect(answers).toHaveLength(2), { timeout: 10_000, interval: 10 });
    expect(answers.map(({ command, code }) => [command, code])).toEqual([
      [NGA.cancel[0], NGA_STATUS.ok],
      [NGA.activate[0], NGA_STATUS.ok],
    ]);
  });
});
