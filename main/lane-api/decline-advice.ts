// What a cashier does after a decline, by its reason: ask for another card (the card itself was
// turned down), try again (nothing is wrong with the card: a PIN, a read, a server busy), or
// neither (the lane, its permissions or the transaction's state: call for help or cancel). The
// lane's prompt and the result screen's primary action both follow it (docs/lane.md, Declines).
import type { DeclineReason } from './results.ts';

/** The cashier's next move after a decline. */
export type DeclineAdvice = 'another_card' | 'try_again' | 'get_help';

const ADVICE: Readonly<Record<DeclineReason, DeclineAdvice>> = {
  declined: 'another_card',
  insufficient_funds: 'another_card',
  expired_card: 'another_card',
  call_issuer: 'another_card',
  pick_up_card: 'another_card',
  card_not_supported: 'another_card',
  card_declined: 'another_card',
  deny_list: 'another_card',
  not_gift_card: 'another_card',
  gift_not_active: 'another_card',
  gift_already_active: 'another_card',
  gift_set_value: 'get_help',
  wrong_pin: 'try_again',
  try_again: 'try_again',
  avs_mismatch: 'try_again',
  cv_mismatch: 'try_again',
  card_unreadable: 'try_again',
  processor_unavailable: 'try_again',
  service_unavailable: 'try_again',
  duplicate: 'get_help',
  not_allowed_now: 'get_help',
  not_permitted: 'get_help',
  override_refused: 'get_help',
  not_offered: 'get_help',
  lane_setup: 'get_help',
  offline_refused: 'try_again',
};

/** The advice of a decline's reason. */
export function declineAdvice(reason: DeclineReason): DeclineAdvice {
  return ADVICE[reason];
}
