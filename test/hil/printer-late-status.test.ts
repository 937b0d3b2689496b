// A printer answers DLE EOT in the order asked, and its replies do not say which query they
// answer (every reply is (b & 0x93) == 0x12). When a status poll ends before its replies come, the
// next poll must not read them as its own: here the drawer is open (DLE EOT 1 bit 2), which one
// reply late reads as DLE EOT 2's cover-open bit (docs/devices.md, Printer).
import { describe, expect, it } from 'vitest';
import { statusReplies } from '../../drivers/printer/escpos-status.ts';
import { ReceiptPrinterDriver } from '../../drivers/printer/receipt-printer-driver.ts';
import type { SerialTransport } from '../../drivers/transport/serial-transport.ts';
import { rawDeviceBenches } from './helpers/raw-device-bench.ts';

const READY_DRAWER_OPEN = {
  online: true,
  coverOpen: false,
  paperOut: false,
  paperNearEnd: false,
  error: false,
  drawerOpen: true,
};

/** A printer answering each DLE EOT n in order; `first` says what becomes of its first query. */
function inOrderPrinter(device: SerialTransport, first: 'late' | 'lost'): void {
  const replies = statusReplies(READY_DRAWER_OPEN);
  let queries = 0;
  let answering = Promise.resolve();
  device.on('data', (chunk) => {
    for (let at = chunk.indexOf(0x10); at >= 0; at = chunk.indexOf(0x10, at + 1)) {
      const query = chunk[at + 2] as 1 | 2 | 3 | 4;
      if (chunk[at + 1] !== 0x04) continue;
      queries += 1;
      if (queries === 1 && first === 'lost') continue;
      const wait = queries === 1 ? 2500 : 0;
      answering = answering.then(async () => {
        await new Promise((resolve) => setTimeout(resolve, wait));
        await device.write(Buffer.of(replies[query]));
      });
    }
  });
}

describe('printer status after a poll that ended early, over a real pty (socat)', () => {
  const bench = rawDeviceBenches(38400, (host) => new ReceiptPrinterDriver(host));

  it.each(['late', 'lost'] as const)(
    'the first reply %s: the poll times out, the next reads the drawer open and the cover shut',
    async (first) => {
      const { driver, device } = await bench();
      inOrderPrinter(device, first);
      await expect(driver.status()).rejects.toMatchObject({ code: 'TIMEOUT' });
      await expect(driver.status()).resolves.toEqual(READY_DRAWER_OPEN);
    },
    15_000,
  );
});
