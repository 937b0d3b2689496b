import { parseWedgeSwipe } from '../../drivers/crypto/index.ts';
import { DeviceError, toRequestFields, type CardRead } from '../../drivers/index.ts';
import type {
  AttentionAction,
  CardSummary,
  EntryMethod,
  ManualCard,
  Tender,
} from '../lane-api/index.ts';
import { pinProblem, readerProblem } from './device-problems.ts';
import { ServiceWorkflow } from './service-steps.ts';
import type { Bounds } from './workflow-control.ts';

/** A card the lane has, ready for a request: its fields (card data: the wire only) and its mask. */
export interface CapturedCard {
  /** account_data fields for the request; never journaled, shown or logged. */
  readonly fields: Readonly<Record<string, string>>;
  readonly summary: CardSummary;
  /** The PAN, only when the lane holds it in the clear (a wedge swipe, manual entry), for the PIN block. */
  readonly pan?: string;
}

/** The states of a family that reads cards (sale, gift): its steps and the machine's bounds. */
export type CardFamilyState =
  | Bounds
  | 'tender'
  | 'card'
  | 'manual_entry'
  | 'pin'
  | 'override'
  | 'authorizing'
  | 'checking'
  | 'attention'
  | 'result';

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

/** A reader's card read as a captured card (docs/devices.md, Reader output → request fields). */
export function capturedFromRead(read: CardRead): CapturedCard {
  const digits = Math.min(19, Math.max(4, read.maskedAccount.length));
  const summary = maskedSummary(read.lastFour, digits, ENTRY_OF_READ[read.entryMode]);
  const fields = toRequestFields(read);
  if (read.kind !== 'plain-swipe') return { fields, summary };
  return { fields, summary, pan: parseWedgeSwipe(read.trackdata.reveal()).card.pan };
}

/** A manually keyed card as a captured card: account, expdate and, when given, cv and zip. */
export function capturedFromManual(card: ManualCard): CapturedCard {
  const fields: Record<string, string> = { account: card.account };
  if (card.expdate !== undefined) fields.expdate = card.expdate;
  if (card.cv !== undefined) fields.cv = card.cv;
  if (card.zip !== undefined) fields.zip = card.zip;
  const summary = maskedSummary(card.account.slice(-4), card.account.length, 'manual');
  return { fields, summary, pan: card.account };
}

/**
 * The card-present steps (docs/lane.md, Sale): tender, card (readers raced against the cashier's
 * choice of another way in), manual entry under the lane's rule, and the PIN on the pad for debit.
 */
export abstract class CardWorkflow<S extends string> extends ServiceWorkflow<
  S | 'tender' | 'card' | 'manual_entry' | 'pin'
> {
  /** The tender step: how the customer pays (options: the tenders this workflow takes). */
  protected async chooseTender(dueMinor: number, options: readonly Tender[]): Promise<Tender> {
    this.show({ name: 'tender', dueMinor, options: [...options] });
    return (await this.ask(['workflow.tender'])).tender;
  }

  /**
   * The ways in the card step offers: the configured readers, and manual entry when the lane's
   * rule allows it for payment cards; a gift card may always be keyed (the counter keys them).
   */
  protected accepts(tender: Tender): EntryMethod[] {
    const methods: EntryMethod[] = [];
    if (this.ctx.devices.has('emv')) methods.push('insert', 'tap');
    if (this.ctx.devices.has('reader') || this.ctx.devices.has('emv')) methods.push('swipe');
    if (tender === 'gift' || this.ctx.settings().manualEntry !== 'disabled') methods.push('manual');
    return methods;
  }

  /**
   * The card step: waits on every reader at once (the first read wins) or for the cashier to key
   * the card by hand. A read the customer can retry stays on this step with the problem shown;
   * a reader gone, silent or out of keys goes to attention.
   */
  protected async captureCard(
    tender: Tender,
    dueMinor: number,
  ): Promise<CapturedCard | typeof CHANGE_TENDER> {
    let problem: 'card_unreadable' | undefined;
    for (;;) {
      const accepts = this.accepts(tender);
      this.show({ name: 'card', dueMinor, tender, accepts, ...(problem ? { problem } : {}) });
      const methods = accepts.includes('manual') ? ['manual'] : [];
      const outcome = await this.#readOrEntry(dueMinor, methods);
      if ('read' in outcome) return capturedFromRead(outcome.read);
      if ('manual' in outcome) return this.manualEntry(dueMinor, tender);
      const found = readerProblem(outcome.error);
      if (found === 'retry_read') {
        problem = 'card_unreadable';
        continue;
      }
      const other: AttentionAction[] = methods.length > 0 ? ['other_entry'] : [];
      const actions: AttentionAction[] = ['retry', 'change_tender', ...other, 'cancel'];
      const choice = await this.attention(found, actions);
      if (choice === 'change_tender') return CHANGE_TENDER;
      if (choice === 'other_entry') return this.manualEntry(dueMinor, tender);
      problem = undefined;
    }
  }

  async #readOrEntry(
    dueMinor: number,
    methods: readonly string[],
  ): Promise<{ read: CardRead } | { manual: true } | { error: unknown }> {
    const stop = new AbortController();
    const onCancel = (): void => stop.abort();
    this.signal.addEventListener('abort', onCancel, { once: true });
    const read = this.ctx.devices
      .readCard({ amountMinor: Math.max(1, dueMinor), signal: stop.signal })
      .then(
        (got) => ({ read: got.read }),
        (error: unknown) => ({ error }),
      );
    try {
      const chosen = this.ask(['workflow.entry'], methods).then(() => ({ manual: true as const }));
      const first = await Promise.race([read, chosen]);
      if (!('manual' in first)) this.withdraw();
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
   * Manual entry under the lane's rule (settings.manualEntry) for payment cards: disabled never
   * reaches here; override asks a manager whose credentials the service accepts; then the cashier
   * keys the card. A gift card is keyed without an override.
   */
  protected async manualEntry(dueMinor: number, tender: Tender): Promise<CapturedCard> {
    if (tender !== 'gift' && this.ctx.settings().manualEntry === 'override') {
      let refused = false;
      for (;;) {
        this.show({ name: 'override', operation: 'sale', reason: 'manual_entry', refused });
        const command = await this.ask(['workflow.override']);
        const { username, password, mfaCode } = command;
        const dual = { username, password, ...(mfaCode === undefined ? {} : { mfaCode }) };
        if (await this.ctx.verifyManager(dual)) break;
        refused = true;
      }
    }
    this.show({ name: 'manual_entry', dueMinor });
    return capturedFromManual((await this.ask(['workflow.manual_card'])).card);
  }

  /**
   * The PIN step (debit): the customer enters the PIN on the pad, which answers the encrypted
   * block and its KSN (pin_data). A cancel on the pad, a silent customer or a lost pad go to
   * attention with retry, another tender, or cancel.
   */
  protected async enterPin(
    card: CapturedCard,
    dueMinor: number,
  ): Promise<{ pin: string; ksn: string } | typeof CHANGE_TENDER> {
    for (;;) {
      if (card.pan === undefined) {
        await this.attention('pin_needs_swipe', ['change_tender', 'cancel']);
        return CHANGE_TENDER;
      }
      this.show({ name: 'pin', dueMinor, card: card.summary });
      try {
        const entry = await this.ctx.devices.requestPin(
          { pan: card.pan, amountMinor: dueMinor },
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
