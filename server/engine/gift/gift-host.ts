import { timingSafeEqual } from 'node:crypto';
import { Code, MsoftCode, PhardCode } from '../../../protocol/index.ts';
import { lastFour, maskPan } from '../../../drivers/crypto/index.ts';
import type { CvResult } from '../../processor/index.ts';
import type { CardVault } from '../../vault/index.ts';
import type { EngineContext } from '../engine-context.ts';
import {
  INSUFFICIENT_FUNDS,
  partialApprovalRefused,
  type DeclineResult,
} from '../partial-approval.ts';
import type { GiftAccount } from '../../store/gift-store.ts';
import type { StoreTx } from '../../store/service-store.ts';

/**
 * What a gift request does with its card: spend (sale, preauth), cashout (everything it holds),
 * load (refund to the card, merchreturn), open (activate, issue: a card not yet active) or
 * inquire (balanceinq: nothing moves).
 */
export type GiftMove = 'spend' | 'cashout' | 'load' | 'open' | 'inquire';

/** A gift transaction as its card's issuer sees it. */
export interface GiftAsk {
  move: GiftMove;
  pan: string;
  /** Minor units asked; on cashout the balance seen when the request arrived. */
  amount: number;
  /** The plain PIN sent (docs/interface.md › pin, "for gift it is typically the plain PIN"). */
  pin?: string;
  /** The security code sent, N/NA/NR standing for none. */
  cv?: string;
  /** nsf=yes: a spend may be approved for what the card holds. */
  takesPartial: boolean;
}

/** The issuer's decision on a gift transaction, taken inside the commit that records it. */
export type GiftDecision =
  | { kind: 'approved'; accountId: number; amount: number; cv?: CvResult }
  | { kind: 'declined'; accountId: number | null; result: DeclineResult; cv?: CvResult };

function issuerDecline(verbiage: string): DeclineResult {
  return {
    code: Code.DENY,
    msoftCode: MsoftCode.INT_SUCCESS,
    phardCode: PhardCode.GENERICFAIL,
    verbiage,
  };
}

/** The card is unknown or not active (never activated, or its activation voided). */
export const NOT_ACTIVE = issuerDecline('CARD NOT ACTIVE');
const ALREADY_ACTIVE = issuerDecline('CARD ALREADY ACTIVE');
const PIN_REQUIRED = issuerDecline('PIN REQUIRED');
const INCORRECT_PIN = issuerDecline('INCORRECT PIN');
const CV_DECLINE = issuerDecline('CV DECLINE');

/** CV values that mean none was given: N not provided, NA not on card, NR unreadable (docs/interface.md › cv). */
const NO_CV = new Set(['N', 'NA', 'NR']);

/**
 * The keyed digest of a gift card's PIN or security code: the vault's HMAC-SHA256 over the card
 * number and the secret, domain-separated, so neither is kept and a digest is useless elsewhere.
 */
export function giftSecretDigest(
  vault: CardVault,
  what: 'pin' | 'cv',
  pan: string,
  secret: string,
): string {
  return vault.fingerprint(`laneterm gift ${what}\u0000${pan}\u0000${secret}`);
}

function digestMatches(actual: string, expected: string): boolean {
  const [a, b] = [Buffer.from(actual, 'hex'), Buffer.from(expected, 'hex')];
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The PIN rule: spending, cashing out and inquiring need the card's PIN when it has one (loading
 * and opening do not); a PIN sent must be the card's.
 */
function pinRefusal(
  ctx: EngineContext,
  account: GiftAccount,
  ask: GiftAsk,
): DeclineResult | undefined {
  if (account.pinDigest === null) return undefined;
  if (ask.pin === undefined) {
    return ask.move === 'load' || ask.move === 'open' ? undefined : PIN_REQUIRED;
  }
  const digest = giftSecretDigest(ctx.vault, 'pin', ask.pan, ask.pin);
  return digestMatches(digest, account.pinDigest) ? undefined : INCORRECT_PIN;
}

/** The CV result: evaluated only when a code was sent and the card has one on file. */
function cvResult(ctx: EngineContext, account: GiftAccount, ask: GiftAsk): CvResult | undefined {
  const cv = ask.cv?.toUpperCase();
  if (cv === undefined || NO_CV.has(cv) || account.cvDigest === null) return undefined;
  return digestMatches(giftSecretDigest(ctx.vault, 'cv', ask.pan, cv), account.cvDigest)
    ? 'GOOD'
    : 'BAD';
}

/**
 * What a request on an active card comes to, given its balance: an inquiry approves the balance,
 * a load the amount asked.
 */
function amountDecision(
  account: GiftAccount,
  ask: GiftAsk,
  cv: CvResult | undefined,
): GiftDecision {
  const base = { accountId: account.id, ...(cv !== undefined && { cv }) };
  if (ask.move === 'inquire') return { kind: 'approved', ...base, amount: account.balance };
  if (ask.move === 'load') return { kind: 'approved', ...base, amount: ask.amount };
  if (account.balance === 0) return { kind: 'declined', ...base, result: INSUFFICIENT_FUNDS };
  if (ask.move === 'cashout' || account.balance >= ask.amount) {
    const amount = ask.move === 'cashout' ? account.balance : ask.amount;
    return { kind: 'approved', ...base, amount };
  }
  if (ask.takesPartial) return { kind: 'approved', ...base, amount: account.balance };
  return { kind: 'declined', ...base, result: partialApprovalRefused(account.balance) };
}

async function openDecision(
  ctx: EngineContext,
  tx: StoreTx,
  merchantId: number,
  ask: GiftAsk,
  nowTs: number,
): Promise<GiftDecision> {
  const fingerprint = ctx.vault.fingerprint(ask.pan);
  const known = await tx.gift.find(merchantId, fingerprint);
  if (known?.status === 'active') {
    return { kind: 'declined', accountId: known.id, result: ALREADY_ACTIVE };
  }
  const refusal = known === undefined ? undefined : pinRefusal(ctx, known, ask);
  if (refusal !== undefined)
    return { kind: 'declined', accountId: known?.id ?? null, result: refusal };
  const account =
    known ??
    (await tx.gift.create(
      {
        merchantId,
        fingerprint,
        accountMasked: maskPan(ask.pan),
        last4: lastFour(ask.pan),
        denomination: null,
        pinDigest: null,
        cvDigest: null,
      },
      nowTs,
    ));
  if (ask.pin !== undefined && account.pinDigest === null) {
    const digest = giftSecretDigest(ctx.vault, 'pin', ask.pan, ask.pin);
    await tx.gift.setPinDigest(account.id, digest, nowTs);
  }
  return { kind: 'approved', accountId: account.id, amount: ask.amount };
}

/**
 * The gift card issuer's decision (docs/test-cards.md, Gift cards), taken inside the commit so
 * that concurrent requests on one card see each other's balance. open: the card must not be
 * active (a new card is created; a PIN sent becomes its PIN). Otherwise it must be active; the
 * PIN and CV rules apply; a spend beyond the balance is a partial approval with nsf=yes, a
 * refused one without, and INSUFFICIENT FUNDS on an empty card; a cashout takes the balance.
 */
export async function decideGift(
  ctx: EngineContext,
  tx: StoreTx,
  merchantId: number,
  ask: GiftAsk,
  nowTs: number,
): Promise<GiftDecision> {
  if (ask.move === 'open') return openDecision(ctx, tx, merchantId, ask, nowTs);
  const account = await tx.gift.find(merchantId, ctx.vault.fingerprint(ask.pan));
  if (account?.status !== 'active') {
    return { kind: 'declined', accountId: account?.id ?? null, result: NOT_ACTIVE };
  }
  const refusal = pinRefusal(ctx, account, ask);
  if (refusal !== undefined) return { kind: 'declined', accountId: account.id, result: refusal };
  const cv = cvResult(ctx, account, ask);
  if (cv === 'BAD') return { kind: 'declined', accountId: account.id, result: CV_DECLINE, cv };
  return amountDecision(account, ask, cv);
}

/**
 * How a new transaction meets its gift card: asked of the issuer by card number, or (a refund or
 * merchreturn of a prior gift transaction) loaded onto that transaction's account.
 */
export type GiftPlan =
  { kind: 'card'; ask: Omit<GiftAsk, 'amount'> } | { kind: 'account'; accountId: number };

/** The issuer's decision on a new gift transaction of `amount` (minor units), inside its commit. */
export async function decideGiftPlan(
  ctx: EngineContext,
  tx: StoreTx,
  merchantId: number,
  plan: GiftPlan,
  amount: number,
  nowTs: number,
): Promise<GiftDecision> {
  if (plan.kind === 'card') {
    return decideGift(ctx, tx, merchantId, { ...plan.ask, amount }, nowTs);
  }
  const account = await tx.gift.get(plan.accountId);
  return account.status === 'active'
    ? { kind: 'approved', accountId: account.id, amount }
    : { kind: 'declined', accountId: account.id, result: NOT_ACTIVE };
}
