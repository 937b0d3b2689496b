import type { Store } from '../../store/database.ts';
import type { CardVault } from '../../vault/index.ts';
import { unixSeconds } from '../clock.ts';
import { GiftStore } from '../store/gift-store.ts';
import { engineDatabase } from '../store/statement-cache.ts';
import { registerGiftStock, type GiftStockCard } from './gift-stock.ts';

/**
 * The demo merchant's custom gift BIN ranges (docs/test-cards.md): the provider's 603571 range,
 * and its own store cards 7777…, 16 digits, cardtype GIFT, pclevel 0.
 */
export const DEMO_GIFT_RANGES = '603571:16-19;7777:16:GIFT:0';

/** The demo merchant's denominated gift card stock (docs/test-cards.md, Gift cards). */
const DEMO_GIFT_STOCK: readonly GiftStockCard[] = [
  { pan: '7777000000000014', denomination: 2500 },
  { pan: '7777000000000022', denomination: 5000, pin: '1234' },
  { pan: '7777000000000030', denomination: 1000, cv: '123' },
];

/**
 * Gives the demo merchant its gift ranges (unless it has custom ranges already) and registers its
 * denominated stock cards that are not known yet; idempotent across restarts.
 */
export function seedDemoGiftCards(
  store: Store,
  vault: CardVault,
  merchantId: number,
  now: Date,
): void {
  const nowTs = unixSeconds(now);
  const gift = new GiftStore(engineDatabase(store));
  if (gift.customRanges(merchantId) === undefined) {
    gift.setCustomRanges(merchantId, DEMO_GIFT_RANGES, nowTs);
  }
  registerGiftStock(gift, vault, merchantId, DEMO_GIFT_STOCK, nowTs);
}
