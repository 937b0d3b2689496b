import type {
  CommandOf,
  NextAction,
  ReceiptState,
  Tender,
  WorkflowView,
} from '../../lane-api/index.ts';
import { CHANGE_TENDER, CardWorkflow, type CardFamilyState } from '../card-steps.ts';
import type { JournalEntry } from '../journal/journal-types.ts';
import type { LaneContext } from '../lane-context.ts';
import type { TransitionTable } from '../machine.ts';
import { tenderLine } from '../workflow-control.ts';

type SaleState = CardFamilyState;

/**
 * The sale family's transition table (docs/lane.md, Sale): amount (given at start) → tender →
 * card → PIN for debit → authorizing → result → receipt; a partial approval goes back to tender
 * for the rest, a decline back to card; cancel from every step a cashier waits at.
 */
export const SALE_TABLE: TransitionTable<SaleState> = {
  start: ['tender', 'card'],
  tender: ['card', 'cancelling'],
  card: ['override', 'keyed_entry', 'pin', 'attention', 'authorizing', 'cancelling'],
  override: ['keyed_entry', 'authorizing', 'cancelling'],
  keyed_entry: ['pin', 'attention', 'authorizing', 'cancelling'],
  pin: ['attention', 'authorizing', 'cancelling'],
  attention: ['card', 'tender', 'pin', 'override', 'keyed_entry', 'authorizing', 'cancelling'],
  authorizing: ['checking', 'override', 'attention', 'result', 'cancelling'],
  checking: ['result', 'cancelling', 'cancelled'],
  result: ['tender', 'card', 'end', 'cancelling'],
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
      tender ??= await this.chooseTender(due, options);
      const entry = await this.#pay(tender, due);
      if (entry === undefined) {
        tender = undefined;
        continue;
      }
      if (approved(entry)) {
        this.tenders.push(tenderLine(entry));
        due -= entry.approvedMinor ?? 0;
      }
      const next: NextAction[] =
        entry.state === 'approved' && due === 0
          ? ['finish', 'reprint', 'cancel']
          : entry.state === 'partial'
            ? ['another_tender', 'cancel']
            : ['try_again', 'another_tender', 'cancel'];
      const choice = await this.#result(entry, next);
      if (choice === 'finish') break;
      if (choice === 'another_tender') tender = undefined;
    }
    this.end();
  }

  /**
   * One tender: card, PIN for debit, the printer gate (checked while the card is presented), then
   * the request, and for a contact chip the card's completion on the answer (a sale the card
   * declines is reversed and answered declined); undefined on change tender.
   */
  async #pay(tender: Tender, due: number): Promise<JournalEntry | undefined> {
    const printer = this.checkPrinterEarly();
    const card = await this.captureCard(tender, due);
    if (card === CHANGE_TENDER) return undefined;
    const pin = tender === 'debit' ? await this.enterPin(card, due) : {};
    if (pin === CHANGE_TENDER) return undefined;
    await this.gatePrinter(printer);
    const reference = this.#request.reference;
    const entry = await this.authorize({
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
    });
    return card.chip === true ? this.completeChip(entry, this.issuerData) : entry;
  }

  /** The result with its receipts (printed as the approval comes), then the cashier's choice. */
  async #result(entry: JournalEntry, next: NextAction[]): Promise<NextAction> {
    let receipt: ReceiptState = { state: 'none' };
    if (approved(entry)) {
      await this.showResultNow(entry, next, { state: 'printing' });
      receipt = await this.printCopies(entry);
    }
    for (;;) {
      const choice = await this.showResult(entry, next, receipt);
      if (choice !== 'reprint') return choice;
      receipt = await this.printReceipt(entry, 'customer', true);
    }
  }
}
