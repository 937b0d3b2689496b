import type { ReceiptHeader } from '../../store/receipt-header-store.ts';
import type { ServiceStore } from '../../store/service-store.ts';
import { unixSeconds } from '../../shared/clock.ts';

/** The demo merchant's receipt header (docs/api.md, The demo merchant). */
export const DEMO_RECEIPT_HEADER: ReceiptHeader = {
  name: 'LANETERM DEMO STORE',
  addr1: '5800 NW 39TH AVE',
  addr2: 'GAINESVILLE FL 32606',
  addr3: '',
  phone: '(352) 555-0100',
  email: '',
};

/** Gives the demo merchant its receipt header unless it has one already; idempotent. */
export async function seedDemoReceiptHeader(
  store: ServiceStore,
  merchantId: number,
  now: Date,
): Promise<void> {
  await store.transaction(async (tx) => {
    if ((await tx.receiptHeaders.find(merchantId)) === undefined) {
      await tx.receiptHeaders.update(merchantId, DEMO_RECEIPT_HEADER, unixSeconds(now));
    }
  });
}
