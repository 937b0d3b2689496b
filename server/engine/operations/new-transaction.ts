import { processorCheck } from '../checks/check-entry.ts';
import { unixSeconds } from '../../shared/clock.ts';
import type { EngineContext, OperationRequest, ServiceAnswer } from '../engine-context.ts';
import { withCommittedItem } from '../response-pairs.ts';
import { CommitOutcomeUnknown } from '../../store/commit-outcome-unknown.ts';
import { InFlightClaimedError } from '../../store/in-flight-store.ts';
import type { TransactionRecord } from '../../store/transaction-record.ts';
import { resolveInFlight, stillInFlight } from '../in-flight-recovery.ts';
import { authorizeOnline } from './authorization.ts';
import { commitOutcome } from './new-transaction-commit.ts';
import {
  draftOf,
  messageCard,
  sealAccount,
  type NewTransactionPlan,
} from './new-transaction-plan.ts';

/** The answer of a committed outcome, with the item its capture took at the commit. */
function withItem({
  answer,
  txn,
}: {
  answer: ServiceAnswer;
  txn: TransactionRecord;
}): ServiceAnswer {
  if (answer.kind !== 'response') return answer;
  return { ...answer, pairs: withCommittedItem(answer.pairs, txn) };
}

/**
 * Runs a new transaction on an account. It is first recorded in flight (durably), so an order
 * lookup answers "in progress" until its outcome is committed and a restart finds it; then it goes
 * online through the send queue (authorize, or credit for a refund or a gift load; a refused
 * partial approval is reversed there and then); then, in one store transaction, a gift card's
 * issuer decides, and the transaction, its first event, its batch item, its order, its token, its
 * gift ledger row and its EMV receipt data are committed and its in-flight record removed; only
 * then it answers (commitOutcome). When that commit fails, the transaction is settled as never
 * completed (resolveInFlight), unless another instance took its record over and settles it, and
 * the failure answered (docs/architecture.md, In flight).
 */
export async function runNewTransaction(
  request: OperationRequest,
  ctx: EngineContext,
  plan: NewTransactionPlan,
): Promise<ServiceAnswer> {
  const card = messageCard(plan);
  const draft = draftOf(ctx, request, plan);
  const sealed = card === undefined ? null : sealAccount(ctx, plan.account);
  const inFlight = await ctx.store.inFlight.insert(draft, sealed, unixSeconds(request.now));
  const auth = await authorizeOnline(ctx, request, {
    kind: plan.kind === 'refund' ? 'credit' : 'authorize',
    amount: plan.amount,
    card,
    check: plan.account.kind === 'check' ? processorCheck(plan.account.check) : undefined,
    verification: plan.verification,
  });
  const authorized = { draft, sealed, auth, at: ctx.clock() };
  const commit = ctx.store.transaction(async (tx) => {
    await tx.inFlight.remove(inFlight.id);
    return commitOutcome(ctx, tx, request, plan, authorized);
  });
  return commit.then(withItem).catch(async (error: unknown) => {
    // A record another instance took over is that instance's to settle; after a commit of unknown
    // outcome, only a record a read still finds in flight is settled here.
    if (error instanceof InFlightClaimedError) throw error;
    if (error instanceof CommitOutcomeUnknown && !(await stillInFlight(ctx, inFlight))) throw error;
    await resolveInFlight(ctx, inFlight);
    throw error;
  });
}
