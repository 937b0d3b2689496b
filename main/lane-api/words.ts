// The English words for every code the lane API sends: what a cashier reads. The renderer may
// use them as its English text and translate by code; tests and the scenario runner read them too.
import type { NoticeCode } from './events.ts';
import type { DeclineReason } from './results.ts';
import type { AttentionAction, NextAction, ProblemCode } from './step-parts.ts';
import type { CashierPrompt, CustomerPrompt } from './workflow.ts';

/** Decline reasons in cashier words: what happened and what to do next. */
export const DECLINE_WORDS: Readonly<Record<DeclineReason, string>> = {
  declined: 'Declined by the card issuer. Ask for another card.',
  insufficient_funds: 'Not enough money on the card. Ask for another card or a smaller amount.',
  expired_card: 'The card has expired. Ask for another card.',
  wrong_pin: 'Wrong PIN. Ask the customer to try again.',
  call_issuer: 'The issuer wants a call. Ask for another card.',
  pick_up_card: 'The issuer asks to keep the card. Ask for another card; call a manager.',
  try_again: 'The issuer asks to try again.',
  avs_mismatch: 'The ZIP code does not match the card. Check it with the customer.',
  cv_mismatch: 'The security code does not match the card. Check it with the customer.',
  card_not_supported: 'This card cannot be taken here. Ask for another card.',
  not_gift_card: 'This is not a gift card of this store. Ask for the gift card.',
  card_unreadable: 'The card data could not be read. Try again or use another way in.',
  duplicate: 'This looks like a repeat of a payment just made. Check the history.',
  deny_list: 'This card is blocked here. Call a manager.',
  gift_not_active: 'This gift card is not active. Activate it first, or ask for another card.',
  gift_already_active: 'This gift card is already active.',
  gift_set_value:
    'This gift card has a set value: cancel, then activate it with no amount keyed (or that amount).',
  card_declined:
    'The card declined the payment after the issuer approved it; it was reversed. Ask for another card.',
  not_allowed_now: 'That cannot be done to this transaction any more.',
  not_permitted: 'This lane is not allowed to do that. Call a manager.',
  override_refused: 'The manager override was not accepted.',
  processor_unavailable: 'The card network did not answer in time. Nothing was charged. Try again.',
  service_unavailable: 'The payment server is busy. Nothing was charged. Try again.',
  not_offered: 'The payment server does not offer this.',
  lane_setup: 'The lane is not set up for this. Call support.',
  offline_refused:
    'The payment server cannot be reached and this sale cannot be approved offline. Nothing was charged. Try again, or ask for another way to pay.',
};

/** Problems in cashier words. */
export const PROBLEM_WORDS: Readonly<Record<ProblemCode, string>> = {
  reader_disconnected: 'The card reader is disconnected. Check its cable.',
  reader_not_answering:
    'The card reader stopped answering. Take the card another way, or unplug the reader and plug it back in.',
  reader_timeout: 'No card was presented in time.',
  card_unreadable: 'The card could not be read. Try again.',
  insert_chip: 'This card has a chip. Ask the customer to insert the chip.',
  reader_keys_exhausted: 'The card reader needs new keys. Use another reader; call support.',
  no_card_reader: 'No card reader is connected.',
  pinpad_disconnected: 'The PIN pad is disconnected. Check its cable.',
  pin_timeout: 'The customer did not enter a PIN in time.',
  pin_cancelled: 'The customer pressed Cancel on the PIN pad.',
  pinpad_keys_exhausted: 'The PIN pad needs new keys. Call support.',
  printer_paper_out: 'The printer is out of paper. Load a new roll.',
  printer_cover_open: 'The printer cover is open. Close it.',
  printer_offline: 'The printer is offline.',
  printer_disconnected: 'The printer is disconnected. Check its cable.',
  receipt_incomplete: 'The receipt may not have printed in full.',
  server_unreachable: 'The payment server cannot be reached. Nothing was sent.',
  device_error: 'A device did not answer as expected.',
};

/** Cashier prompts. */
export const CASHIER_WORDS: Readonly<Record<CashierPrompt, string>> = {
  choose_tender: 'Choose how the customer pays.',
  ask_for_card: 'Ask the customer to insert, tap or swipe the card.',
  ask_for_swipe: 'Ask the customer to swipe the card.',
  key_card: 'The card is being keyed on the PIN pad.',
  key_card_expiry_optional:
    'Key the card number on the PIN pad. No expiry on the card? Press Enter on the pad to skip it.',
  customer_entering_pin: 'The customer is entering the PIN on the PIN pad.',
  manager_override: 'A manager must authorize this.',
  wait_authorizing: 'Authorizing…',
  wait_checking: 'Checking with the payment server…',
  cancel_asked:
    'Cancel asked. The lane reverses the payment as soon as the payment server answers; wait.',
  wait: 'One moment…',
  fix_problem: 'Fix the problem, then retry.',
  give_receipt: 'Approved. Give the customer the receipt.',
  give_cash: 'Give the customer the cash shown.',
  ask_another_tender: 'Part approved. Ask for another way to pay the rest.',
  ask_another_card: 'Declined. Ask for another card or cancel.',
  tell_try_again: 'Not done, and nothing was charged. Try again, or cancel.',
  tell_get_help: 'Not done, and nothing was charged. Call a manager or support, or cancel.',
  tell_not_charged: 'Nothing was charged. You may try again.',
  tell_balance: 'Tell the customer the balance.',
  cancelled_nothing_charged: 'Cancelled. Nothing stays charged.',
  cancel_pending: 'Cancelled. A reversal is still being sent; the lane keeps trying.',
  cancel_refused:
    'Cancelled, but the service refused to reverse a payment. Call a manager to refund it.',
  confirm_void:
    'Check the amount, the tender and the card with the customer, then confirm the void.',
  confirm_refund:
    'Check the amount, the tender and the card with the customer, then confirm giving it back.',
  confirm_close_day: 'Check the day’s totals, then confirm closing the day.',
  confirm_cashout:
    'Tell the customer the balance. Confirm to cash it out, then give the customer that cash.',
  voided_give_receipt: 'Done as shown. Give the customer the receipt.',
  day_settled: 'The day is closed: its batch is settled.',
  give_duplicate: 'Give the customer the reprinted receipt.',
};

/** Customer prompts. */
export const CUSTOMER_WORDS: Readonly<Record<CustomerPrompt, string>> = {
  present_card: 'Insert, tap or swipe your card',
  swipe_card: 'Swipe your card',
  enter_pin: 'Enter your PIN',
  key_card_on_pad: 'Key your card number',
  please_wait: 'Please wait',
  approved: 'Approved',
  declined: 'Declined',
  see_cashier: 'Please see the cashier',
};

/** Labels of the attention and result actions. */
export const ACTION_WORDS: Readonly<Record<AttentionAction | NextAction, string>> = {
  retry: 'Retry',
  cancel: 'Cancel',
  other_entry: 'Other way in',
  change_tender: 'Change tender',
  without_receipt: 'Go on without receipt',
  finish: 'Done',
  another_tender: 'Pay the rest',
  try_again: 'Try again',
  reprint: 'Reprint',
  void: 'Void',
  confirm: 'Confirm',
  back: 'Back',
};

/** Notices, with {name} standing for a parameter of the notice. */
export const NOTICE_WORDS: Readonly<Record<NoticeCode, string>> = {
  recovered_approved:
    'A {operation} of {amount} on {card} was approved while the lane was checking.',
  recovered_reversed:
    'A {operation} of {amount} on {card} was approved after the lane lost it; it has been reversed.',
  recovered_declined: 'A {operation} of {amount} was declined; nothing was charged.',
  recovered_not_charged: 'A {operation} of {amount} never reached the server; nothing was charged.',
  reversal_pending: 'A reversal of {amount} could not be sent yet; the lane keeps trying.',
  reversal_refused:
    'The service refused to reverse the {operation} of {amount} on {card}; a manager must refund it.',
  move_not_applied: 'The {operation} of {amount} was not applied; do it again if still wanted.',
  day_opened: 'The day is open.',
  day_closed: 'The day is closed: batch {batch} settled.',
  day_closed_empty: 'The day is closed; there was nothing to settle.',
  device_back: '{device} is back.',
  device_lost: '{device} was lost.',
  server_back: 'The payment server is back.',
  server_lost: 'The payment server cannot be reached.',
  lane_error:
    'The lane stopped a {operation} on an error of its own; anything it approved is being reversed.',
  recovery_failed:
    'The lane could not check its unfinished transactions; it tries again shortly. Call support if this stays.',
  chip_not_completed:
    'The card reader could not finish the chip; the {operation} stands as the payment server answered it.',
  offline_forwarded: 'An offline sale of {amount} on {card} was sent and approved.',
  offline_declined:
    'An offline sale of {amount} on {card} was declined when it was sent; the money was not collected. Call a manager.',
  keyboard_swipe:
    'A card reader typed a card into the lane as keys; nothing was entered. Set the reader to USB-CDC or serial mode, then swipe again.',
};

/** A notice's words with its parameters filled in ({name}); amounts are given already formatted. */
export function noticeText(code: NoticeCode, params: Readonly<Record<string, string | number>>) {
  return NOTICE_WORDS[code].replace(/\{([a-zA-Z]+)\}/g, (_, name: string) =>
    String(params[name] ?? ''),
  );
}

/** Minor units as the two-decimal text a receipt and a screen show: 1250 → "12.50". */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
