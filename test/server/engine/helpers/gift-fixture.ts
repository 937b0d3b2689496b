import { luhnCheckDigit } from '../../../../drivers/crypto/index.ts';
import {
  registerGiftStock,
  type GiftStockCard,
} from '../../../../server/engine/gift/gift-stock.ts';
import type { GiftAccount, GiftLedgerRow } from '../../../../server/store/gift-store.ts';
import type { EngineFixture } from './engine-fixture.ts';

/**
 * A gift card number of the provider's default range 603571 (16 digits, Luhn-valid): the
 * `serial`-th, so each test takes cards no other test touches.
 */
export function giftCard(serial: number, prefix = '603571'): string {
  const partial = prefix + String(serial).padStart(15 - prefix.length, '0');
  return partial + luhnCheckDigit(partial);
}

/** The fixture's gift store and vault, opened beside its service (the same key file). */
export function giftSide(fx: EngineFixture) {
  const store = fx.store.gift;
  const vault = fx.vault;
  return {
    store,
    vault,
    /** Registers stock cards of the fixture's merchant. */
    stock: (cards: GiftStockCard[]) =>
      registerGiftStock(
        store,
        vault,
        fx.merchantId,
        cards,
        Math.floor(fx.clock.current.getTime() / 1000),
      ),
    /** The account of a card number, if known. */
    account: (pan: string): Promise<GiftAccount | undefined> =>
      store.find(fx.merchantId, vault.fingerprint(pan)),
    /** The ledger of a card number (empty when unknown). */
    ledger: async (pan: string): Promise<GiftLedgerRow[]> => {
      const account = await store.find(fx.merchantId, vault.fingerprint(pan));
      return account === undefined ? [] : store.ledger(account.id);
    },
  };
}
