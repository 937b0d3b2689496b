import type { OperationSpec } from '../catalogue/types.ts';
import { PARAM_SPECS, TRANSPORT_KEYS } from '../catalogue/param-specs.ts';
import type { Params } from '../params.ts';
import { API_VERSIONS, type ApiVersion } from '../versions.ts';
import { ruleError } from './rule-book.ts';

const CUSTOM_KEY = /^[A-Za-z0-9_.-]{1,64}$/;

/**
 * The keys of a request in code-unit order, so every transport meets the same first error: the
 * built-in sort's own order for strings (ECMA-262 SortCompare), with no comparator to call.
 */
export function sortedKeys(params: Params): string[] {
  return Object.keys(params).sort();
}

function otherVersions(versions: readonly ApiVersion[], version: ApiVersion): string {
  return versions.filter((v) => v !== version).join(', ');
}

function checkKey(spec: OperationSpec, key: string, version: ApiVersion): void {
  if (TRANSPORT_KEYS.has(key)) throw ruleError('param.transport_key', key);
  if (spec.accepted[version]?.has(key) === true) return;
  const param = PARAM_SPECS.get(key);
  if (param !== undefined && !param.versions.includes(version)) {
    throw ruleError('param.version', key, {
      version,
      other: otherVersions(param.versions, version),
    });
  }
  const elsewhere = API_VERSIONS.filter((v) => spec.accepted[v]?.has(key) === true);
  if (elsewhere.length > 0) {
    const vars = { operation: spec.name, version, other: otherVersions(elsewhere, version) };
    throw ruleError('param.operation_version', key, vars);
  }
  if (param !== undefined) throw ruleError('param.not_accepted', key, { operation: spec.name });
  if (!spec.customParams && !spec.echoedParams) {
    throw ruleError('param.unknown', key, { operation: spec.name });
  }
  if (!CUSTOM_KEY.test(key)) throw ruleError('custom.key', key, {}, 'custom parameter name');
}

/**
 * The first phase of validation: the operation must exist in the version, and every key must be
 * one the operation accepts in that version, or a well-formed custom parameter where the
 * operation takes them (docs/interface.md › What the service does §7, Versioning). Transport and credential
 * keys are refused outright, so a credential can never be kept as a custom parameter. `keys` are
 * the request's keys in sortedKeys order, when the caller has them already.
 */
export function checkKeys(
  spec: OperationSpec,
  params: Params,
  version: ApiVersion,
  keys: readonly string[] = sortedKeys(params),
): void {
  if (!spec.versions.includes(version)) {
    const vars = { version };
    throw ruleError('operation.version', undefined, vars, spec.name);
  }
  for (const key of keys) checkKey(spec, key, version);
}
