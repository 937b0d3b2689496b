// How a result's next actions read and which one is the screen's primary action, by the outcome:
// after a decline of the card, "Try another card"; after a refusal another card cannot fix, no
// primary but Cancel; "Pay the rest" only after a partial approval, "Change tender" otherwise
// (docs/lane.md, Declines).
import type { MessageKey } from '../i18n/en.ts';
import { declineAdvice } from '../lane/decline-advice.ts';
import type { LaneResult, NextAction } from '../lane/lane-types.ts';

/** A next action as the result screen offers it. */
export interface ResultChoice {
  readonly label: MessageKey;
  readonly primary: boolean;
}

/** The action the result screen draws as primary: at most one. */
function primaryOf(result: LaneResult): NextAction | undefined {
  switch (result.outcome) {
    case 'approved':
      return 'finish';
    case 'partial':
      return 'another_tender';
    case 'declined':
      return declineAdvice(result.reason) === 'get_help' ? undefined : 'try_again';
    case 'not_charged':
      return 'try_again';
  }
}

/** The words and weight of `action` on the screen of `result`. */
export function resultChoice(result: LaneResult, action: NextAction): ResultChoice {
  const primary = primaryOf(result) === action;
  if (action === 'try_again' && result.outcome === 'declined')
    return {
      label:
        declineAdvice(result.reason) === 'another_card'
          ? 'choice.another_card'
          : 'choice.try_again',
      primary,
    };
  if (action === 'another_tender' && result.outcome !== 'partial')
    return { label: 'choice.change_tender', primary };
  return { label: `choice.${action}`, primary };
}
