import { DeviceError, type CardRead, type KeyedCardRequest } from '../../drivers/index.ts';
import type { AttentionAction, EntryMethod, Tender } from '../lane-api/index.ts';
import { type CapturedCard, capturedFromRead } from './captured-card.ts';
import { ChipFirst, type ChipReaderState } from './chip-fallback.ts';
import { pinProblem, readerProblem } from './device-problems.ts';
import { ServiceWorkflow } from './service-steps.ts';
import type { Bounds } from './workflow-control.ts';

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

/**
 * The card-present steps (docs/lane.md, Sale): tender, card (readers raced against the cashier's
 * choice of keyed entry), keyed entry on the PIN pad under the lane's rule, and the PIN on the pad
 * for debit; the chip's completion on the online answer is chip-completion.ts.
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
   * The ways in the card step offers: the readers that can read now (the EMV reader only while it
   * is connected; its chip never for a gift card, which is read by its stripe), and keyed entry on
   * the PIN pad when the lane's rule allows it for payment cards; a gift card may always be keyed
   * (the counter keys them).
   */
  protected accepts(tender: Tender): EntryMethod[] {
    const methods: EntryMethod[] = [];
    const chip = this.#emvReady();
    if (chip && tender !== 'gift') methods.push('insert', 'tap');
    if (this.ctx.devices.has('reader') || chip) methods.push('swipe');
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
    const chipFirst = new ChipFirst(() => this.#chipReader(tender), this.ctx.chipFirst.attempts);
    for (;;) {
      // A wait the last read won over may still be ending: a card presented now goes to the next.
      await this.ctx.devices.cardWaitsEnded();
      const shownAt = performance.now();
      const showCard = (accepts: EntryMethod[]): void =>
        this.show({ name: 'card', dueMinor, tender, accepts, ...(problem ? { problem } : {}) });
      let accepts = this.accepts(tender);
      showCard(accepts);
      const methods = accepts.includes('keyed_pad') ? ['keyed_pad'] : [];
      const outcome = await this.#readOrEntry(dueMinor, methods, shownAt, () => {
        const now = this.accepts(tender);
        if (now.join() === accepts.join()) return;
        accepts = now;
        showCard(now);
      });
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

  /** The EMV reader as chip first sees it now: a gift tender reads no chip (docs/lane.md › Chip first). */
  #chipReader(tender: Tender): ChipReaderState {
    if (tender === 'gift' || !this.ctx.devices.has('emv')) return 'none';
    return this.#emvReady() ? 'ready' : 'down';
  }

  /** True while the EMV reader is connected (not connecting, reconnecting or faulted). */
  #emvReady(): boolean {
    const emv = this.ctx.devices.statuses().find((status) => status.role === 'emv');
    return emv?.state === 'connected';
  }

  /**
   * The readers raced against the cashier's keyed entry; a swipe made from `since` (when the card
   * step was shown, performance.now()) on is taken, though it reached the reader before the wait
   * did. `onChipReader` runs on every status of the EMV reader meanwhile.
   */
  async #readOrEntry(
    dueMinor: number,
    methods: readonly string[],
    since: number,
    onChipReader: () => void,
  ): Promise<{ read: CardRead } | { keyed: true } | { error: unknown }> {
    const stop = new AbortController();
    const onCancel = (): void => stop.abort();
    this.signal.addEventListener('abort', onCancel, { once: true });
    const unsubscribe = this.ctx.devices.onStatus((status) => {
      if (status.role === 'emv') onChipReader();
    });
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
      unsubscribe();
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
}
