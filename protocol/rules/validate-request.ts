import { operationSpec } from '../catalogue/operation-specs.ts';
import { PARAM_SPECS } from '../catalogue/param-specs.ts';
import type { OperationName } from '../operations.ts';
import { paramValue, type Params } from '../params.ts';
import { matchBinRange, type BinRange } from './bin-ranges.ts';
import { checkKeys, sortedKeys } from './key-rules.ts';
import { checkPresence } from './presence-rules.ts';
import { ruleError } from './rule-book.ts';
import { checkTimestamp } from './simple-values.ts';
import { resolveTimeValue, type TimeContext } from './time-value.ts';
import { checkValue, type ValueContext } from './value-rules.ts';

/** What a request is validated against (time values resolve in the merchant's zone at now). */
export interface ValidationContext extends TimeContext {
  /**
   * The merchant's gift BIN ranges, when known: a keyed account or swiped card in them is a gift
   * card, which needs no expdate (keyed) and may carry a plain PIN on any operation; so may an
   * entry that hides its card number (chip data, encrypted reader or PIN pad data), which only
   * the service can read.
   */
  readonly giftBinRanges?: readonly BinRange[];
}

/** The card number of a track: track 1 "%B<pan>^…", track 2 ";<pan>=…" (ISO/IEC 7813). */
const TRACK_PAN = /^[%;]?(?:B(\d{1,19})\^|(\d{1,19})=)/;

/** The card number a request carries in the clear: the keyed account, else its track's. */
function clearAccount(params: Params): string | undefined {
  const account = paramValue(params, 'account');
  if (account !== undefined) return account;
  const match = TRACK_PAN.exec(paramValue(params, 'trackdata') ?? '');
  return match === null ? undefined : (match[1] ?? match[2]);
}

function isGiftCard(params: Params, ctx: ValidationContext): boolean {
  const account = clearAccount(params);
  if (ctx.giftBinRanges === undefined || account === undefined) return false;
  return matchBinRange(ctx.giftBinRanges, account) !== null;
}

/** Entry keys whose card number is hidden from validation: EMV data, encrypted device data. */
const HIDDEN_ACCOUNT_KEYS = ['icc', 'e_datafield', 'e_trackdata', 'e_account'] as const;

/**
 * True when the request may carry a gift card's plain PIN: a gift card in the clear, or, when the
 * merchant has gift ranges, an entry that hides its card number (the service reads it and refuses
 * a plain PIN on a card outside the ranges).
 */
function mayCarryPlainPin(params: Params, ctx: ValidationContext, giftCard: boolean): boolean {
  if (giftCard) return true;
  if (ctx.giftBinRanges === undefined || ctx.giftBinRanges.length === 0) return false;
  if (clearAccount(params) !== undefined) return false;
  return HIDDEN_ACCOUNT_KEYS.some((key) => paramValue(params, key) !== undefined);
}

function checkOrder(params: Params, ctx: ValueContext): void {
  const [bdate, edate] = [paramValue(params, 'bdate'), paramValue(params, 'edate')];
  const [num, total] = [
    paramValue(params, 'installment_num'),
    paramValue(params, 'installment_total'),
  ];
  if (bdate !== undefined && edate !== undefined) {
    const begin = resolveTimeValue(bdate, ctx, 'bdate');
    if (resolveTimeValue(edate, ctx, 'edate') < begin) throw ruleError('time.order', 'edate');
  }
  if (num !== undefined && total !== undefined && Number(num) > Number(total)) {
    throw ruleError('installment.order', 'installment_num');
  }
}

function checkValues(params: Params, keys: readonly string[], ctx: ValueContext): void {
  for (const key of keys) {
    const value = paramValue(params, key) ?? '';
    const spec = PARAM_SPECS.get(key);
    if (spec !== undefined) checkValue(spec.type, key, value, ctx);
    else if (key.endsWith('_ts')) checkTimestamp(value, key);
  }
  checkOrder(params, ctx);
}

/**
 * Validates a normalised request of an operation and throws the first ProtocolError, phase by
 * phase: (1) the operation exists in the version, then every key — transport keys, keys of the
 * other version (wrong_version), keys the operation does not take (unknown_parameter), custom
 * parameter names; (2) required keys, the account entry or other alternative, exclusive pairs,
 * companions; (3) each value's rule, then bdate ≤ edate and installment_num ≤ installment_total.
 * Within a phase keys are taken in code-unit order (docs/protocol.md, Validation rules).
 */
export function validateRequest(op: OperationName, params: Params, ctx: ValidationContext): void {
  const spec = operationSpec(op);
  const keys = sortedKeys(params);
  checkKeys(spec, params, ctx.version, keys);
  const giftCard = isGiftCard(params, ctx);
  checkPresence(spec, params, ctx.version, giftCard);
  checkValues(params, keys, {
    version: ctx.version,
    timeZone: ctx.timeZone,
    now: ctx.now,
    plainPin: spec.plainPin || mayCarryPlainPin(params, ctx, giftCard),
  });
}
