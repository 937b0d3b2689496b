import { randomUUID } from 'node:crypto';
import {
  NEW_TRANSACTION_OPERATIONS,
  PARAM_SPECS,
  ProtocolError,
  acceptedParams,
  emptyParams,
  flattenJsonBody,
  formatAmount,
  paramValue,
  ruleError,
  shownName,
  validateRequest,
  type ApiVersion,
  type BinRange,
  type OperationName,
  type Params,
} from '../../protocol/index.ts';
import { PaymentRequestError } from './errors.ts';

/** A value as a caller gives it: the wire string; a number for amounts (minor units) and counts. */
export type ParamValue = string | number | undefined;

/**
 * Request parameters, flat or under their groups as the interface shows them (`money: { amount }`),
 * or both; the group name is never evaluated (docs/interface.md › What the service does §4). A value of
 * undefined is absent and not sent; an empty string is sent as empty (docs/interface.md › What the service does §5).
 */
export type ParamsInput = Readonly<
  Record<string, ParamValue | Readonly<Record<string, ParamValue>>>
>;

/** Operations whose answer may approve less than the amount asked (partial approval). */
const PARTIAL_OPERATIONS: ReadonlySet<OperationName> = new Set<OperationName>(['sale', 'preauth']);

/** What a request is prepared against. */
export interface RequestContext {
  readonly version: ApiVersion;
  /** IANA zone time values (bdate, edate) are read in: the merchant's. */
  readonly timeZone: string;
  readonly now: Date;
  readonly giftBinRanges?: readonly BinRange[];
  /** Makes an order id; 1–64 letters, digits, '.', '_', '~', '-'. */
  readonly newOrderId: () => string;
}

/** A request ready to send: validated pairs, and what its result will be read with. */
export interface PreparedRequest {
  readonly op: OperationName;
  readonly params: Params;
  readonly orderId: string | undefined;
  readonly ttid: string | undefined;
  readonly requestedAmount: string | undefined;
}

/** A fresh order id: a random UUID (36 characters, a valid identifier on every transport). */
export function randomOrderId(): string {
  return randomUUID();
}

function invalidNumber(field: string, rule: string, problem: string): ProtocolError {
  return new ProtocolError({
    kind: 'invalid',
    field,
    rule,
    verbiage: `${shownName(field)}: ${problem}`,
  });
}

/** A number as its wire text: amounts from minor units (1250 → "12.50"), counts as digits. */
function numberText(key: string, value: number): string {
  const type = PARAM_SPECS.get(key.toLowerCase())?.type;
  if (!Number.isSafeInteger(value) || value < 0) {
    throw invalidNumber(key, 'number.whole', 'must be a whole, non-negative number');
  }
  if (type === 'amount' || type === 'tax') return formatAmount(value);
  if (type === 'digits' || type === 'timestamp') return String(value);
  throw ruleError('value.string', key);
}

function wireValues(input: Readonly<Record<string, ParamValue>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    out[key] = typeof value === 'number' ? numberText(key, value) : value;
  }
  return out;
}

/** Grouped or flat input as one flat set of wire pairs (protocol's flattenJsonBody). */
export function flattenInput(input: ParamsInput): Params {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    if (typeof value === 'object') body[key] = wireValues(value);
    else body[key] = wireValues({ [key]: value })[key];
  }
  return flattenJsonBody(body);
}

/**
 * Prepares a request: flattens it, gives a new transaction its order id when the caller gave
 * none, and validates it with protocol/'s validateRequest, so nothing that breaks a rule of the
 * interface is sent. Throws PaymentRequestError naming the field and the rule.
 */
export function prepareRequest(
  op: OperationName,
  input: ParamsInput,
  context: RequestContext,
): PreparedRequest {
  try {
    const params = Object.assign(emptyParams(), flattenInput(input));
    const takesOrder =
      NEW_TRANSACTION_OPERATIONS.has(op) && acceptedParams(op, context.version).has('order_id');
    if (takesOrder && paramValue(params, 'order_id') === undefined)
      params.order_id = context.newOrderId();
    validateRequest(op, params, context);
    return {
      op,
      params,
      orderId: takesOrder ? paramValue(params, 'order_id') : undefined,
      ttid: paramValue(params, 'ttid'),
      requestedAmount: PARTIAL_OPERATIONS.has(op) ? paramValue(params, 'amount') : undefined,
    };
  } catch (error) {
    if (error instanceof ProtocolError) throw new PaymentRequestError(error);
    throw error;
  }
}
