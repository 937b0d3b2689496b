// The amount a card step names, in the words of what it is for: a sale's card step says what is
// due, a gift load what goes onto the card, a cash-out that it pays out the balance, a balance
// inquiry nothing (docs/app.md, Screens).
import type { MessageKey } from '../i18n/en.ts';
import type { WorkflowKind } from '../lane/lane-types.ts';

/** An amount with its label; no amount when `minor` is undefined (the label says it all). */
export interface AmountLine {
  readonly label: MessageKey;
  readonly minor?: number;
}

const LOADS: ReadonlySet<WorkflowKind> = new Set([
  'gift_activate',
  'gift_issue',
  'gift_merchreturn',
]);

/** The amount line of a card, keyed-entry or PIN step of a workflow of `kind`; none for a balance. */
export function stepAmount(kind: WorkflowKind, dueMinor: number): AmountLine | undefined {
  if (kind === 'balance') return undefined;
  if (kind === 'gift_cashout') return { label: 'label.paysOutBalance' };
  if (LOADS.has(kind))
    return dueMinor === 0
      ? { label: 'label.loadsDenomination' }
      : { label: 'label.load', minor: dueMinor };
  return { label: 'label.due', minor: dueMinor };
}
