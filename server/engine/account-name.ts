import { maskPan } from '../../drivers/crypto/index.ts';
import type { ServiceAnswer } from './engine-context.ts';

/**
 * How an answer names the account it is about (docs/interface.md › Transaction response: account
 * "masked account number", cardtype).
 */
export interface AccountName {
  /** Every digit but the last four replaced by X; never the number. */
  account: string;
  cardtype: string;
}

/** The name of a card number (or a check's bank account) of this cardtype. */
export function accountNameOf(number: string, cardtype: string): AccountName {
  return { account: maskPan(number), cardtype };
}

/**
 * A refusal of an account the service has read, naming it as an answer on it does, so a client's
 * history and receipt of a declined request name the card (docs/test-cards.md › Order of the
 * checks).
 */
export function naming(answer: ServiceAnswer, name: AccountName): ServiceAnswer {
  if (answer.kind !== 'response') return answer;
  return { ...answer, pairs: { ...answer.pairs, ...name } };
}
