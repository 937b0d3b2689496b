import { Code, PhardCode } from '../../protocol/index.ts';

/**
 * A bank account an ACH message debits or credits (NACHA Operating Rules: an entry names the
 * receiving bank by routing number and the account at it).
 */
export interface ProcessorCheck {
  /** ABA routing number of the receiving bank, nine digits. */
  abaroute: string;
  /** Account number at that bank, 4–19 digits; held in memory only. */
  account: string;
  /** The check's number, when one was sent. */
  checknum?: string;
  /** BUSINESS or PERSONAL, CHECKING or SAVINGS (docs/protocol.md, Checks). */
  accounttype: string;
}

/** An ACH return (NACHA return reason codes): its code and the reason in words. */
export interface AchReturn {
  /** R01, R02, … */
  code: string;
  reason: string;
}

/**
 * Return reasons of the simulated ACH network (NACHA Operating Rules, Appendix Four): a settled
 * entry on account 20000000NN comes back with RNN (docs/test-cards.md, Checks).
 */
const RETURN_REASONS: Readonly<Record<string, string>> = {
  R01: 'INSUFFICIENT FUNDS',
  R02: 'ACCOUNT CLOSED',
  R03: 'NO ACCOUNT/UNABLE TO LOCATE ACCOUNT',
  R04: 'INVALID ACCOUNT NUMBER',
  R08: 'PAYMENT STOPPED',
  R10: 'CUSTOMER ADVISES NOT AUTHORIZED',
  R16: 'ACCOUNT FROZEN',
  R29: 'CORPORATE CUSTOMER ADVISES NOT AUTHORIZED',
};

/** The return a settled entry on this account comes back with, if any (docs/test-cards.md). */
export function achReturnOf(check: ProcessorCheck): AchReturn | null {
  const match = /^20000000(\d\d)$/.exec(check.account);
  if (match === null) return null;
  const code = `R${match[1] ?? ''}`;
  const reason = RETURN_REASONS[code];
  return reason === undefined ? null : { code, reason };
}

/** A routing number that passes its checksum but names no bank of the simulated network. */
export const UNKNOWN_ROUTING_NUMBER = '123456780';

/** An account the simulated network's check verification declines (its negative file). */
export const DECLINED_CHECK_ACCOUNT = '5000000005';

/** How the simulated network declines a check before it settles, if it does. */
export interface CheckDecline {
  code: Code;
  phardCode: PhardCode;
  verbiage: string;
}

/**
 * The simulated network's verdict on a check at sale or refund time (docs/test-cards.md, Checks):
 * an unknown routing number or an account on the negative file is declined; any other check goes
 * on to the amount triggers.
 */
export function checkDecline(check: ProcessorCheck): CheckDecline | undefined {
  if (check.abaroute === UNKNOWN_ROUTING_NUMBER) {
    return {
      code: Code.DENY,
      phardCode: PhardCode.GENERICFAIL,
      verbiage: 'UNKNOWN ROUTING NUMBER',
    };
  }
  if (check.account === DECLINED_CHECK_ACCOUNT) {
    return { code: Code.DENY, phardCode: PhardCode.GENERICFAIL, verbiage: 'CHECK DECLINED' };
  }
  return undefined;
}
