import type { ParamType } from '../catalogue/types.ts';
import { checkTax, parseAmount } from './amount.ts';
import {
  checkAbaRoute,
  checkAccount,
  checkAccountType,
  checkCv,
  checkExpdate,
  checkIcc,
  checkKsn,
  checkPin,
} from './card-values.ts';
import {
  checkDigits,
  checkEmail,
  checkIdentifier,
  checkIsoNumeric,
  checkOrigin,
  checkNonEmpty,
  checkPhone,
  checkPipeList,
  checkPriority,
  checkTimestamp,
  checkYesNo,
  checkZip,
} from './simple-values.ts';
import { parseReceiptSettings } from './receipt-settings.ts';
import { resolveTimeValue, type TimeContext } from './time-value.ts';

/** What a value rule may depend on: the time context, and whether a plain PIN is allowed. */
export interface ValueContext extends TimeContext {
  /** True on gift operations and for accounts in the gift BIN ranges. */
  readonly plainPin: boolean;
}

type Checker = (value: string, field: string, ctx: ValueContext) => void;

const accept: Checker = () => undefined;

const CHECKERS: Readonly<Record<ParamType, Checker>> = {
  amount: (value, field) => void parseAmount(value, field),
  tax: (value, field) => checkTax(value, field),
  text: accept,
  text_nonempty: (value, field) => checkNonEmpty(value, field),
  identifier: (value, field) => checkIdentifier(value, field),
  yesno: (value, field) => checkYesNo(value, field),
  digits: (value, field) => checkDigits(value, field),
  iso_numeric: (value, field) => checkIsoNumeric(value, field),
  pipe_list: (value, field) => checkPipeList(value, field),
  zip: (value, field) => checkZip(value, field),
  cv: (value, field) => checkCv(value, field),
  pin: (value, field, ctx) => checkPin(value, ctx.plainPin, field),
  expdate: (value, field) => checkExpdate(value, field),
  ksn: (value, field) => checkKsn(value, field),
  icc: (value, field) => checkIcc(value, field),
  priority: (value, field) => checkPriority(value, field),
  time: (value, field, ctx) => void resolveTimeValue(value, ctx, field),
  rcpt: (value, field) => void parseReceiptSettings(value, field),
  email: (value, field) => checkEmail(value, field),
  phone: (value, field) => checkPhone(value, field),
  account: (value, field) => checkAccount(value, field),
  aba: (value, field) => checkAbaRoute(value, field),
  accounttype: (value, field) => checkAccountType(value, field),
  origin: (value, field) => checkOrigin(value, field),
  timestamp: (value, field) => checkTimestamp(value, field),
};

/**
 * Checks one value against its parameter type's rule (PARAM_TYPE_RULES words each rule); throws
 * the ProtocolError of the first rule it breaks, naming field.
 */
export function checkValue(type: ParamType, field: string, value: string, ctx: ValueContext): void {
  CHECKERS[type](value, field, ctx);
}
