import { randomInt } from 'node:crypto';
import type { Params } from '../../protocol/index.ts';
import { lastFour, luhnValid, maskPan } from '../../drivers/crypto/index.ts';
import type { CardEntry } from './account-entry.ts';
import type { CardVault } from '../vault/index.ts';
import type { TokenStore } from '../store/token-store.ts';

/** Digits in a token: as long as a common card number, so fields sized for one fit it. */
const TOKEN_DIGITS = 16;

/**
 * A fresh token value: "9" and fifteen random digits, adjusted so it fails the Luhn check and can
 * never be taken for a card number (docs/test-cards.md).
 */
function newTokenValue(): string {
  let digits = '9';
  while (digits.length < TOKEN_DIGITS) digits += String(randomInt(10));
  if (!luhnValid(digits)) return digits;
  const last = Number(digits.at(-1));
  return digits.slice(0, -1) + String((last + 1) % 10);
}

/**
 * The token of an approved transaction's account (docs/interface.md › tokenize, matching_token): none unless
 * tokenize=yes; the entry's own token when the account came from one; with matching_token=yes
 * the merchant's existing token for the same account; otherwise a new token holding the sealed
 * account and expiry. Runs inside the transaction's commit, with its store transaction's tokens.
 */
export async function tokenFor(
  tokens: TokenStore,
  vault: CardVault,
  merchantId: number,
  card: CardEntry,
  cardtype: string,
  params: Params,
  nowTs: number,
): Promise<string | undefined> {
  if (params.tokenize !== 'yes') return undefined;
  if (card.token !== undefined) return card.token;
  const fingerprint = vault.fingerprint(card.pan);
  if (params.matching_token === 'yes') {
    const existing = await tokens.findByFingerprint(merchantId, fingerprint);
    if (existing !== undefined) {
      await tokens.touch(existing.id, nowTs);
      return existing.token;
    }
  }
  let token = newTokenValue();
  while (await tokens.exists(token)) token = newTokenValue();
  await tokens.create(
    {
      merchantId,
      token,
      fingerprint,
      cardSealed: vault.seal(
        { pan: card.pan, ...(card.expdate !== undefined && { expdate: card.expdate }) },
        'token',
      ),
      accountMasked: maskPan(card.pan),
      last4: lastFour(card.pan),
      cardtype,
    },
    nowTs,
  );
  return token;
}
