// An EMV reader that stops in the middle of an answer and stays plugged in (a reader that reset
// while sending), then answers again: the cut-off frame must not swallow the frames after it, so
// the fence after the failed read puts the link back in step (docs/devices.md, EMV reader).
import { describe, expect, it } from 'vitest';
import { NgaReaderDriver } from '../../drivers/emv/nga-reader-driver.ts';
import { NGA, NGA_STATUS, NgaFrameParser, encodeNgaFrame } from '../../drivers/emv/nga-frame.ts';
import type { SerialTransport } from '../../drivers/transport/serial-transport.ts';
import { rawDeviceBenches } from './helpers/raw-device-bench.ts';

/**
 * A reader on the device end that answers pings and cancels; its first Activate answer declares
 * 300 bytes of data and stops after 120 bytes; later Activates answer "card read failed" (0A 01).
 */
function readerThatStopsMidFrame(device: SerialTransport): void {
  const parser = new NgaFrameParser('command');
  let activates = 0;
  const answer = (command: number, status: number, data = Buffer.alloc(0)): Buffer =>
    encodeNgaFrame('response', { command, code: status, data });
  device.on('data', (chunk) => {
    for (const frame of parser.push(chunk)) {
      if (frame.command === NGA.ping[0]) void device.write(answer(NGA.ping[0], NGA_STATUS.ok));
      if (frame.command === NGA.cancel[0]) void device.write(answer(NGA.cancel[0], NGA_STATUS.ok));
      if (frame.command !== NGA.activate[0]) continue;
      activates += 1;
      const whole = answer(NGA.activate[0], NGA_STATUS.ok, Buffer.alloc(300, 0x41));
      void device.write(
        activates === 1
          ? whole.subarray(0, 120)
          : answer(NGA.activate[0], NGA_STATUS.failed, Buffer.of(0x01)),
      );
    }
  });
}

describe('EMV reader that stops mid-frame, over a real pty (socat)', () => {
  const bench = rawDeviceBenches(115200, (host) => new NgaReaderDriver(host));

  it('times the cut-off read out, then answers the ping and the next read', async () => {
    const { driver, device } = await bench();
    readerThatStopsMidFrame(device);
    await expect(driver.readCard({ deadlineMs: 1500, amountMinor: 500 })).rejects.toMatchObject({
      code: 'TIMEOUT',
    });
    await driver.settled();
    await expect(driver.ping({ deadlineMs: 3000 })).resolves.toBeUndefined();
    await expect(driver.readCard({ deadlineMs: 3000, amountMinor: 500 })).rejects.toMatchObject({
      code: 'CARD_READ',
      field: 'card',
    });
  }, 15_000);
});
