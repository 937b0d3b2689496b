// A PIN pad whose answer never gets through: the pad sends its 71 three times, each lost on the
// line (no STX reaches the lane), then gives up with EOT, as the Verifone 1000SE link rules say
// (device-facts.md §5.1). The lane's PIN request must end there, not wait out the PIN deadline.
import { afterEach, describe, expect, it } from 'vitest';
import { PinPadDriver } from '../../drivers/pinpad/pinpad-driver.ts';
import { ACK, EOT, StxFrameParser, encodeStxFrame } from '../../drivers/pinpad/stx-frame.ts';
import { SerialTransport } from '../../drivers/transport/serial-transport.ts';
import { openPtyPair, type PtyPair } from './helpers/pty-pair.ts';

const ANSWER = Buffer.from('710FFF9876543210E000011B9C1845EB993A7A', 'latin1');

/** A pad on the device end: ACKs every frame; `loseAnswers` answers go out without their STX. */
function scriptedPad(device: SerialTransport, loseAnswers: () => boolean): void {
  const parser = new StxFrameParser();
  device.on('data', (chunk) => {
    for (const event of parser.push(chunk)) {
      if (event.kind !== 'frame' || !event.payload.toString('latin1').startsWith('70')) continue;
      void (async () => {
        await device.write(Buffer.of(ACK));
        if (!loseAnswers()) {
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
  let pair: PtyPair | undefined;
  let driver: PinPadDriver | undefined;
  let device: SerialTransport | undefined;
  afterEach(async () => {
    await driver?.close();
    await device?.close().catch(() => undefined);
    await pair?.unplug();
    pair = driver = device = undefined;
  });

  it('ends the PIN request with NO_ACK at its EOT, and the next request gets its answer', async () => {
    pair = await openPtyPair();
    device = new SerialTransport({ path: pair.device, baudRate: 9600 });
    driver = new PinPadDriver(new SerialTransport({ path: pair.host, baudRate: 9600 }));
    await device.open();
    await driver.open();
    let lose = true;
    scriptedPad(device, () => lose);
    const request = { amountMinor: 2500 };
    const lost = await driver
      .requestPin(request, { deadlineMs: 10_000 })
      .catch((error: unknown) => error);
    expect(lost).toMatchObject({ code: 'NO_ACK', field: 'ack' });
    lose = false;
    await expect(driver.requestPin(request, { deadlineMs: 10_000 })).resolves.toEqual({
      ksn: 'FFFF9876543210E00001',
      pin: '1B9C1845EB993A7A',
    });
  }, 15_000);
});
