import type { OperationName } from '../operations.ts';
import type { ApiVersion } from '../versions.ts';

/** HTTP methods of the REST interface (the Monetra REST API). */
export type RestMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * One REST route: method, path relative to /api/vN with :ttid, :order_id and :payment_id
 * placeholders, the operation it runs, the versions that offer it, and where its parameters go.
 */
export interface RestRoute {
  readonly method: RestMethod;
  readonly path: string;
  readonly op: OperationName;
  readonly versions: readonly ApiVersion[];
  readonly paramsIn: 'body' | 'query';
}

const BOTH: readonly ApiVersion[] = ['v1', 'v2'];
const V2_ONLY: readonly ApiVersion[] = ['v2'];

function route(
  method: RestMethod,
  path: string,
  op: OperationName,
  versions: readonly ApiVersion[] = BOTH,
): RestRoute {
  const paramsIn = method === 'GET' || method === 'DELETE' ? 'query' : 'body';
  return { method, path, op, versions, paramsIn };
}

/**
 * Every REST route (docs/interface.md › Endpoints; the Monetra REST API as public plugins call it; LaneTerm for
 * the paths no public source shows, docs/protocol.md). Where an operation has several routes, the
 * more specific comes first: restRouteFor takes the first whose path parameters are all present.
 */
export const REST_ROUTES: readonly RestRoute[] = [
  route('POST', 'transaction/purchase', 'sale'),
  route('POST', 'transaction/preauth', 'preauth'),
  route('PATCH', 'transaction/:ttid/complete', 'preauthcomplete'),
  route('PATCH', 'transaction/:ttid/capture', 'capture'),
  route('PATCH', 'transaction/:ttid/incremental', 'incremental', V2_ONLY),
  route('PATCH', 'transaction/:ttid', 'adjust'),
  route('DELETE', 'transaction/:ttid/void', 'void'),
  route('DELETE', 'transaction/:ttid', 'reversal'),
  route('POST', 'transaction/:ttid/refund', 'refund'),
  route('POST', 'transaction/refund', 'refund'),
  route('GET', 'transaction/order/:order_id/payment/:payment_id', 'trandetail'),
  route('GET', 'transaction/order/:order_id/payment', 'trandetail'),
  route('GET', 'transaction/:ttid', 'trandetail'),
  route('POST', 'transaction/cardtype', 'cardtype'),
  route('POST', 'transaction/balance', 'balanceinq'),
  route('POST', 'transaction/gift/activate', 'activate'),
  route('POST', 'transaction/gift/issue', 'issue'),
  route('POST', 'transaction/gift/cashout', 'cashout'),
  route('POST', 'transaction/gift/merchreturn', 'merchreturn'),
  route('GET', 'report/failed', 'report_failed'),
  route('GET', 'report/unsettled', 'report_unsettled'),
  route('GET', 'report/settled', 'report_settled'),
  route('GET', 'report/batches', 'report_batches'),
  route('GET', 'report/batches/settled', 'report_settled_batches'),
  route('POST', 'batch/settle', 'settle'),
  route('POST', 'user/mfa/cookie', 'mfa_cookie'),
  route('GET', 'user/chkpwd', 'chkpwd'),
  route('POST', 'cardentry/session', 'ticket_session'),
];

/** The path prefix of a version: /api/v1 or /api/v2 (docs/interface.md › Versioning §1). */
export function restBasePath(version: ApiVersion): string {
  return `/api/${version}`;
}

/** The names of a route's path parameters, in order: "transaction/:ttid" gives ["ttid"]. */
export function pathParamNames(path: string): string[] {
  return path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1));
}
