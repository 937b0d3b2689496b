import { PARAM_SPECS, TRANSPORT_KEYS, type Params } from '../../protocol/index.ts';

/**
 * The request parameters a transaction detail echoes (docs/interface.md › Transaction detail response, request
 * echo), plus tip (an adjust parameter), except expdate: card data stays sealed, so expdate is
 * echoed from the vault while the card is held and not at all after (docs/test-cards.md).
 */
const ECHO_KEYS: readonly string[] = [
  'custref',
  'ordernum',
  'ptrannum',
  'cashbackamount',
  'currency',
  'examount',
  'surchargeamount',
  'tax',
  'discountamount',
  'dutyamount',
  'freightamount',
  'convenience_fee',
  'supplemental_fee',
  'bdate',
  'edate',
  'excharges',
  'rate',
  'roomnum',
  'descmerch',
  'descloc',
  'clerkid',
  'stationid',
  'laneid',
  'comments',
  'divisionnum',
  'healthcare',
  'shipcountry',
  'shipzip',
  'zip',
  'abaroute',
  'checknum',
  'accounttype',
  'cof_transid',
  'cof_authamount',
  'installment_num',
  'installment_total',
  'recurring',
  'tip',
];

const ECHO_SET: ReadonlySet<string> = new Set(ECHO_KEYS);

/**
 * The echo-able parameters of a request, as the engine received them: card data in free text was
 * masked before (screenCardData).
 */
export function echoOf(params: Params): Record<string, string> {
  const echo: Record<string, string> = {};
  for (const key of Object.keys(params)) {
    if (ECHO_SET.has(key)) echo[key] = params[key]!;
  }
  return echo;
}

/**
 * The custom parameters of a request (docs/interface.md › property name*): keys the catalogue does not know and
 * that are not transport keys, card data in their names and values masked before
 * (screenCardData). Only operations accepting custom parameters get past validation with them.
 */
export function customOf(params: Params): Record<string, string> {
  const custom: Record<string, string> = {};
  for (const key of Object.keys(params)) {
    if (!PARAM_SPECS.has(key) && !TRANSPORT_KEYS.has(key)) custom[key] = params[key]!;
  }
  return custom;
}

/** A stored echo (or custom set) with the request's values laid over it: the latest value wins. */
export function overlay(
  stored: Record<string, string>,
  update: Record<string, string>,
): Record<string, string> {
  return { ...stored, ...update };
}
