import type { Params } from '../../../protocol/index.ts';
import { maskPan } from '../../../drivers/crypto/index.ts';
import type { ProcessorCheck } from '../../processor/index.ts';
import type { AccountDisplay } from '../response-pairs.ts';

/** The cardtype a check payment shows (libmonetra's ACH card type). */
export const CHECK_CARDTYPE = 'ACH';

/** The accounttype a check gets for the members it does not name (docs/protocol.md, Checks). */
const DEFAULT_ACCOUNT_TYPE = ['PERSONAL', 'CHECKING'] as const;

/** A check as entered (docs/interface.md › account_data abaroute, account, checknum, accounttype). */
export interface CheckEntry {
  abaroute: string;
  /** Account number at the bank; held in memory, sealed at rest. */
  account: string;
  checknum?: string;
  /** PERSONAL or BUSINESS, then CHECKING or SAVINGS, uppercase, joined by |. */
  accounttype: string;
  cardholdername?: string;
}

/**
 * accounttype as the service keeps it: uppercase, the owner member first, each member the request
 * does not name taken from PERSONAL|CHECKING (docs/protocol.md, Checks). The value was validated.
 */
export function normalAccountType(value: string | undefined): string {
  const members = (value ?? '').toUpperCase().split('|');
  const owner =
    members.find((m) => m === 'PERSONAL' || m === 'BUSINESS') ?? DEFAULT_ACCOUNT_TYPE[0];
  const kind = members.find((m) => m === 'CHECKING' || m === 'SAVINGS') ?? DEFAULT_ACCOUNT_TYPE[1];
  return `${owner}|${kind}`;
}

/** The check a request enters, when it sends abaroute (validation made account come with it). */
export function checkEntryOf(params: Params): CheckEntry | undefined {
  const { abaroute, account } = params;
  if (abaroute === undefined || account === undefined) return undefined;
  return {
    abaroute,
    account,
    ...(params.checknum !== undefined && { checknum: params.checknum }),
    accounttype: normalAccountType(params.accounttype),
    ...(params.cardholdername !== undefined && { cardholdername: params.cardholdername }),
  };
}

/** The last four digits a check shows: none for an account of fewer than eight digits. */
export function checkLastFour(account: string): string {
  return account.length >= 8 ? account.slice(-4) : '';
}

/** How a check shows in answers, details and reports: its account masked as a card number is. */
export function checkDisplay(check: CheckEntry): AccountDisplay & { last4: string } {
  return {
    accountMasked: maskPan(check.account),
    last4: checkLastFour(check.account),
    cardtype: CHECK_CARDTYPE,
    cardholdername: check.cardholdername ?? null,
    entryMode: 'M',
  };
}

/** The bank account an ACH message carries. */
export function processorCheck(check: CheckEntry): ProcessorCheck {
  return {
    abaroute: check.abaroute,
    account: check.account,
    ...(check.checknum !== undefined && { checknum: check.checknum }),
    accounttype: check.accounttype,
  };
}
