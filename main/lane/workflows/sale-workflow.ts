import type { HostAnswer } from '../../../drivers/index.ts';
import type {
  CommandOf,
  NextAction,
  ReceiptState,
  Tender,
  WorkflowView,
} from '../../lane-api/index.ts';
import { CHANGE_TENDER, CardWorkflow, type CardFamilyState } from '../card-steps.ts';
import { completeChip, finishChip } from '../chip-completion.ts';
import type { JournalEntry } from '../journal/journal-types.ts';
import type { LaneContext } from '../lane-context.ts';
import type { TransitionTable } from '../machine.ts';
import { offlineSale } from '../offline/offline-sale.ts';
import { WorkflowCancelled, tenderLine } from '../workflow-control.ts';

type SaleState = CardFamilyState;

/**
 * The sale family's transition table (docs/lane.md, Sale): amount (given at start) → tender →
 * card → PIN for debit → authorizing → result → receipt; a partial approval goes back to tender
 * for the rest, a decline back to card; an offline limit a manager passes (or not) goes from
 * override to result; cancel from every step a cashier waits at. Once the sale
 * holds an approval, undoing it is a void the cashier confirms (confirm), from its result or from
 * a cancel while paying the rest; going back returns to the result or to the tender for the rest.
 */
export const SALE_TABLE: TransitionTable<SaleState> = {
  start: ['tender', 'card'],
  tender: ['card', 'confirm', 'cancelling'],
  card: ['override', 'keyed_entry', 'pin', 'attention', 'authorizing', 'confirm', 'cancelling'],
  override: ['keyed_entry', 'authorizing', 'result', 'confirm', 'cancelling'],
  keyed_entry: ['pin', 'attention', 'authorizing', 'confirm', 'cancelling'],
  pin: ['attention', 'authorizing', 'confirm', 'cancelling'],
  attention: [
    'card',
    'tender',
    'pin',
    'override',
    'keyed_entry',
    'authorizing',
    'confirm',
    'cancelling',
  ],
  authorizing: ['checking', 'override', 'attention', 'result', 'cancelling'],
  checking: ['result', 'cancelling', 'cancelled'],
  result: ['tender', 'card', 'confirm', 'end', 'cancelling'],
  confirm: ['tender', 'result', 'cancelling'],
  cancelling: ['cancelled'],
  cancelled: ['end'],
  end: [],
};

const approved = (entry: JournalEntry): boolean =>
  entry.state === 'approved' || entry.state === 'partial';

/**
 * A sale or a preauth: the amount is asked of one tender after another until it is paid in full
 * (split tender after a partial approval); each approval prints its receipts. Debit takes the PIN
 * on the pad; every request goes through the journal; cancel reverses every approval.
 */
export class SaleWorkflow extends CardWorkflow<SaleState> {
  readonly #request: CommandOf<'sale.start'> | CommandOf<'preauth.start'>;

  constructor(
    request: CommandOf<'sale.start'> | CommandOf<'preauth.start'>,
    ctx: LaneContext,
    publish: (view: WorkflowView | null) => void,
  ) {
    super(request.type === 'preauth.start' ? 'preauth' : 'sale', ctx, SALE_TABLE, publish);
    this.#request = request;
    this.amountMinor = request.amountMinor;
  }

  protected async run(): Promise<void> {
    const options: Tender[] =
      this.kind === 'preauth' ? ['credit', 'debit'] : ['credit', 'debit', 'gift'];
    let due = this.#request.amountMinor;
    let tender: Tender | undefined = this.#request.tender;
    while (due > 0) {
      let entry: JournalEntry | undefined;
      try {
        tender ??= await this.chooseTender(due, options);
        entry = await this.#pay(tender, due);
      } catch (error) {
        if (!(await this.#backFromCancel(error))) throw error;
        tender = undefined;
        continue;
      }
      if (entry === undefined) {
        tender = undefined;
        continue;
      }
      if (approved(entry)) {
        this.tenders.push(tenderLine(entry));
        due -= entry.approvedMinor ?? 0;
      }
      const undo: NextAction = this.tenders.length > 0 ? 'void' : 'cancel';
      const next: NextAction[] =
        entry.state === 'approved' && due === 0
          ? ['finish', 'reprint', 'void']
          : entry.state === 'partial'
            ? ['another_tender', 'void']
            : ['try_again', 'another_tender', undo];
      const choice = await this.#result(entry, next);
      if (choice === 'finish') break;
      if (choice === 'another_tender') tender = undefined;
    }
    this.end();
  }

  /**
   * A cashier's cancel while the sale holds an approval (paying the rest): it is a void, asked
   * first (confirmVoid). True when the cashier went back, so the rest is asked again; a cancel
   * of a sale holding nothing, or a void confirmed, is thrown on.
   */
  async #backFromCancel(error: unknown): Promise<boolean> {
    if (!(error instanceof WorkflowCancelled) || error.by !== 'cashier') return false;
    if (this.tenders.length === 0) return false;
    if (await this.confirmVoid()) throw new WorkflowCancelled('void');
    return true;
  }

  /**
   * One tender: card, PIN for debit, the printer gate (checked while the card is presented), then
   * the request, and for a contact chip the card's completion on the answer (a sale the card
   * declines is reversed and answered declined); a request that could not leave goes to the
   * offline decision (docs/lane.md › Offline) with the card and, for debit, the pad's PIN block
   * and KSN; undefined on change tender.
   */
  async #pay(tender: Tender, due: number): Promise<JournalEntry | undefined> {
    const printer = this.checkPrinterEarly();
    const card = await this.captureCard(tender, due);
    if (card === CHANGE_TENDER) return undefined;
    const pin = tender === 'debit' ? await this.enterPin(card, due) : {};
    if (pin === CHANGE_TENDER) return undefined;
    await this.gatePrinter(printer);
    const reference = this.#request.reference;
    let offline = false;
    const host = {
      ctx: this.ctx,
      workflowId: this.id,
      finishChip: (entry: JournalEntry, answer: HostAnswer) => finishChip(this.ctx, entry, answer),
      askManager: (refused: boolean) => this.override('sale', refused, 'offline_limit'),
    };
    const goOffline = async (notSent: JournalEntry): Promise<JournalEntry | undefined> => {
      const queued = { ...card, fields: { ...card.fields, ...pin } };
      const decided = await offlineSale(host, notSent, queued, tender, due);
      offline = decided !== undefined;
      return decided;
    };
    const entry = await this.authorize(
      {
        workflowId: this.id,
        operation: this.kind === 'preauth' ? 'preauth' : 'sale',
        amountMinor: due,
        tender,
        card: card.summary,
        params: {
          ...card.fields,
          ...pin,
          amount: due,
          nsf: 'yes',
          ...(reference === undefined ? {} : { ordernum: reference }),
        },
        completesWorkflow: card.chip !== true,
      },
      goOffline,
    );
    if (card.chip !== true || offline) return entry;
    const completed = await completeChip(this.ctx, this.id, entry, this.issuerData);
    // The card has had its say: an approval in full completes the workflow as a swipe's does, so
    // a stop or a crash at its result leaves it standing (docs/lane.md › Recovery).
    if (completed.state === 'approved') this.ctx.journal.endWorkflow(this.id, 'complete');
    return completed;
  }

  /**
   * The result with its receipts (printed as the approval comes), then the cashier's choice; a
   * void is confirmed first (and going back shows the result again).
   */
  async #result(entry: JournalEntry, next: NextAction[]): Promise<NextAction> {
    let receipt: ReceiptState = { state: 'none' };
    if (approved(entry)) {
      this.showResultNow(entry, next, { state: 'printing' });
      receipt = await this.printCopies(entry);
    }
    for (;;) {
      const choice = await this.showResult(entry, next, receipt);
      if (choice === 'void') {
        if (await this.confirmVoid()) throw new WorkflowCancelled('void');
      } else if (choice !== 'reprint') return choice;
      else receipt = await this.printReceipt(entry, 'customer', true);
    }
  }
}
