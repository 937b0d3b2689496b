import { formatAmount } from '../../../protocol/index.ts';
import type { GiftStore } from '../../store/gift-store.ts';
import type { TransactionRecord, TransactionState } from '../../store/transaction-record.ts';

/** States in which a transaction's amount stands on its gift card: approved, not cancelled. */
const STANDING: ReadonlySet<TransactionState> = new Set(['authorized', 'captured', 'settled']);

/** Operations that open a gift card: their approval activates it, their void deactivates it. */
const OPENING: ReadonlySet<string> = new Set(['activate', 'issue']);

/** Why the ledger refused a change: the commit it was part of is rolled back. */
export type GiftLedgerRefusal =
  | 'insufficient' // the card holds less than the change takes
  | 'not_active' // the card is not active
  | 'already_active' // an activation of a card already active
  | 'in_use'; // a void of the activation of a card used since

/** A change the ledger cannot apply; nothing of its commit is written. */
export class GiftLedgerError extends Error {
  readonly code = 'GIFT_LEDGER';
  readonly refusal: GiftLedgerRefusal;
  /** The card's balance, minor units. */
  readonly balance: number;
  /** What the change takes from the card, minor units (0 unless insufficient). */
  readonly wanted: number;

  constructor(refusal: GiftLedgerRefusal, balance: number, wanted = 0) {
    super(`gift ledger: ${refusal} (balance ${formatAmount(balance)})`);
    this.name = 'GiftLedgerError';
    this.refusal = refusal;
    this.balance = balance;
    this.wanted = wanted;
  }
}

/**
 * What a transaction does to its gift card's balance, minor units: a load (kind refund: refund,
 * activate, issue, merchreturn) adds its amount, a spend (sale, preauth, cashout) takes it, while
 * the transaction stands (authorized, captured or settled); declined, voided or reversed: nothing.
 */
function giftEffect(
  txn: Pick<TransactionRecord, 'giftAccountId' | 'kind' | 'state' | 'amount'>,
): number {
  if (txn.giftAccountId === null || !STANDING.has(txn.state)) return 0;
  return txn.kind === 'refund' ? txn.amount : -txn.amount;
}

/**
 * Keeps a gift card's balance equal to the sum of what its transactions do to it: every write of a
 * gift transaction (transaction-writes.ts) posts the change of its effect as one ledger row in the
 * same store transaction. An approved activate or issue makes the card active, its void inactive
 * again (only when that empties the card). A change the card cannot take throws GiftLedgerError,
 * failing the store transaction. `before` is null for a new transaction; `action` is the event's.
 */
export async function postGiftEffect(
  gift: GiftStore,
  before: TransactionRecord | null,
  after: TransactionRecord,
  action: string,
  nowTs: number,
): Promise<void> {
  const accountId = after.giftAccountId;
  if (accountId === null) return;
  const delta = giftEffect(after) - (before === null ? 0 : giftEffect(before));
  const wasStanding = before !== null && STANDING.has(before.state);
  const standing = STANDING.has(after.state);
  const opens = OPENING.has(after.operation) && standing && !wasStanding;
  const closes = OPENING.has(after.operation) && wasStanding && !standing;
  if (delta === 0 && !opens && !closes) return;
  const account = await gift.get(accountId);
  if (opens) {
    if (account.status === 'active') throw new GiftLedgerError('already_active', account.balance);
    await gift.setStatus(accountId, 'active', nowTs);
  } else if (account.status !== 'active') {
    throw new GiftLedgerError('not_active', account.balance);
  }
  if (closes && account.balance + delta !== 0) {
    throw new GiftLedgerError('in_use', account.balance);
  }
  if (account.balance + delta < 0) {
    throw new GiftLedgerError('insufficient', account.balance, -delta);
  }
  if (delta !== 0) await gift.post(accountId, after.ttid, action, delta, nowTs);
  if (closes) await gift.setStatus(accountId, 'inactive', nowTs);
}
