import { parseWedgeSwipe } from '../../drivers/crypto/index.ts';
import {
  DeviceError,
  toRequestFields,
  type CardRead,
  type EmvCompletion,
  type HostAnswer,
  type KeyedCardRequest,
} from '../../drivers/index.ts';
import type { AttentionAction, CardSummary, EntryMethod, Tender } from '../lane-api/index.ts';
import { ChipFirst } from './chip-fallback.ts';
import { pinProblem, readerProblem } from './device-problems.ts';
import type { JournalEntry } from './journal/journal-types.ts';
import { brandOfAid } from './offline/offline-verdict.ts';
import { type OfflineRead, firstAcOfRead } from './offline/offline-sale.ts';
import { ServiceWorkflow } from './service-steps.ts';
import { WorkflowCancelled, type Bounds } from './workflow-control.ts';

/** A card the lane has, ready for a request: its fields (card data: the wire only) and its mask. */
export interface CapturedCard {
  /** account_data fields for the request; never journaled, shown or logged. */
  readonly fields: Readonly<Record<string, string>>;
  readonly summary: CardSummary;
  /** The PAN, only when the lane holds it in the clear (a wedge swipe), for a format 0 PIN block. */
  readonly pan?: string;
  /**
   * A contact chip read that asked to go online (ARQC): the card waits for the online answer
   * (completeChip, docs/api.md EMV); a card that approved offline itself (TC) waits for nothing.
   */
  readonly chip?: boolean;
  /** What the read tells the offline decision (docs/lane.md › Offline). */
  readonly offline: OfflineRead;
}

/** The states of a family that reads cards (sale, gift): its steps and the machine's bounds. */
export type CardFamilyState =
  | Bounds
  | 'tender'
  | 'card'
  | 'keyed_entry'
  | 'pin'
  | 'override'
  | 'authorizing'
  | 'checking'
  | 'attention'
  | 'result'
  | 'confirm';

/** A step's answer when the cashier chose to change how the customer pays. */
export const CHANGE_TENDER = Symbol('change tender');

const ENTRY_OF_READ: Readonly<Record<CardRead['entryMode'], EntryMethod>> = {
  swipe: 'swipe',
  'fallback-swipe': 'fallback_swipe',
  contact: 'insert',
  contactless: 'tap',
  keyed: 'keyed_pad',
};

/** The mask the screen shows: X for every digit but the last four. */
export function maskedSummary(lastFour: string, digits: number, entry: EntryMethod): CardSummary {
  return { maskedAccount: `${'X'.repeat(Math.max(0, digits - 4))}${lastFour}`, lastFour, entry };
}

/**
 * A reader's card read as a captured card (docs/devices.md, Reader output → request fields); a
 * chip card's swipe the lane took after its chip failed is a fallback swipe (docs/lane.md › Chip
 * first).
 */
export function capturedFromRead(read: CardRead, fallback = false): CapturedCard {
  const digits = Math.min(19, Math.max(4, read.maskedAccount.length));
  const entryMethod = fallback ? 'fallback_swipe' : ENTRY_OF_READ[read.entryMode];
  const summary = maskedSummary(read.lastFour, digits, entryMethod);
  const fields = toRequestFields(read);
  const clear = read.kind === 'plain-swipe' || (read.kind === 'keyed' && read.cv !== undefined);
  const offline: OfflineRead = { entryMethod, clear };
  if (read.kind === 'emv') {
    const brand = brandOfAid(read.receipt.aid);
    const firstAc = firstAcOfRead(read.receipt, read.iacDefault);
    const chipOffline: OfflineRead = {
      ...offline,
      ...(brand === undefined ? {} : { brand }),
      ...(firstAc === undefined ? {} : { firstAc }),
    };
    if (read.entryMode === 'contact' && read.receipt.cryptogramType === 'ARQC')
      return { fields, summary, chip: true, offline: chipOffline };
    return { fields, summary, offline: chipOffline };
  }
  if (read.kind !== 'plain-swipe') return { fields, summary, offline };
  return { fields, summary, offline, pan: parseWedgeSwipe(read.trackdata.reveal()).card.pan };
}

const isApproved = (entry: JournalEntry): boolean =>
  entry.state === 'approved' || entry.state === 'partial';

/**
 * The card-present steps (docs/lane.md, Sale): tender, card (readers raced against the cashier's
 * choice of keyed entry), keyed entry on the PIN pad under the lane's rule, the PIN on the pad for
 * debit, and the chip's completion on the online answer.
 */
export abstract class CardWorkflow<S extends string> extends ServiceWorkflow<
  S | 'tender' | 'card' | 'keyed_entry' | 'pin'
> {
  /** The tender step: how the customer pays (options: the tenders this workflow takes). */
  protected async chooseTender(dueMinor: number, options: readonly Tender[]): Promise<Tender> {
    this.show({ name: 'tender', dueMinor, options: [...options] });
    return (await this.ask(['workflow.tender'])).tender;
  }

  /**
   * The ways in the card step offers: the configured readers, and keyed entry on the PIN pad when
   * the lane's rule allows it for payment cards; a gift card may always be keyed (the counter keys
   * them).
   */
  protected accepts(tender: Tender): EntryMethod[] {
    const methods: EntryMethod[] = [];
    if (this.ctx.devices.has('emv')) methods.push('insert', 'tap');
    if (this.ctx.devices.has('reader') || this.ctx.devices.has('emv')) methods.push('swipe');
    const keyable = tender === 'gift' || this.ctx.settings().manualEntry !== 'disabled';
    if (keyable && this.ctx.devices.has('pinpad')) methods.push('keyed_pad');
    return methods;
  }

  /**
   * The card step: waits on every reader at once (the first read wins) or for the cashier to
   * choose keyed entry on the PIN pad (asked as `keyed` says: default number and expiry). A chip
   * card swiped where the EMV reader could read its chip stays on this step with insert_chip
   * until the chip fails (ChipFirst); the step is shown again once every abandoned card wait has
   * ended, so a chip inserted at the prompt is never lost. A read the customer can retry stays on
   * this step with the problem shown; a reader gone, silent or out of keys goes to attention.
   */
  protected async captureCard(
    tender: Tender,
    dueMinor: number,
    keyed: KeyedCardRequest = {},
  ): Promise<CapturedCard | typeof CHANGE_TENDER> {
    let problem: 'card_unreadable' | 'insert_chip' | undefined;
    const chipReader = this.ctx.devices.has('emv') && tender !== 'gift';
    const chipFirst = new ChipFirst(chipReader, this.ctx.chipFirst.attempts);
    for (;;) {
      // A wait the last read won over may still be ending: a card presented now goes to the next.
      await this.ctx.devices.cardWaitsEnded();
      const accepts = this.accepts(tender);
      const shownAt = performance.now();
      this.show({ name: 'card', dueMinor, tender, accepts, ...(problem ? { problem } : {}) });
      const methods = accepts.includes('keyed_pad') ? ['keyed_pad'] : [];
      const outcome = await this.#readOrEntry(dueMinor, methods, shownAt);
      if ('read' in outcome) {
        const verdict = chipFirst.judge(outcome.read);
        if (verdict !== 'insert_chip')
          return capturedFromRead(outcome.read, verdict === 'fallback');
        problem = 'insert_chip';
        continue;
      }
      if ('keyed' in outcome) {
        const entered = await this.keyedEntry(dueMinor, tender, keyed);
        if (entered !== undefined) return entered;
        continue;
      }
      const found = readerProblem(outcome.error);
      if (found === 'retry_read') {
        chipFirst.readFailed();
        problem = 'card_unreadable';
        continue;
      }
      const other: AttentionAction[] = methods.length > 0 ? ['other_entry'] : [];
      const actions: AttentionAction[] = ['retry', 'change_tender', ...other, 'cancel'];
      const choice = await this.attention(found, actions);
      if (choice === 'change_tender') return CHANGE_TENDER;
      problem = undefined;
      if (choice !== 'other_entry') continue;
      const entered = await this.keyedEntry(dueMinor, tender, keyed);
      if (entered !== undefined) return entered;
    }
  }

  /**
   * The readers raced against the cashier's keyed entry; a swipe made from `since` (when the card
   * step was shown, performance.now()) on is taken, though it reached the reader before the wait
   * did.
   */
  async #readOrEntry(
    dueMinor: number,
    methods: readonly string[],
    since: number,
  ): Promise<{ read: CardRead } | { keyed: true } | { error: unknown }> {
    const stop = new AbortController();
    const onCancel = (): void => stop.abort();
    this.signal.addEventListener('abort', onCancel, { once: true });
    const read = this.ctx.devices
      .readCard({ amountMinor: Math.max(1, dueMinor), signal: stop.signal, since })
      .then(
        (got) => ({ read: got.read }),
        (error: unknown) => ({ error }),
      );
    try {
      const chosen = this.ask(['workflow.entry'], methods).then(() => ({ keyed: true as const }));
      const first = await Promise.race([read, chosen]);
      if (!('keyed' in first)) this.withdraw();
      else stop.abort();
      if ('error' in first) {
        this.checkCancel();
        if (first.error instanceof DeviceError && first.error.code === 'CANCELLED')
          return { error: new DeviceError('TIMEOUT', 'card wait ended', { field: 'card' }) };
      }
      return first;
    } finally {
      this.signal.removeEventListener('abort', onCancel);
      await read;
    }
  }

  /**
   * Keyed entry on the PIN pad under the lane's rule (settings.manualEntry) for payment cards:
   * disabled never reaches here; override asks a manager whose credentials the service accepts.
   * Then the customer (or the cashier) keys the card on the pad, which answers it encrypted
   * (e_account, e_id, expdate unless `request` let it be skipped and it was): the lane never
   * holds the number. A gift card is keyed without an override. Undefined when the pad's entry
   * failed and the cashier went back to the card step.
   */
  protected async keyedEntry(
    dueMinor: number,
    tender: Tender,
    request: KeyedCardRequest,
  ): Promise<CapturedCard | undefined> {
    if (tender !== 'gift' && this.ctx.settings().manualEntry === 'override') {
      let refused = false;
      for (;;) {
        const dual = await this.override('sale', refused, 'manual_entry');
        if (await this.ctx.verifyManager(dual)) break;
        refused = true;
      }
    }
    const expiryOptional = request.expiryOptional === true;
    for (;;) {
      this.show({ name: 'keyed_entry', dueMinor, expiryOptional });
      try {
        return capturedFromRead(await this.ctx.devices.keyCard(request, { signal: this.signal }));
      } catch (error) {
        this.checkCancel();
        const choice = await this.attention(pinProblem(error), ['retry', 'other_entry', 'cancel']);
        if (choice === 'other_entry') return undefined;
      }
    }
  }

  /**
   * The PIN step (debit): the customer enters the PIN on the pad, which answers the encrypted
   * block and its KSN (pin, ksn): ISO format 0 when the lane holds the PAN (a wedge swipe), format
   * 1 otherwise (docs/devices.md, PIN pad). A cancel on the pad, a silent customer or a lost pad
   * go to attention with retry, another tender, or cancel.
   */
  protected async enterPin(
    card: CapturedCard,
    dueMinor: number,
  ): Promise<{ pin: string; ksn: string } | typeof CHANGE_TENDER> {
    for (;;) {
      this.show({ name: 'pin', dueMinor, card: card.summary });
      try {
        const entry = await this.ctx.devices.requestPin(
          { ...(card.pan === undefined ? {} : { pan: card.pan }), amountMinor: dueMinor },
          { signal: this.signal },
        );
        return { pin: entry.pin, ksn: entry.ksn };
      } catch (error) {
        this.checkCancel();
        const choice = await this.attention(pinProblem(error), [
          'retry',
          'change_tender',
          'cancel',
        ]);
        if (choice === 'change_tender') return CHANGE_TENDER;
      }
    }
  }

  /**
   * Ends a contact chip read on the service's answer (docs/devices.md, Completing a chip
   * transaction): the EMV reader gives the card the answer's issuer data (8A Z3 when none came,
   * or the terminal's own Y3 or Z3 for an offline decision)
   * and the card's second GENERATE AC answers TC or AAC, which the entry's receipts then state
   * (its final cryptogram, TVR and TSI, kept in the journal; the answer's rcpt_emv_* are the
   * ARQC's). The completion is undefined when the reader could not complete, which is written to
   * the lane's log and told to the cashier (chip_not_completed).
   */
  protected async finishChip(
    entry: JournalEntry,
    issuerData: HostAnswer,
  ): Promise<{ entry: JournalEntry; completion: EmvCompletion | undefined }> {
    const completion = await this.ctx.devices.completeChip(issuerData).catch((error: unknown) => {
      console.error(
        `lane: the EMV reader could not complete the chip: ${(error as Error).message}`,
      );
      this.ctx.notify({
        level: 'warning',
        code: 'chip_not_completed',
        params: { operation: entry.operation },
      });
      return undefined;
    });
    if (completion?.receipt.cryptogram === undefined) return { entry, completion };
    const chipped = this.ctx.journal.recordChip(entry.id, {
      cryptogramType: completion.cryptogramType,
      cryptogram: completion.receipt.cryptogram,
      ...(completion.receipt.tvr === undefined ? {} : { tvr: completion.receipt.tvr }),
      ...(completion.receipt.tsi === undefined ? {} : { tsi: completion.receipt.tsi }),
    });
    return { entry: chipped, completion };
  }

  /**
   * A contact chip sale's or preauth's end (docs/api.md, EMV): the card completes on the answer
   * (finishChip). An AAC after an approval is the card declining it: the lane reverses the
   * approval with the card's final data (icc) and answers the entry as declined by the card
   * (card_declined). A reversal the service did not apply cancels the workflow, whose cancel
   * reverses the approval. A reader that cannot complete leaves the answer as it is.
   */
  protected async completeChip(answered: JournalEntry, issuerData?: string): Promise<JournalEntry> {
    const { entry, completion } = await this.finishChip(answered, issuerData);
    if (completion?.cryptogramType !== 'AAC' || !isApproved(entry) || entry.ttid === undefined)
      return entry;
    const reversal = await this.ctx.payments.send({
      workflowId: this.id,
      operation: 'reversal',
      purpose: 'compensate',
      parentId: entry.id,
      targetTtid: entry.ttid,
      amountMinor: entry.approvedMinor ?? entry.amountMinor,
      params: { icc: completion.icc },
      ...(entry.card === undefined ? {} : { card: entry.card }),
      ...(entry.tender === undefined ? {} : { tender: entry.tender }),
    });
    if (reversal.kind !== 'answered' || !isApproved(reversal.entry))
      throw new WorkflowCancelled('lane');
    return { ...entry, state: 'declined', reason: 'card_declined', decidedBy: 'lane' };
  }
}
