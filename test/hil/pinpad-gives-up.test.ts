// A PIN pad whose answer never gets through: the pad sends its 71 three times, each lost on the
// line (no STX reaches the lane), then gives up with EOT, as the Verifone PINpad 1000SE link
// rules say (UIC PP791 manual, Section 4). The lane's PIN request must end there, not wait out
// the PIN deadline.
import { describe, expect, it } from 'vitest';
import { PinPadDriver } from '../../drivers/pinpad/pinpad-driver.ts';
import { ACK, EOT, StxFrameParser, encodeStxFrame } from '../../drivers/pinpad/stx-frame.ts';
import type { SerialTransport } from '../../drivers/transport/serial-transport.ts';
import { rawDeviceBenches } from './helpers/raw-device-bench.ts';

// The X9.24 A.4 answer for KSN …E00003; its LRC (0D) is no control byte, so a frame that lost its
// STX is plain noise on the line.
const ANSWER = Buffer.from('710FFF9876543210E0000318DC07B94797B466', 'latin1');

type PadAnswer = 'lost' | 'cut, then EOT' | 'whole' | 'after a stray EOT';

/**
 * A pad on the device end that ACKs every frame and answers a 70: whole, lost (three tries without
 * their STX, then EOT), cut off in the middle and given up with EOT, or whole after a lone EOT
 * byte of line noise.
 */
function scriptedPad(device: SerialTransport, next: () => PadAnswer): void {
  const parser = new StxFrameParser();
  device.on('data', (chunk) => {
    for (const event of parser.push(chunk)) {
      if (event.kind !== 'frame' || !event.payload.toString('latin1').startsWith('70')) continue;
      void (async () => {
        await device.write(Buffer.of(ACK));
        const answer = next();
        if (answer === 'after a stray EOT') {
          await device.write(Buffer.of(EOT));
          await new Promise((resolve) => setTimeout(resolve, 300));
        }
        if (answer === 'cut, then EOT') {
          await device.write(
            Buffer.concat([encodeStxFrame(ANSWER).subarray(0, 12), Buffer.of(EOT)]),
          );
          return;
        }
        if (answer !== 'lost') {
          await device.write(encodeStxFrame(ANSWER));
          return;
        }
        for (let attempt = 0; attempt < 3; attempt += 1)
          await device.write(encodeStxFrame(ANSWER).subarray(1));
        await device.write(Buffer.of(EOT));
      })();
    }
  });
}

describe('PIN pad that gives up sending its answer, over a real pty (socat)', () => {
  const bench = rawDeviceBenches(9600, (host) => new PinPadDriver(host));

  it('ends the PIN request with NO_ACK at the EOT after lost or cut frames, not at a stray EOT', async () => {
    const { driver, device } = await bench();
    const answers: PadAnswer[] = ['lost', 'cut, then EOT', 'whole', 'after a stray EOT'];
    scriptedPad(device, () => answers.shift() ?? 'whole');
    const request = { amountMinor: 2500 };
    const entry = { ksn: 'FFFF9876543210E00003', pin: '18DC07B94797B466' };
    const lost = await driver
      .requestPin(request, { deadlineMs: 10_000 })
      .catch((error: unknown) => error);
    expect(lost).toMatchObject({ code: 'NO_ACK', field: 'ack' });
    const cut = await driver
      .requestPin(request, { deadlineMs: 10_000 })
      .catch((error: unknown) => error);
    expect(cut).toMatchObject({ code: 'NO_ACK', field: 'ack' });
    await expect(driver.requestPin(request, { deadlineMs: 10_000 })).resolves.toEqual(entry);
    // A lone EOT with no failed frame before it is line noise: the entry goes on.
    await expect(driver.requestPin(request, { deadlineMs: 10_000 })).resolves.toEqual(entry);
  }, 15_000);
});
