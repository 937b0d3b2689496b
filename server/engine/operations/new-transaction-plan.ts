// A new transaction's plan and what is recorded of it whatever its outcome: its account shown
// masked, sealed for the vault, fingerprinted, and the card its processor message carries
// (docs/architecture.md, In flight).
import { lastFour, maskPan } from '../../../drivers/crypto/index.ts';
import type {
  ProcessorCard,
  ProcessorDebit,
  ProcessorVerification,
} from '../../processor/index.ts';
import type { InFlightDraft } from '../../store/in-flight-store.ts';
import type { StoreTx } from '../../store/service-store.ts';
import type {
  TransactionKind,
  TransactionOperation,
  TransactionRecord,
  TransactionState,
} from '../../store/transaction-record.ts';
import type { CardEntry } from '../account-entry.ts';
import { checkDisplay, type CheckEntry } from '../checks/check-entry.ts';
import type { EngineContext, OperationRequest } from '../engine-context.ts';
import type { GiftPlan } from '../gift/gift-host.ts';

/**
 * The account of a new transaction: entered card data (with its cardtype, for a gift card of a
 * range naming one its pclevel, and the PIN of a PIN debit), a check's bank account, or a prior
 * transaction it refunds.
 */
export type PlanAccount =
  | { kind: 'card'; card: CardEntry; cardtype: string; pclevel?: number; debit?: ProcessorDebit }
  | { kind: 'check'; check: CheckEntry }
  | { kind: 'prior'; prior: TransactionRecord };

/**
 * A step of a new transaction's commit, run in its store transaction with the new transaction
 * (e.g. to update its parent, or to deny-list its card).
 */
export type CommitStep = (tx: StoreTx, txn: TransactionRecord, nowTs: number) => Promise<void>;

/** Everything needed to run a new sale, preauth, refund or gift operation. */
export interface NewTransactionPlan {
  kind: TransactionKind;
  /** The operation recorded (detail's and reports' action); default the kind. */
  operation?: TransactionOperation;
  /** The state an approval leaves it in: captured (in a batch) or authorized (hold only). */
  approvedState: Extract<TransactionState, 'captured' | 'authorized'>;
  account: PlanAccount;
  /** Minor units. */
  amount: number;
  verification?: ProcessorVerification;
  echo: Record<string, string>;
  custom: Record<string, string>;
  /** The gift card it runs on: the card's issuer (the gift ledger) decides inside the commit. */
  gift?: GiftPlan;
  /** Runs inside the commit of an approval. */
  onApproved?: CommitStep;
  /** Runs inside the commit of a decline. */
  onDeclined?: CommitStep;
}

/**
 * The card the processor message carries: entered card data with its PIN debit and chip read,
 * unless a gift card (its issuer is the service's gift ledger) or a prior transaction.
 */
export function messageCard(plan: NewTransactionPlan): ProcessorCard | undefined {
  const { account } = plan;
  if (account.kind !== 'card' || plan.gift !== undefined) return undefined;
  return processorCard(account);
}

/** A processor message's card: the entered card, its PIN debit, its chip read's cryptogram. */
export function processorCard(account: Extract<PlanAccount, { kind: 'card' }>): ProcessorCard {
  const { card, cardtype, debit } = account;
  return {
    pan: card.pan,
    ...(card.expdate !== undefined && { expdate: card.expdate }),
    cardtype,
    cardNotPresent: card.cardNotPresent,
    ...(debit !== undefined && { debit }),
    ...(card.emv !== undefined && {
      emv: {
        cryptogram: card.emv.cryptogram,
        cryptogramType: card.emv.cryptogramType,
        tags: card.emv.tags,
      },
    }),
  };
}

/** The fields of a transaction that show its account. */
type AccountDisplay = Pick<
  TransactionRecord,
  'accountMasked' | 'last4' | 'cardtype' | 'cardholdername' | 'entryMode'
>;

/** The account as a transaction shows it: masked entry, or a copy of the prior transaction's. */
function accountDisplay(account: PlanAccount): AccountDisplay {
  if (account.kind === 'prior') return account.prior;
  if (account.kind === 'check') return checkDisplay(account.check);
  const { card, cardtype } = account;
  return {
    accountMasked: maskPan(card.pan),
    last4: lastFour(card.pan),
    cardtype,
    cardholdername: card.cardholdername ?? null,
    entryMode: card.entryMode,
  };
}

/**
 * Whether an approved transaction keeps its card for later moves (SENSITIVEDATA): an approved sale
 * or preauth on entered card data does; a refund, a cashout (nothing follows it but a void) and a
 * transaction on a prior one do not.
 */
export function keepsCard(plan: NewTransactionPlan, approved: boolean): boolean {
  return (
    approved &&
    plan.kind !== 'refund' &&
    plan.account.kind === 'card' &&
    plan.operation !== 'cashout'
  );
}

/** The account sealed for the card vault (purpose "transaction"), when it is entered card data. */
export function sealAccount(ctx: EngineContext, account: PlanAccount): Buffer | null {
  if (account.kind !== 'card') return null;
  const { pan, expdate } = account.card;
  return ctx.vault.seal({ pan, ...(expdate !== undefined && { expdate }) }, 'transaction');
}

/** The keyed fingerprint of the card or bank account a new transaction enters (duplicate check). */
function fingerprintOf(ctx: EngineContext, account: PlanAccount): string | null {
  if (account.kind === 'prior') return null;
  return ctx.vault.fingerprint(account.kind === 'card' ? account.card.pan : account.check.account);
}

/** What the transaction is recorded as whatever its outcome: everything but the outcome. */
export function draftOf(
  ctx: EngineContext,
  request: OperationRequest,
  plan: NewTransactionPlan,
): InFlightDraft {
  const { caller, params } = request;
  const { account } = plan;
  const shown = accountDisplay(account);
  // One literal in one order: the draft's shape is the same for every sale (no spread).
  return {
    merchantId: caller.merchantId,
    profileId: caller.profileId,
    userId: caller.userId,
    username: caller.username,
    kind: plan.kind,
    operation: plan.operation ?? plan.kind,
    parentTtid: account.kind === 'prior' ? account.prior.ttid : null,
    orderId: params.order_id ?? (account.kind === 'prior' ? account.prior.orderId : null),
    reqAmount: plan.amount,
    accountMasked: shown.accountMasked,
    last4: shown.last4,
    cardtype: shown.cardtype,
    cardholdername: shown.cardholdername,
    entryMode: shown.entryMode,
    echo: plan.echo,
    custom: plan.custom,
    cardFingerprint: fingerprintOf(ctx, account),
  };
}
