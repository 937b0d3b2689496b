import type { Params } from '../params.ts';
import { ruleError } from '../rules/rule-book.ts';
import { ParamsCollector } from './params-collector.ts';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function addString(collector: ParamsCollector, key: string, value: unknown): void {
  if (typeof value !== 'string') throw ruleError('value.string', key);
  collector.add(key, value);
}

/**
 * A parsed JSON request body as flat Params: the body is an object whose values are strings or
 * group objects (under any name, never evaluated) of strings, and every pair moves to the top
 * level (seed: What the service does §3–4). A number, boolean, null, array, or an object inside
 * a group is a not_a_string error naming the key; the same key twice with different values is a
 * conflicting_values error. Duplicate keys inside one JSON object are the JSON parser's to
 * resolve before this point.
 */
export function flattenJsonBody(body: unknown): Params {
  if (!isPlainObject(body)) throw ruleError('body.object', undefined);
  const collector = new ParamsCollector();
  for (const [key, value] of Object.entries(body)) {
    if (!isPlainObject(value)) {
      addString(collector, key, value);
      continue;
    }
    for (const [member, memberValue] of Object.entries(value)) {
      addString(collector, member, memberValue);
    }
  }
  return collector.result();
}
