import { describe, expect, it } from 'vitest';
import {
  encodeKeyedCardResponse,
  parseKeyedCardRequest,
} from '../../../drivers/pinpad/keyed-card-messages.ts';
import { PinPadDriver } from '../../../drivers/pinpad/pinpad-driver.ts';
import { StxLink } from '../../../drivers/pinpad/stx-link.ts';
import { MemoryTransport } from '../../../drivers/transport/memory-transport.ts';

const SKIPPED = {
  e_account: '0123456789ABCDEFFEDCBA9876543210',
  e_id: 'FFFF9876543210E00003',
  maskedAccount: 'XXXXXXXXXXXX1111',
} as const;

/** A pad that answers every 74 with a 75 whose expiry is empty, whatever the prompt said. */
async function skippingPad(): Promise<{ driver: PinPadDriver; prompts: boolean[] }> {
  const [host, device] = MemoryTransport.pair();
  const pad = new StxLink(device, { ackTimeoutMs: 150 });
  const prompts: boolean[] = [];
  await device.open();
  void (async () => {
    for (;;) {
      const message = await pad.receive(AbortSignal.timeout(5000)).catch(() => undefined);
      if (message === undefined) return;
      prompts.push(parseKeyedCardRequest(message).expiryOptional === true);
      await pad.send(encodeKeyedCardResponse(SKIPPED), AbortSignal.timeout(5000));
    }
  })();
  const driver = new PinPadDriver(host, { ackTimeoutMs: 150 });
  await driver.open();
  return { driver, prompts };
}

describe('PinPadDriver keyed entry without an expiry', () => {
  it('takes an empty expiry when it let the pad skip it, and refuses one it asked for (PROTOCOL on expdate)', async () => {
    const { driver, prompts } = await skippingPad();
    const read = await driver.requestCard({ expiryOptional: true }, { deadlineMs: 3000 });
    expect(read).toMatchObject({ kind: 'keyed', e_id: SKIPPED.e_id, lastFour: '1111' });
    expect(read.expdate).toBeUndefined();
    await expect(driver.requestCard({}, { deadlineMs: 3000 })).rejects.toMatchObject({
      code: 'PROTOCOL',
      field: 'expdate',
    });
    expect(prompts).toEqual([true, false]);
    await driver.close();
  });
});
