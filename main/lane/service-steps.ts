import { setTimeout as delay } from 'node:timers/promises';
import { MsoftCode } from '../../protocol/index.ts';
import type { ReceiptCopy, ReceiptState } from '../lane-api/index.ts';
import type { PrinterGate } from '../devices/index.ts';
import type { DualAuthorization, PaymentResponse } from '../payment/index.ts';
import { printerProblem } from './device-problems.ts';
import type { PaymentPlan } from './journal/journaled-payments.ts';
import type { JournalEntry } from './journal/journal-types.ts';
import { CashierWorkflow } from './cashier-steps.ts';
import { ReceiptPrinting } from './receipt-printing.ts';
import { WorkflowDeferred } from './workflow-control.ts';

/** First wait between lookups of an unknown outcome, ms; doubled up to CHECK_MAX_MS. */
const CHECK_FIRST_MS = 500;
const CHECK_MAX_MS = 5000;

/** Waits `ms`, or less when `signal` aborts first. */
const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  delay(ms, undefined, { signal }).catch(() => undefined);

/**
 * The steps every workflow that talks to the service shares (docs/lane.md, Workflows):
 * authorizing with the journal, checking an unknown outcome until it is definite, the printer
 * gate and printing receipts; the cashier's steps (override, attention, confirm, result) are
 * CashierWorkflow's.
 */
export abstract class ServiceWorkflow<S extends string> extends CashierWorkflow<
  S | 'authorizing' | 'checking'
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
        canDefer: attempts > 0 && !this.cancelRequested,
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

  /** The receipts of what a confirmed void sent: each move's own (REVERSAL, VOID, REFUND). */
  protected override async printUndone(moves: readonly JournalEntry[]): Promise<void> {
    for (const move of moves) await this.printReceipt(move, 'customer');
  }
}
