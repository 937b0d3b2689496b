// The demo merchant's engine data, seeded at a demo start (docs/api.md, The demo merchant).
import type { ServiceStore } from '../store/service-store.ts';
import type { CardVault } from '../vault/index.ts';
import { unixSeconds } from '../shared/clock.ts';
import { BdkRegistry } from './entry/bdk-registry.ts';
import { seedDemoBdks } from './entry/demo-bdks.ts';
import { seedDemoGiftCards } from './gift/demo-gift-cards.ts';
import { seedDemoReceiptHeader } from './receipts/demo-receipt-header.ts';

/**
 * Seeds what a demo service needs beside its merchant (docs/api.md, The demo merchant): the gift
 * card stock, the published test BDKs the simulated readers and PIN pads use, and the receipt
 * header; each is kept when already there, so a restart seeds nothing twice.
 */
export async function seedDemoEngineData(
  store: ServiceStore,
  vault: CardVault,
  merchantId: number,
  now: Date,
): Promise<void> {
  await seedDemoGiftCards(store, vault, merchantId, now);
  await seedDemoBdks(new BdkRegistry(store.bdks, vault), unixSeconds(now));
  await seedDemoReceiptHeader(store, merchantId, now);
}
