// The validators of the interface: value rules, time values, gift BIN ranges, whole requests.
export { RULES, ruleError, type RuleDef, type RuleId } from './rule-book.ts';
export {
  AMOUNT_MAX_MINOR,
  checkTax,
  formatAmount,
  formatSignedAmount,
  parseAmount,
  parseTax,
} from './amount.ts';
export {
  checkAbaRoute,
  checkAccountType,
  checkAccount,
  checkCv,
  checkExpdate,
  checkIcc,
  checkKsn,
  checkPin,
  effectiveCv,
} from './card-values.ts';
export {
  checkDigits,
  checkEmail,
  checkOrigin,
  checkIdentifier,
  checkIsoNumeric,
  checkNonEmpty,
  checkPhone,
  checkPipeList,
  checkPriority,
  checkTimestamp,
  checkYesNo,
  checkZip,
} from './simple-values.ts';
export { resolveTimeValue, type TimeContext } from './time-value.ts';
export {
  DEFAULT_RECEIPT_SETTINGS,
  RECEIPT_TYPES,
  RECEIPT_WIDTH_RANGE,
  parseReceiptSettings,
  type ReceiptSettings,
  type ReceiptType,
} from './receipt-settings.ts';
export { matchBinRange, parseBinRanges, type BinMatch, type BinRange } from './bin-ranges.ts';
export { checkValue, type ValueContext } from './value-rules.ts';
export { validateRequest, type ValidationContext } from './validate-request.ts';
