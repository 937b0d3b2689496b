import { ProtocolError } from '../errors.ts';
import { fieldError } from '../kv/field-error.ts';
import type { OperationName } from '../operations.ts';
import { emptyParams, paramValue, type Params } from '../params.ts';
import type { ApiVersion } from '../versions.ts';
import { REST_ROUTES, pathParamNames, type RestMethod, type RestRoute } from './rest-routes.ts';

/** A route chosen for a request: the route, its path filled in, and the parameters left over. */
export interface RestAddress {
  readonly route: RestRoute;
  /** The path relative to /api/vN with placeholders replaced by URI-encoded values. */
  readonly path: string;
  /** The request's parameters without those that went into the path; sent as route.paramsIn. */
  readonly params: Params;
}

function present(params: Params, name: string): boolean {
  return (paramValue(params, name) ?? '') !== '';
}

/**
 * The route a client uses for an operation (docs/protocol.md, REST routes): the first route of
 * the operation and version whose path parameters are all present and non-empty, so refund goes
 * to transaction/:ttid/refund with ttid and transaction/refund without, and trandetail to the
 * order+payment, order, or ttid route. Throws 'wrong_version' when the version lacks the
 * operation, 'missing' naming the path parameter when none fits.
 */
export function restRouteFor(op: OperationName, version: ApiVersion, params: Params): RestAddress {
  const candidates = REST_ROUTES.filter((r) => r.op === op && r.versions.includes(version));
  const last = candidates[candidates.length - 1];
  if (last === undefined) {
    throw new ProtocolError({
      kind: 'wrong_version',
      rule: 'route.version',
      verbiage: `${op}: not offered by ${version}`,
    });
  }
  const route = candidates.find((r) => pathParamNames(r.path).every((n) => present(params, n)));
  if (route === undefined) {
    const field = pathParamNames(last.path).find((n) => !present(params, n)) ?? 'ttid';
    throw fieldError('missing', field, 'route.path_param', `required by ${op}`);
  }
  const used = new Set(pathParamNames(route.path));
  const path = route.path
    .split('/')
    .map((s) => (s.startsWith(':') ? encodeURIComponent(params[s.slice(1)] ?? '') : s))
    .join('/');
  const rest = emptyParams();
  for (const [key, value] of Object.entries(params)) if (!used.has(key)) rest[key] = value;
  return { route, path, params: rest };
}

/** A REST request matched to its route, with the decoded path parameters. */
export interface RestMatch {
  readonly route: RestRoute;
  readonly pathParams: Params;
}

function matchPath(pattern: string[], segments: string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const found = emptyParams();
  for (const [i, part] of pattern.entries()) {
    const segment = segments[i] ?? '';
    if (!part.startsWith(':')) {
      if (part !== segment) return undefined;
      continue;
    }
    if (segment === '') return undefined;
    try {
      found[part.slice(1)] = decodeURIComponent(segment);
    } catch {
      return undefined;
    }
  }
  return found;
}

/**
 * The route of a method and a path relative to /api/vN (a leading '/' allowed), or undefined.
 * Static segments win over placeholders, so "transaction/refund" never reads as a ttid.
 */
export function matchRestRoute(
  method: RestMethod,
  path: string,
  version: ApiVersion,
): RestMatch | undefined {
  const segments = path.replace(/^\//, '').split('/');
  let best: { match: RestMatch; statics: number } | undefined;
  for (const route of REST_ROUTES) {
    if (route.method !== method || !route.versions.includes(version)) continue;
    const pattern = route.path.split('/');
    const pathParams = matchPath(pattern, segments);
    if (pathParams === undefined) continue;
    const statics = pattern.filter((p) => !p.startsWith(':')).length;
    if (best === undefined || statics > best.statics)
      best = { match: { route, pathParams }, statics };
  }
  return best?.match;
}
