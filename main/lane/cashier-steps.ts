import type {
  ConfirmAsk,
  ConfirmMove,
  DaySummary,
  NextAction,
  Operation,
  OverrideReason,
  ProblemCode,
  ReceiptState,
  WorkflowStep,
} from '../lane-api/index.ts';
import type { DualAuthorization } from '../payment/index.ts';
import type { JournalEntry } from './journal/journal-types.ts';
import { truthOf } from './journal/entry-truth.ts';
import { undoOf } from './journal/recovery.ts';
import { resultOf } from './results.ts';
import { Workflow } from './workflow.ts';

/**
 * The steps where a workflow stops for the cashier (docs/lane.md, Workflows): the manager
 * override, attention to a problem, the confirmation before money moves back, and the result.
 */
export abstract class CashierWorkflow<S extends string> extends Workflow<
  S | 'override' | 'attention' | 'result' | 'confirm'
> {
  /**
   * The override step: the credentials of a manager for the request the service refused, or for
   * the lane's own rule (`reason`); in training mode the step shows the training manager's, save
   * for an offline limit, which only lane.yaml's offline managers pass.
   */
  protected async override(
    operation: Operation,
    refused: boolean,
    reason: OverrideReason = 'service_requires',
  ): Promise<DualAuthorization> {
    const manager = reason === 'offline_limit' ? undefined : this.ctx.trainingManager;
    this.show({
      name: 'override',
      operation,
      reason,
      refused,
      ...(manager === undefined ? {} : { trainingManager: { ...manager } }),
    });
    const command = await this.ask(['workflow.override']);
    return {
      username: command.username,
      password: command.password,
      ...(command.mfaCode === undefined ? {} : { mfaCode: command.mfaCode }),
    };
  }

  /** The attention step: shows the problem, waits for the cashier's choice (cancel cancels). */
  protected async attention<A extends string>(
    problem: ProblemCode,
    actions: readonly (A | 'cancel')[],
    device?: Extract<WorkflowStep, { name: 'attention' }>['device'],
  ): Promise<Exclude<A, 'cancel'>> {
    this.show({
      name: 'attention',
      problem,
      actions: actions as Extract<WorkflowStep, { name: 'attention' }>['actions'],
      ...(device === undefined ? {} : { device }),
    });
    return this.choose(actions);
  }

  /**
   * The confirm step (docs/lane.md, Confirmations): what will be sent, named as it will be sent,
   * before any money moves back, the day closes or a gift card's balance is paid out (with that
   * balance). True when the cashier confirms, false when the cashier goes back.
   */
  protected async confirm(
    ask: ConfirmAsk,
    moves: readonly ConfirmMove[],
    day?: DaySummary,
    balanceMinor?: number,
  ): Promise<boolean> {
    this.show({
      name: 'confirm',
      ask,
      moves: [...moves],
      ...(day === undefined ? {} : { day }),
      ...(balanceMinor === undefined ? {} : { balanceMinor }),
      next: ['confirm', 'back'],
    });
    return (await this.choose(['confirm', 'back'])) === 'confirm';
  }

  /**
   * Asks the cashier to confirm voiding the workflow's approvals, each named by the move recovery
   * sends for it (undoOf, by the rule book: a reversal while unsettled). A cancel asked before is
   * taken back: the confirmation decides. True when confirmed.
   */
  protected async confirmVoid(): Promise<boolean> {
    this.resumeAfterCancel();
    const moves = this.ctx.journal
      .entriesOf(this.id)
      .filter((entry) => entry.purpose === 'cashier')
      .flatMap((entry): ConfirmMove[] => {
        const plan = undoOf(entry);
        if (plan === undefined || typeof plan === 'string') return [];
        return [
          {
            operation: plan.operation,
            amountMinor: plan.amountMinor,
            ...(entry.tender === undefined ? {} : { tender: entry.tender }),
            ...(entry.card === undefined ? {} : { card: entry.card }),
          },
        ];
      });
    return this.confirm('void', moves);
  }

  /**
   * Shows the result of an entry with where its receipt is (without waiting); when moves were made
   * on it since (a reprint of a voided sale), the result says where it stands now (truthOf).
   */
  protected showResultNow(entry: JournalEntry, next: readonly NextAction[], receipt: ReceiptState) {
    const journal = this.ctx.journal;
    const { status } = truthOf(journal.get(entry.id) ?? entry, journal.movesOf(entry.id));
    const result = resultOf(entry);
    const moved =
      (result.outcome === 'approved' || result.outcome === 'partial') && status !== result.outcome;
    this.show({
      name: 'result',
      result: moved ? { ...result, status } : result,
      next: [...next],
      receipt,
    });
  }

  /** Shows the result of an entry with its receipt and waits for one of `next`. */
  protected async showResult<A extends NextAction>(
    entry: JournalEntry,
    next: readonly A[],
    receipt: ReceiptState = { state: 'none' },
  ): Promise<Exclude<A, 'cancel'>> {
    this.showResultNow(entry, next, receipt);
    return this.choose(next);
  }
}
