import { MsoftCode, type BinRange, type Params } from '../../protocol/index.ts';
import { maskPan } from '../../drivers/crypto/index.ts';
import type { ProcessorDebit } from '../processor/index.ts';
import { checkCard, unofferedFeature, type CardEntry, type EntryOutcome } from './account-entry.ts';
import { accountNameOf, naming, type AccountName } from './account-name.ts';
import { notOffered, serviceDecline } from './answers.ts';
import type { ServiceAnswer } from './engine-context.ts';
import { isPlainPin } from './entry/pin-entry.ts';
import type { GiftAsk, GiftMove } from './gift/gift-host.ts';
import { giftCardType, type GiftCardType } from './gift/gift-ranges.ts';
import type { PlanAccount } from './operations/new-transaction-plan.ts';
import type { AccountDisplay } from './response-pairs.ts';

/** A card a new transaction may run on: its cardtype, and its gift range when it is a gift card. */
type CardAccount =
  | { kind: 'card'; cardtype: string; gift: GiftCardType | null }
  | { kind: 'answer'; answer: ServiceAnswer };

/** A new transaction's card as entered and checked, or the answer refusing it. */
export type EnteredCard =
  | { kind: 'card'; card: CardEntry; cardtype: string; gift: GiftCardType | null }
  | { kind: 'answer'; answer: ServiceAnswer };

/**
 * The card an entry resolved to, as a new transaction runs on it: one of the merchant's gift
 * cards (gift BIN ranges, Luhn check digit), answered by the gift ledger; otherwise a card the
 * service checks itself (Luhn, known brand) before it goes online. Whatever the entry method
 * (resolveAccountEntry), a gift card is known by its number.
 */
function cardAccount(giftRanges: readonly BinRange[], card: CardEntry): CardAccount {
  const gift = giftCardType(giftRanges, card.pan);
  if (gift !== null) return { kind: 'card', cardtype: gift.cardtype, gift };
  const check = checkCard(card.pan);
  return check.kind === 'ok'
    ? { kind: 'card', cardtype: check.cardtype, gift: null }
    : { kind: 'answer', answer: check.answer };
}

/**
 * The refusal of what the service does not offer for this request: for a gift card the PIN is the
 * card's own plain PIN, answered by the gift ledger, so only an encrypted PIN block (or a KSN) is
 * refused; for any other card unofferedFeature decides.
 */
export function unofferedFor(params: Params, gift: boolean): ServiceAnswer | undefined {
  if (!gift) return unofferedFeature(params);
  const { pin, ksn, ...rest } = params;
  if (
    ksn !== undefined ||
    (pin !== undefined && pin.toUpperCase() !== 'PINLESS' && !isPlainPin(pin))
  ) {
    return notOffered('pin', 'encrypted PIN blocks on gift cards');
  }
  return unofferedFeature(rest);
}

/**
 * A new transaction's card from its resolved entry: what the service does not offer is refused
 * first (unofferedFor; naming the card when it is one), then an entry that did not resolve, then a
 * card that fails the service's checks (cardAccount).
 */
export function enteredCard(
  giftRanges: readonly BinRange[],
  params: Params,
  entry: EntryOutcome,
): EnteredCard {
  if (entry.kind === 'answer') {
    return { kind: 'answer', answer: unofferedFor(params, false) ?? entry.answer };
  }
  const account = cardAccount(giftRanges, entry.card);
  const unoffered = unofferedFor(params, account.kind === 'card' && account.gift !== null);
  if (unoffered !== undefined) {
    const named = account.kind === 'card' ? accountNameOf(entry.card.pan, account.cardtype) : null;
    return { kind: 'answer', answer: named === null ? unoffered : naming(unoffered, named) };
  }
  if (account.kind === 'answer') return account;
  return { kind: 'card', card: entry.card, cardtype: account.cardtype, gift: account.gift };
}

/** How answers name an entered card: masked, with its cardtype. */
export function cardName(entered: Extract<EnteredCard, { kind: 'card' }>): AccountName {
  return accountNameOf(entered.card.pan, entered.cardtype);
}

/** The refusal of a gift operation on a card outside the merchant's gift BIN ranges. */
export function notAGiftCard(): ServiceAnswer {
  return serviceDecline(
    MsoftCode.DATA_INVALIDFIELD,
    'account: not a gift card of this merchant (outside its gift BIN ranges)',
  );
}

/**
 * The account of a new transaction on an entered card (with a gift range's pclevel, and the PIN
 * of a PIN debit).
 */
export function planAccount(
  entered: Extract<EnteredCard, { kind: 'card' }>,
  debit?: ProcessorDebit,
): Extract<PlanAccount, { kind: 'card' }> {
  const { card, cardtype, gift } = entered;
  return {
    kind: 'card',
    card,
    cardtype,
    ...(gift?.pclevel !== undefined && { pclevel: gift.pclevel }),
    ...(debit !== undefined && { debit }),
  };
}

/** What a gift request asks of its card's issuer, but the amount: PIN, CV and nsf as sent. */
export function giftAsk(params: Params, move: GiftMove, pan: string): Omit<GiftAsk, 'amount'> {
  const pin = params.pin !== undefined && isPlainPin(params.pin) ? params.pin : undefined;
  return {
    move,
    pan,
    ...(pin !== undefined && { pin }),
    ...(params.cv !== undefined && { cv: params.cv }),
    takesPartial: params.nsf === 'yes',
  };
}

/** How an entered card shows in an answer that records no transaction: masked, with its type. */
export function entryDisplay(card: CardEntry, cardtype: string): AccountDisplay {
  return {
    accountMasked: maskPan(card.pan),
    cardtype,
    cardholdername: card.cardholdername ?? null,
    entryMode: card.entryMode,
  };
}
