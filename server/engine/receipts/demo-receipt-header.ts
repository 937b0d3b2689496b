import type { Store } from '../../store/database.ts';
import { unixSeconds } from '../clock.ts';
import { engineDatabase } from '../store/statement-cache.ts';
import { ReceiptHeaderStore, type ReceiptHeader } from './receipt-header-store.ts';

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
export function seedDemoReceiptHeader(store: Store, merchantId: number, now: Date): void {
  const headers = new ReceiptHeaderStore(engineDatabase(store));
  if (headers.find(merchantId) === undefined) {
    headers.update(merchantId, DEMO_RECEIPT_HEADER, unixSeconds(now));
  }
}
