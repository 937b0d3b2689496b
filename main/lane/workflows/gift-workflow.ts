import { operationSpec } from '../../../protocol/index.ts';
import type {
  CommandOf,
  NextAction,
  Operation,
  ReceiptState,
  Tender,
  WorkflowKind,
  WorkflowView,
} from '../../lane-api/index.ts';
import type { CapturedCard } from '../captured-card.ts';
import { CHANGE_TENDER, CardWorkflow, type CardFamilyState } from '../card-steps.ts';
import { finishChip } from '../chip-completion.ts';
import type { JournalEntry } from '../journal/journal-types.ts';
import type { LaneContext } from '../lane-context.ts';
import type { TransitionTable } from '../machine.ts';
import { WorkflowCancelled, tenderLine } from '../workflow-control.ts';

type GiftState = CardFamilyState;

/**
 * The gift counter family's transition table (docs/lane.md, Gift counter and balance): card (or,
 * for a merchandise return against a past sale, nothing) → authorizing → result → receipt; a
 * cash-out asks the balance first and pays it out once the cashier confirms it (authorizing →
 * confirm → authorizing); a decline goes back to card; an approval is undone by a void the
 * cashier confirms.
 */
export const GIFT_TABLE: TransitionTable<GiftState> = {
  start: ['card', 'attention', 'authorizing'],
  tender: [],
  card: ['override', 'keyed_entry', 'attention', 'authorizing', 'cancelling'],
  override: ['keyed_entry', 'authorizing', 'cancelling'],
  keyed_entry: ['attention', 'authorizing', 'cancelling'],
  pin: [],
  attention: ['card', 'override', 'keyed_entry', 'authorizing', 'cancelling'],
  authorizing: ['checking', 'override', 'attention', 'result', 'confirm', 'cancelling'],
  checking: ['result', 'cancelling', 'cancelled'],
  result: ['card', 'attention', 'authorizing', 'confirm', 'end', 'cancelling'],
  confirm: ['result', 'attention', 'authorizing', 'cancelling'],
  cancelling: ['cancelled'],
  cancelled: ['end'],
  end: [],
};

type GiftCommand =
  | CommandOf<'gift.activate'>
  | CommandOf<'gift.issue'>
  | CommandOf<'gift.cashout'>
  | CommandOf<'gift.merchreturn'>
  | CommandOf<'balance.start'>;

const KINDS: Readonly<Record<GiftCommand['type'], [WorkflowKind, Operation]>> = {
  'gift.activate': ['gift_activate', 'activate'],
  'gift.issue': ['gift_issue', 'issue'],
  'gift.cashout': ['gift_cashout', 'cashout'],
  'gift.merchreturn': ['gift_merchreturn', 'merchreturn'],
  'balance.start': ['balance', 'balanceinq'],
};

/**
 * A gift counter operation (docs/interface.md › activate, issue, cashout, merchreturn) or a balance inquiry:
 * the card is read (a gift card, or for a balance the tender asked), the request goes through the
 * journal, and the result shows the balance or the cash to give. A merchandise return against a
 * past sale is sent by its ttid, without a card. A card keyed on the PIN pad may skip its expiry
 * where the service takes the operation without one (protocol catalogue: expdateOptional, which
 * every gift operation and the balance inquiry have; a sale or preauth needs it). A contact chip
 * is completed on the answer like a sale's (every chip that asked to go online gets its second
 * GENERATE AC: docs/devices.md, Completing a chip transaction), but its AAC reverses nothing: a
 * balance inquiry moves no money, and a gift card's ledger, not the chip's issuer, answers a gift
 * operation (docs/api.md, EMV).
 */
export class GiftWorkflow extends CardWorkflow<GiftState> {
  readonly #request: GiftCommand;
  readonly #operation: Operation;
  readonly #parent: JournalEntry | undefined;

  constructor(
    request: GiftCommand,
    ctx: LaneContext,
    publish: (view: WorkflowView | null) => void,
    parent?: JournalEntry,
  ) {
    const [kind, operation] = KINDS[request.type];
    super(kind, ctx, GIFT_TABLE, publish);
    this.#request = request;
    this.#operation = operation;
    this.#parent = parent;
    if ('amountMinor' in request && request.amountMinor !== undefined)
      this.amountMinor = request.amountMinor;
  }

  protected async run(): Promise<void> {
    const tender: Tender =
      this.#request.type === 'balance.start' ? (this.#request.tender ?? 'gift') : 'gift';
    const amount = this.amountMinor;
    for (;;) {
      const entry = await this.#send(tender, amount);
      if (entry === undefined) continue;
      const approved = entry.state === 'approved';
      const moved = approved && entry.operation !== 'balanceinq';
      if (moved) this.tenders = [tenderLine(entry)];
      const next: NextAction[] = approved
        ? moved
          ? ['finish', 'reprint', 'void']
          : ['finish']
        : ['try_again', 'cancel'];
      let receipt: ReceiptState = { state: 'none' };
      if (moved) {
        this.showResultNow(entry, next, { state: 'printing' });
        receipt = await this.printCopies(entry);
      }
      for (;;) {
        const choice = await this.showResult(entry, next, receipt);
        if (choice === 'finish') {
          this.end();
          return;
        }
        if (choice === 'void') {
          if (await this.confirmVoid()) throw new WorkflowCancelled('void');
          continue;
        }
        if (choice !== 'reprint') break;
        receipt = await this.printReceipt(entry, 'customer', true);
      }
    }
  }

  async #send(tender: Tender, amount: number | undefined): Promise<JournalEntry | undefined> {
    const base = {
      workflowId: this.id,
      operation: this.#operation,
      amountMinor: amount ?? 0,
      tender,
      completesWorkflow: true,
    };
    const money = amount === undefined ? {} : { amount };
    const parent = this.#parent;
    if (parent?.ttid !== undefined) {
      await this.gatePrinter();
      return this.authorize({
        ...base,
        parentId: parent.id,
        params: { ttid: parent.ttid, ...money },
      });
    }
    const expiryOptional = operationSpec(this.#operation).expdateOptional;
    const card = await this.captureCard(tender, amount ?? 0, { expiryOptional });
    if (card === CHANGE_TENDER) return undefined;
    if (this.#operation === 'cashout' && card.chip !== true) {
      const unpaid = await this.#balanceFirst(card);
      if (unpaid !== undefined) return unpaid;
    }
    if (this.#operation !== 'balanceinq') await this.gatePrinter();
    const entry = await this.authorize({
      ...base,
      card: card.summary,
      params: { ...card.fields, ...money },
    });
    return card.chip === true ? (await finishChip(this.ctx, entry, this.issuerData)).entry : entry;
  }

  /**
   * Before a cash-out: the card's balance, asked of the service with the same card read, and the
   * cashier's confirmation of paying it out (the confirm step, with the balance). The inquiry's
   * entry when there is nothing to pay out (declined, or a balance of 0), shown as the result;
   * undefined once confirmed; going back cancels, and nothing was paid out.
   */
  async #balanceFirst(card: CapturedCard): Promise<JournalEntry | undefined> {
    const inquiry = await this.authorize({
      workflowId: this.id,
      operation: 'balanceinq',
      amountMinor: 0,
      tender: 'gift',
      card: card.summary,
      params: { ...card.fields },
    });
    const balance = inquiry.balanceMinor ?? 0;
    if (inquiry.state !== 'approved' || balance === 0) return inquiry;
    const move = { operation: 'cashout' as const, amountMinor: balance, tender: 'gift' as const };
    if (!(await this.confirm('cashout', [{ ...move, card: card.summary }], undefined, balance)))
      throw new WorkflowCancelled();
    return undefined;
  }
}
