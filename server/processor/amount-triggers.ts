import { Code, PhardCode } from '../../protocol/index.ts';

/** An amount that makes the simulated processor decline in a set way (docs/test-cards.md). */
export interface AmountTrigger {
  /** Amount in minor units that fires the trigger. */
  amount: number;
  code: Code;
  phardCode: PhardCode;
  verbiage: string;
}

/**
 * Decline triggers of the simulated processor, on the amount of an authorization, an increment's
 * new total or a credit. 6.01 is the public test server's DECLINE (activemerchant's remote tests
 * against the test server); 5.10 to 5.40 follow the gotobilling wiki's list; 5.50 is LaneTerm's
 * processor timeout.
 */
export const AMOUNT_TRIGGERS: readonly AmountTrigger[] = [
  { amount: 601, code: Code.DENY, phardCode: PhardCode.GENERICFAIL, verbiage: 'DECLINE' },
  { amount: 510, code: Code.CALL, phardCode: PhardCode.CALL, verbiage: 'CALL PROCESSOR' },
  { amount: 520, code: Code.PKUP, phardCode: PhardCode.PICKUP, verbiage: 'PICKUP CARD' },
  { amount: 530, code: Code.RETRY, phardCode: PhardCode.RETRY, verbiage: 'RETRY' },
  { amount: 540, code: Code.SETUP, phardCode: PhardCode.SETUP, verbiage: 'SETUP ERROR' },
  { amount: 550, code: Code.TIMEOUT, phardCode: PhardCode.TIMEOUT, verbiage: 'PROCESSOR TIMEOUT' },
];

/** The decline trigger an amount fires, if any. */
export function amountTrigger(amount: number): AmountTrigger | undefined {
  return AMOUNT_TRIGGERS.find((trigger) => trigger.amount === amount);
}

/** An amount the simulated processor approves only in part (docs/test-cards.md). */
export interface PartialTrigger {
  /** Amount asked, minor units. */
  amount: number;
  /** Amount approved, minor units. */
  approved: number;
}

/**
 * Partial-approval triggers of the simulated processor, on an authorization carrying a card: 6.75
 * and 6.76, the public test server's credit and debit partial-approval amounts (libmonetra
 * monetra_cli sale_partial, sale_debit_partial), each approved for 5.00.
 */
const PARTIAL_TRIGGERS: readonly PartialTrigger[] = [
  { amount: 675, approved: 500 },
  { amount: 676, approved: 500 },
];

/** The partial-approval trigger an amount fires, if any. */
export function partialTrigger(amount: number): PartialTrigger | undefined {
  return PARTIAL_TRIGGERS.find((trigger) => trigger.amount === amount);
}

/**
 * First and last amount (minor units) of the delay range 8.00–8.99 (libmonetra monetra_cli and
 * monetra_load).
 */
const DELAY_RANGE = { first: 800, last: 899 } as const;

/**
 * How long the simulated processor waits before answering, in milliseconds: for 8.00–8.99 the
 * cents as seconds (8.05 waits 5 s, 8.99 waits 99 s), for any other amount no wait.
 */
export function amountDelayMs(amount: number): number {
  if (amount < DELAY_RANGE.first || amount > DELAY_RANGE.last) return 0;
  return (amount - DELAY_RANGE.first) * 1000;
}
