import { ACCOUNT_ENTRY_NAMES } from '../catalogue/account-entries.ts';
import type { Alternative, OperationSpec } from '../catalogue/types.ts';
import { hasParam, type Params } from '../params.ts';
import type { ApiVersion } from '../versions.ts';
import { ruleError } from './rule-book.ts';

/** Each operation's alternatives by version and gift card, worked out on first use. */
const ALTERNATIVES = new WeakMap<OperationSpec, Map<string, readonly Alternative[]>>();

/**
 * The alternatives of an operation in a version; keyed entry without expdate for a gift card.
 * Worked out once per operation, version and gift card, not per request.
 */
function alternativesFor(
  spec: OperationSpec,
  version: ApiVersion,
  giftCard: boolean,
): readonly Alternative[] {
  let byKind = ALTERNATIVES.get(spec);
  if (byKind === undefined) {
    byKind = new Map();
    ALTERNATIVES.set(spec, byKind);
  }
  const kind = giftCard ? `${version} gift` : version;
  let alts = byKind.get(kind);
  if (alts === undefined) {
    alts = spec.alternatives
      .filter((alt) => alt.versions.includes(version))
      .map((alt) => (giftCard && alt.name === 'keyed' ? { ...alt, keys: ['account'] } : alt));
    byKind.set(kind, alts);
  }
  return alts;
}

const describe = (alts: readonly Alternative[]): string =>
  alts.map((alt) => alt.keys.join('+')).join(', ');

function checkNoneComplete(
  spec: OperationSpec,
  params: Params,
  alts: readonly Alternative[],
): void {
  let closest: { alt: Alternative; present: string[] } | undefined;
  for (const alt of alts) {
    const present = alt.keys.filter((key) => hasParam(params, key));
    if (present.length > (closest?.present.length ?? 0)) closest = { alt, present };
  }
  if (closest === undefined) {
    throw ruleError('entry.required', spec.alternativesField, { choices: describe(alts) });
  }
  const missing = closest.alt.keys.find((key) => !hasParam(params, key)) ?? '';
  const vars = { present: closest.present.join(' and '), entry: closest.alt.name };
  throw ruleError('entry.incomplete', missing, vars);
}

/** Complete alternatives, without one whose keys another complete alternative already holds. */
function maximal(complete: readonly Alternative[]): Alternative[] {
  return complete.filter(
    (alt) =>
      !complete.some(
        (other) =>
          other !== alt &&
          other.keys.length > alt.keys.length &&
          alt.keys.every((key) => other.keys.includes(key)),
      ),
  );
}

/**
 * The second phase of validation, in this order: every required key present (an empty value
 * counts as present); one alternative complete (account entry, prior ttid, or trandetail's ttid
 * or order_id), else the missing key of the closest partial one; no exclusive pair together; not
 * two complete alternatives; keys required with an account entry; every companion present (docs/interface.md › Account entry, Endpoints).
 */
export function checkPresence(
  spec: OperationSpec,
  params: Params,
  version: ApiVersion,
  giftCard: boolean,
): void {
  for (const key of spec.required) {
    if (!hasParam(params, key)) throw ruleError('param.required', key, { operation: spec.name });
  }
  const alts = alternativesFor(spec, version, giftCard);
  const complete = maximal(alts.filter((alt) => alt.keys.every((key) => hasParam(params, key))));
  if (alts.length > 0 && complete.length === 0) checkNoneComplete(spec, params, alts);
  for (const [key, other] of spec.exclusive) {
    if (hasParam(params, key) && hasParam(params, other)) {
      throw ruleError('param.exclusive', key, { other });
    }
  }
  if (complete.length > 1) {
    throw ruleError('entry.multiple', spec.alternativesField, { choices: describe(complete) });
  }
  const entry = complete[0]?.name ?? '';
  if ((ACCOUNT_ENTRY_NAMES as readonly string[]).includes(entry)) {
    for (const key of spec.requiredWithEntry) {
      if (!hasParam(params, key)) {
        throw ruleError('param.required_with_entry', key, { operation: spec.name });
      }
    }
  }
  for (const { key, needs } of spec.companions) {
    if (hasParam(params, key) && !hasParam(params, needs)) {
      throw ruleError('param.requires', key, { other: needs });
    }
  }
}
