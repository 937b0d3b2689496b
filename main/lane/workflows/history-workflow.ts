import { refundMoveOf, refusalOf, type TransactionStanding } from '../../../protocol/index.ts';
import { PaymentNotSentError, type PaymentResponse } from '../../payment/index.ts';
import type { CommandOf, NextAction, ReceiptState, WorkflowView } from '../../lane-api/index.ts';
import { approvedOf, refundableMinor, standingOf } from '../journal/entry-standing.ts';
import type { PaymentPlan } from '../journal/journaled-payments.ts';
import type { JournalEntry } from '../journal/journal-types.ts';
import type { LaneContext } from '../lane-context.ts';
import type { TransitionTable } from '../machine.ts';
import { ServiceWorkflow } from '../service-steps.ts';
import type { Bounds } from '../workflow-control.ts';

type HistoryState =
  Bounds | 'working' | 'override' | 'authorizing' | 'checking' | 'attention' | 'result' | 'confirm';

/**
 * The history family's transition table (docs/lane.md, History): look the transaction up, pick
 * the move the service's rules allow, have the cashier confirm a void or refund as it will be
 * sent (back ends it, nothing sent), authorize it, print its receipt; a reprint looks up and
 * prints.
 */
export const HISTORY_TABLE: TransitionTable<HistoryState> = {
  start: ['working'],
  working: ['attention', 'authorizing', 'confirm', 'result'],
  confirm: ['authorizing', 'end'],
  attention: ['working', 'authorizing', 'cancelling'],
  override: ['authorizing', 'cancelling'],
  authorizing: ['checking', 'override', 'attention', 'result', 'cancelling'],
  checking: ['result', 'cancelling', 'cancelled'],
  result: ['working', 'end', 'cancelling'],
  cancelling: ['cancelled'],
  cancelled: ['end'],
  end: [],
};

type HistoryCommand =
  | CommandOf<'history.void'>
  | CommandOf<'history.refund'>
  | CommandOf<'history.tip'>
  | CommandOf<'history.complete'>
  | CommandOf<'history.reprint'>;

const KIND = {
  'history.void': 'void',
  'history.refund': 'refund',
  'history.tip': 'tip_adjust',
  'history.complete': 'preauth_complete',
  'history.reprint': 'reprint',
} as const;

/** Where the service says the target stands now: its detail's txnstatus over the journal's view. */
function standingNow(
  target: JournalEntry,
  detail: PaymentResponse,
): TransactionStanding | undefined {
  const status = detail.txnstatus;
  const standing = standingOf(target, status.includes('COMPLETE'));
  if (standing === undefined) return undefined;
  if (status.includes('VOIDED')) return { ...standing, state: 'voided' };
  if (status.includes('REVERSED')) return { ...standing, state: 'reversed' };
  return standing;
}

/**
 * The move that gives money back, by the rule book (protocol/transactions, docs/test-cards.md ›
 * States and moves) over the transaction's detail: the whole of it, nothing refunded yet, is
 * reversed when the service says the hold is reversible, else voided, where the rules allow;
 * otherwise a refund of the amount where the rules allow it. Undefined when nothing may be given
 * back now.
 */
export function moneyBackPlan(
  target: JournalEntry,
  detail: PaymentResponse,
  amountMinor: number | undefined,
): Pick<PaymentPlan, 'operation' | 'amountMinor' | 'targetTtid' | 'params'> | undefined {
  const ttid = target.ttid;
  const standing = standingNow(target, detail);
  if (ttid === undefined || standing === undefined) return undefined;
  const left = refundableMinor(target);
  const amount = amountMinor ?? left;
  if (amount <= 0 || amount > left) return undefined;
  if (amount === left && target.refundedMinor === 0) {
    const reversible = detail.get('reversible') === 'yes';
    const operation = reversible ? 'reversal' : 'void';
    if (refusalOf(standing, reversible ? 'reversal_full' : 'void') === undefined)
      return { operation, amountMinor: amount, targetTtid: ttid, params: {} };
  }
  if (refusalOf(standing, refundMoveOf(amount, left)) !== undefined) return undefined;
  return { operation: 'refund', amountMinor: amount, params: { ttid, amount } };
}

/**
 * A tip adjust (docs/lane.md › History; docs/test-cards.md › States and moves, adjust): `tip`
 * with the new total as `amount`, the approval plus the tip (an earlier tip replaced), so the
 * service settles and refunds what the card is charged.
 */
export function tipPlan(
  target: JournalEntry,
  tipMinor: number,
): Pick<PaymentPlan, 'operation' | 'amountMinor' | 'tipMinor' | 'targetTtid' | 'params'> {
  const totalMinor = approvedOf(target) + tipMinor;
  return {
    operation: 'adjust',
    amountMinor: tipMinor,
    tipMinor,
    targetTtid: target.ttid ?? '',
    params: { tip: tipMinor, amount: totalMinor },
  };
}

/**
 * A move on a past transaction the cashier picked from history (never a typed ttid): void,
 * refund, tip adjust, preauth completion, or a reprint from the service's transaction detail.
 */
export class HistoryWorkflow extends ServiceWorkflow<HistoryState> {
  readonly #request: HistoryCommand;
  readonly #target: JournalEntry;

  constructor(
    request: HistoryCommand,
    target: JournalEntry,
    ctx: LaneContext,
    publish: (view: WorkflowView | null) => void,
  ) {
    super(KIND[request.type], ctx, HISTORY_TABLE, publish);
    this.#request = request;
    this.#target = target;
  }

  protected async run(): Promise<void> {
    const detail = await this.#detail();
    if (this.#request.type === 'history.reprint') return this.#reprint(detail);
    const plan = this.#plan(detail);
    if (plan === undefined) {
      this.show({
        name: 'result',
        result: {
          outcome: 'declined',
          operation: this.#request.type === 'history.void' ? 'void' : 'refund',
          entryId: this.#target.id,
          reason: 'not_allowed_now',
          by: 'lane',
        },
        next: ['finish'],
        receipt: { state: 'none' },
      });
      await this.choose(['finish']);
      this.end();
      return;
    }
    if (!(await this.#confirmed(plan))) {
      this.end();
      return;
    }
    const entry = await this.authorize({
      workflowId: this.id,
      parentId: this.#target.id,
      completesWorkflow: true,
      ...(this.#target.card === undefined ? {} : { card: this.#target.card }),
      ...(this.#target.tender === undefined ? {} : { tender: this.#target.tender }),
      ...plan,
    });
    let receipt: ReceiptState = { state: 'none' };
    const next: NextAction[] = ['finish'];
    if (entry.state === 'approved') {
      this.showResultNow(entry, next, { state: 'printing' });
      receipt = await this.printCopies(entry);
    }
    await this.showResult(entry, next, receipt);
    this.end();
  }

  /** A void or refund as it will be sent, confirmed by the cashier; other moves need none. */
  async #confirmed(plan: Omit<PaymentPlan, 'workflowId'>): Promise<boolean> {
    const type = this.#request.type;
    if (type !== 'history.void' && type !== 'history.refund') return true;
    const target = this.#target;
    return this.confirm(type === 'history.void' ? 'void' : 'refund', [
      {
        operation: plan.operation,
        amountMinor: plan.amountMinor,
        ...(target.tender === undefined ? {} : { tender: target.tender }),
        ...(target.card === undefined ? {} : { card: target.card }),
      },
    ]);
  }

  /** The plan of a move, from the request and the transaction's detail. */
  #plan(detail: PaymentResponse): Omit<PaymentPlan, 'workflowId'> | undefined {
    const request = this.#request;
    const ttid = this.#target.ttid ?? '';
    switch (request.type) {
      case 'history.void':
        return moneyBackPlan(this.#target, detail, undefined);
      case 'history.refund':
        return moneyBackPlan(this.#target, detail, request.amountMinor);
      case 'history.tip':
        return tipPlan(this.#target, request.tipMinor);
      case 'history.complete':
        return {
          operation: 'preauthcomplete',
          amountMinor: request.amountMinor,
          targetTtid: ttid,
          params: { amount: request.amountMinor },
        };
      case 'history.reprint':
        return undefined;
    }
  }

  /** The working step: the transaction's detail from the service (retry while unreachable). */
  async #detail(): Promise<PaymentResponse> {
    const rcpt = this.#request.type === 'history.reprint' ? { rcpt: 'yes' } : {};
    for (;;) {
      this.show({ name: 'working', task: 'looking_up', since: this.ctx.now() });
      try {
        const found = await this.ctx.payments.client.transactionDetail(
          this.#target.ttid ?? '',
          rcpt,
        );
        if (found.outcome === 'approved') return found.response;
      } catch (error) {
        if (!(error instanceof PaymentNotSentError)) throw error;
      }
      await this.attention('server_unreachable', ['retry', 'cancel']);
    }
  }

  /** A reprint: the duplicate rebuilt from the detail, printed, and shown with the entry's result. */
  async #reprint(detail: PaymentResponse): Promise<void> {
    const copy =
      this.#request.type === 'history.reprint' ? (this.#request.copy ?? 'customer') : 'customer';
    for (;;) {
      const receipt = await this.printDetail(detail, this.#target, copy);
      const choice = await this.showResult(this.#target, ['finish', 'reprint'], receipt);
      if (choice === 'finish') break;
      this.show({ name: 'working', task: 'printing', since: this.ctx.now() });
    }
    this.end();
  }
}
