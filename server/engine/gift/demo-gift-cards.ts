import type { ServiceStore } from '../../store/service-store.ts';
import type { CardVault } from '../../vault/index.ts';
import { unixSeconds } from '../../shared/clock.ts';
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
export async function seedDemoGiftCards(
  store: ServiceStore,
  vault: CardVault,
  merchantId: number,
  now: Date,
): Promise<void> {
  const nowTs = unixSeconds(now);
  const { gift } = store;
  if ((await gift.customRanges(merchantId)) === undefined) {
    await gift.setCustomRanges(merchantId, DEMO_GIFT_RANGES, nowTs);
  }
  await registerGiftStock(gift, vault, merchantId, DEMO_GIFT_STOCK, nowTs);
}
