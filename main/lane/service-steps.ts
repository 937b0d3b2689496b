import { setTimeout as delay } from 'node:timers/promises';
import { MsoftCode } from '../../protocol/index.ts';
import type {
  ConfirmAsk,
  ConfirmMove,
  DaySummary,
  NextAction,
  Operation,
  OverrideReason,
  ProblemCode,
  ReceiptCopy,
  ReceiptState,
  WorkflowStep,
} from '../lane-api/index.ts';
import type { PrinterGate } from '../devices/index.ts';
import type { DualAuthorization, PaymentResponse } from '../payment/index.ts';
import { printerProblem } from './device-problems.ts';
import type { PaymentPlan } from './journal/journaled-payments.ts';
import type { JournalEntry } from './journal/journal-types.ts';
import { truthOf } from './journal/entry-truth.ts';
import { undoOf } from './journal/recovery.ts';
import { ReceiptPrinting } from './receipt-printing.ts';
import { resultOf } from './results.ts';
import { WorkflowDeferred } from './workflow-control.ts';
import { Workflow } from './workflow.ts';

/** First wait between lookups of an unknown outcome, ms; doubled up to CHECK_MAX_MS. */
const CHECK_FIRST_MS = 500;
const CHECK_MAX_MS = 5000;

/** Waits `ms`, or less when `signal` aborts first. */
const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  delay(ms, undefined, { signal }).catch(() => undefined);

/**
 * The steps every workflow that talks to the service shares (docs/lane.md, Workflows):
 * authorizing with the journal, checking an unknown outcome until it is definite, the manager
 * override the service asks for, the printer gate, printing receipts and showing results.
 */
export abstract class ServiceWorkflow<S extends string> extends Workflow<
  S | 'authorizing' | 'checking' | 'override' | 'attention' | 'result' | 'confirm'
> {
  /** Set when the cashier chose to go on without a receipt (printer gate). */
  protected withoutReceipt = false;
  /**
   * The issuer's response data (icc) of the last answer authorize read, for a chip's completion;
   * undefined when the answer carried none or the outcome was found by a lookup.
   */
  protected issuerData: string | undefined;
  readonly #printer = new ReceiptPrinting(this.ctx);

  /**
   * Sends the plan through the journal and returns its definite entry: an unknown outcome is
   * checked until it is known; a service asking for a second user gets a manager override and
   * a new request; a request that could not leave is offered to `offline` (the only place a sale
   * may be approved offline, docs/lane.md › Offline), and when that gives no entry, retry. A
   * cancel asked meanwhile takes effect once the answer is in, so what was approved is then
   * reversed.
   */
  protected async authorize(
    plan: PaymentPlan,
    offline?: (notSent: JournalEntry) => Promise<JournalEntry | undefined>,
  ): Promise<JournalEntry> {
    let dual: DualAuthorization | undefined;
    for (;;) {
      this.checkCancel();
      this.show({
        name: 'authorizing',
        operation: plan.operation,
        since: this.ctx.now(),
        ...(plan.amountMinor > 0 ? { amountMinor: plan.amountMinor } : {}),
        ...(plan.card === undefined ? {} : { card: plan.card }),
      });
      const options = { ...plan.options, ...(dual === undefined ? {} : { dual }) };
      const settled = await this.ctx.payments.send({ ...plan, options });
      this.issuerData =
        settled.kind === 'answered' ? settled.result.response.get('icc') : undefined;
      if (settled.kind === 'not_sent') {
        const decided = await offline?.(settled.entry);
        if (decided !== undefined) return decided;
        await this.attention('server_unreachable', ['retry', 'cancel']);
        continue;
      }
      if (settled.kind === 'refused') return settled.entry;
      const entry = settled.kind === 'unknown' ? await this.check(settled.entry) : settled.entry;
      this.checkCancel();
      const refused = settled.kind === 'answered' && settled.result.response.msoftCode;
      if (entry.state === 'declined' && refused === MsoftCode.ACCT_DUAL_REQUIRED) {
        dual = await this.override(plan.operation, dual !== undefined);
        continue;
      }
      return entry;
    }
  }

  /**
   * The checking step: looks the entry up until its outcome is definite, or the cashier defers, or
   * the lane stops (the entry then stays unknown for the next start's recovery).
   */
  protected async check(unknown: JournalEntry): Promise<JournalEntry> {
    const since = this.ctx.now();
    let entry = unknown;
    let wait = CHECK_FIRST_MS;
    for (let attempts = 0; ; attempts += 1) {
      this.checkHalt();
      this.show({
        name: 'checking',
        operation: entry.operation,
        since,
        attempts,
        canDefer: attempts > 0,
      });
      if (attempts > 0) {
        if (await this.#waitOrDefer(wait)) throw new WorkflowDeferred();
        wait = Math.min(wait * 2, CHECK_MAX_MS);
      }
      entry = await this.ctx.resolver.resolve(entry);
      if (entry.state !== 'unknown' && entry.state !== 'pending') return entry;
    }
  }

  /** Waits `ms`; true when the cashier defers meanwhile (not offered once a cancel is asked). */
  async #waitOrDefer(ms: number): Promise<boolean> {
    if (this.cancelRequested) {
      await sleep(ms, this.haltSignal);
      return false;
    }
    const deferred = await Promise.race([
      sleep(ms, this.haltSignal).then(() => false),
      this.ask(['workflow.defer']).then(() => true),
    ]);
    this.withdraw();
    return deferred;
  }

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
   * Starts the printer gate's check now (main/devices), so it runs while the customer presents the
   * card; gatePrinter then takes its answer. Undefined when there is nothing to check.
   */
  protected checkPrinterEarly(): Promise<PrinterGate> | undefined {
    if (!this.ctx.devices.has('printer') || this.withoutReceipt) return undefined;
    const check = this.ctx.devices.checkPrinter({ signal: this.signal });
    check.catch(() => undefined);
    return check;
  }

  /**
   * The printer gate (main/devices): before a sale is authorized, a printer that cannot print is
   * told now, with retry, going on without a receipt, or cancel. Lanes without a printer pass.
   * `early` is a check started before the card was read (checkPrinterEarly); retries check again.
   */
  protected async gatePrinter(early?: Promise<PrinterGate>): Promise<void> {
    if (!this.ctx.devices.has('printer') || this.withoutReceipt) return;
    let check = early;
    for (;;) {
      const gate = await (check ?? this.ctx.devices.checkPrinter({ signal: this.signal }));
      check = undefined;
      if (gate.ready) return;
      const choice = await this.attention(
        printerProblem(gate),
        ['retry', 'without_receipt', 'cancel'],
        'printer',
      );
      if (choice === 'without_receipt') {
        this.withoutReceipt = true;
        return;
      }
    }
  }

  /** Prints an entry's receipt (and previews it); answers where it is. */
  protected printReceipt(entry: JournalEntry, copy: ReceiptCopy, duplicate = false) {
    return this.#printer.receipt(entry, copy, duplicate, this.withoutReceipt);
  }

  /** Prints a duplicate of an entry rebuilt from its transaction detail (a reprint). */
  protected printDetail(detail: PaymentResponse, entry: JournalEntry, copy: ReceiptCopy) {
    return this.#printer.reprint(detail, entry, copy, this.withoutReceipt);
  }

  /** The receipts of an approval: the customer's, then the merchant's when the settings ask for it. */
  protected async printCopies(entry: JournalEntry): Promise<ReceiptState> {
    const customer = await this.printReceipt(entry, 'customer');
    if (!this.ctx.settings().merchantCopy || customer.state !== 'printed') return customer;
    const merchant = await this.printReceipt(entry, 'merchant');
    return merchant.state === 'printed' ? customer : merchant;
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

  /** The receipts of what a confirmed void sent: each move's own (REVERSAL, VOID, REFUND). */
  protected override async printUndone(moves: readonly JournalEntry[]): Promise<void> {
    for (const move of moves) await this.printReceipt(move, 'customer');
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
