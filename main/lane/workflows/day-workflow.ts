import { MsoftCode, type Params } from '../../../protocol/index.ts';
import type { DaySummary, Settlement, WorkflowStep, WorkflowView } from '../../lane-api/index.ts';
import { PaymentNotSentError, type DualAuthorization } from '../../payment/index.ts';
import { dayTotals, daySummary, settlementOf, settlementOfRow } from '../day-summary.ts';
import { withOffline } from '../offline/offline-day.ts';
import type { LaneContext } from '../lane-context.ts';
import type { TransitionTable } from '../machine.ts';
import { ServiceWorkflow } from '../service-steps.ts';
import type { Bounds } from '../workflow-control.ts';

type DayState =
  Bounds | 'working' | 'override' | 'authorizing' | 'checking' | 'attention' | 'result' | 'confirm';

/**
 * The day family's transition table (docs/lane.md, Open and close the day): open settles the
 * journal and reaches the server; close forwards the offline sales waiting first (docs/lane.md ›
 * Offline), reads the open batch, shows its summary for the cashier
 * to confirm (back leaves the day open), settles it (with a manager override when the service asks
 * for one) and shows what settled.
 */
export const DAY_TABLE: TransitionTable<DayState> = {
  start: ['working'],
  working: ['attention', 'override', 'confirm', 'result', 'end'],
  confirm: ['working', 'end'],
  attention: ['working', 'cancelling'],
  override: ['working', 'cancelling'],
  authorizing: [],
  checking: [],
  result: ['end'],
  cancelling: ['cancelled'],
  cancelled: ['end'],
  end: [],
};

const NOTHING: Settlement = {
  batch: '',
  count: 0,
  saleCount: 0,
  saleMinor: 0,
  refundCount: 0,
  refundMinor: 0,
  netMinor: 0,
};

/**
 * Opening the day (the journal settled, the server reached) or closing it: the open batch is
 * settled once, what it held is marked settled in the journal, and its totals shown. A settle
 * whose answer was lost is checked against the batches report before anything is sent again.
 */
export class DayWorkflow extends ServiceWorkflow<DayState> {
  constructor(open: boolean, ctx: LaneContext, publish: (view: WorkflowView | null) => void) {
    super(open ? 'day_open' : 'day_close', ctx, DAY_TABLE, publish);
  }

  /** A day's open or close moves no money of its own: cancel is taken only while it waits on a person. */
  protected override canCancel(step: WorkflowStep): boolean {
    return step.name === 'attention' || step.name === 'override';
  }

  protected async run(): Promise<void> {
    if (this.kind === 'day_open') {
      this.#working();
      await this.ctx.recovery.sweep((id) => id === this.id);
      await this.#openBatch();
      this.ctx.setDayOpen(true);
      this.end();
      return;
    }
    await this.ctx.forwardOffline();
    const open = await this.#openBatch();
    const summary = withOffline(this.#summary(open), this.ctx);
    if (!(await this.confirm('close_day', [], summary))) {
      this.end();
      return;
    }
    const settlement = open === undefined ? NOTHING : await this.#settle();
    this.ctx.setDayOpen(false, settlement.batch);
    this.show({
      name: 'result',
      result: {
        outcome: 'approved',
        operation: 'settle',
        amountMinor: settlement.saleMinor,
        settlement,
      },
      next: ['finish'],
      receipt: { state: 'none' },
    });
    await this.choose(['finish']);
    this.end();
  }

  /** Settles the open batch: once, with an override when asked, checked by report when unanswered. */
  async #settle(): Promise<Settlement> {
    let dual: DualAuthorization | undefined;
    for (;;) {
      const open = await this.#openBatch();
      if (open === undefined) return NOTHING;
      this.#working();
      let result;
      try {
        result = await this.ctx.payments.client.settle(
          { batch: open.BatchNum ?? '' },
          dual === undefined ? {} : { dual },
        );
      } catch (error) {
        if (!(error instanceof PaymentNotSentError)) throw error;
        await this.attention('server_unreachable', ['retry', 'cancel']);
        continue;
      }
      if (result.outcome === 'approved') return this.#marked(settlementOf(result.response));
      if (result.outcome === 'unknown') {
        const still = await this.#openBatch();
        if (still?.BatchNum !== open.BatchNum) return this.#marked(settlementOfRow(open));
        continue;
      }
      if (result.response.msoftCode === MsoftCode.ACCT_DUAL_REQUIRED) {
        dual = await this.override('settle', dual !== undefined);
        continue;
      }
      await this.attention('server_unreachable', ['retry', 'cancel']);
    }
  }

  /**
   * The open batch's summary: its totals from the batches report, and the lane's own transactions
   * in it (their answers name the batch) by tender and brand through the one truth (dayTotals).
   */
  #summary(open: Params | undefined): DaySummary {
    if (open === undefined) return { ...NOTHING, lines: [] };
    const journal = this.ctx.journal;
    const inBatch = journal
      .search({ limit: 500 })
      .filter((entry) => entry.answer?.batch === open.BatchNum && !entry.marks.includes('settled'));
    return daySummary(
      open,
      dayTotals(inBatch, (id) => journal.movesOf(id)),
    );
  }

  /** Marks the journal's entries of the settled batch (their answers name it). */
  #marked(settlement: Settlement): Settlement {
    const marks = this.ctx.journal
      .search({ limit: 500 })
      .filter((e) => e.answer?.batch === settlement.batch && !e.marks.includes('settled'))
      .map((e) => ({ entryId: e.id, mark: 'settled' as const }));
    this.ctx.journal.addMarks(marks);
    return settlement;
  }

  /** The open batch's row of the batches report (retry while the server cannot be reached). */
  async #openBatch(): Promise<Params | undefined> {
    for (;;) {
      this.#working();
      try {
        const report = await this.ctx.payments.client.batchesReport();
        if (report.outcome === 'report')
          return report.rows.find((row) => row.Status?.toLowerCase() === 'open');
      } catch (error) {
        if (!(error instanceof PaymentNotSentError)) throw error;
      }
      await this.attention('server_unreachable', ['retry', 'cancel']);
    }
  }

  #working(): void {
    const task = this.kind === 'day_open' ? 'checking_devices' : 'settling';
    this.show({ name: 'working', task, since: this.ctx.now() });
  }
}
