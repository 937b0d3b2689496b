import { lastFour, maskPan } from '../../../drivers/crypto/index.ts';
import type { CardVault } from '../../vault/index.ts';
import type { GiftStore } from '../../store/gift-store.ts';
import { giftSecretDigest } from './gift-host.ts';

/** A gift card of a merchant's stock: printed with a denomination, a PIN or a security code. */
export interface GiftStockCard {
  pan: string;
  /** Minor units; activate then loads it when no amount is sent. */
  denomination?: number;
  /** The plain PIN printed under the scratch-off. */
  pin?: string;
  /** The security code printed on the card. */
  cv?: string;
}

/**
 * Registers gift cards of a merchant's stock as inactive accounts, holding nothing until activated;
 * a card already known is left as it is. Only keyed digests of the number, PIN and security code
 * are kept. Returns how many were new.
 */
export async function registerGiftStock(
  store: GiftStore,
  vault: CardVault,
  merchantId: number,
  cards: readonly GiftStockCard[],
  nowTs: number,
): Promise<number> {
  let added = 0;
  for (const card of cards) {
    const fingerprint = vault.fingerprint(card.pan);
    if ((await store.find(merchantId, fingerprint)) !== undefined) continue;
    await store.create(
      {
        merchantId,
        fingerprint,
        accountMasked: maskPan(card.pan),
        last4: lastFour(card.pan),
        denomination: card.denomination ?? null,
        pinDigest:
          card.pin === undefined ? null : giftSecretDigest(vault, 'pin', card.pan, card.pin),
        cvDigest: card.cv === undefined ? null : giftSecretDigest(vault, 'cv', card.pan, card.cv),
      },
      nowTs,
    );
    added += 1;
  }
  return added;
}
