import { emptyParams, hasParam, type Params } from '../params.ts';
import { ruleError } from '../rules/rule-book.ts';

/**
 * A control character a value may not hold: C0 but tab, LF and CR, and DEL. NUL is refused by
 * PostgreSQL text, and STX, ETX and FS cannot be written in a key/value answer, so a value that
 * held them would be stored and then fail its detail or report (docs/protocol.md, Normalisation).
 */
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Gathers pairs into one flat Params: the same key twice with the same value is kept once, with
 * different values is a conflicting_values error naming the key; an empty value is kept as a
 * present, empty value (docs/interface.md › What the service does §3–5); a value holding a control
 * character is refused naming the key. Keys keep first-seen order.
 */
class ParamsCollector {
  readonly #params = emptyParams();

  /** Adds one pair; throws a ProtocolError for an empty key, a control character or a conflict. */
  add(key: string, value: string): void {
    if (key === '') throw ruleError('key.empty', undefined);
    if (CONTROL_CHARACTER.test(value)) throw ruleError('value.control', key);
    if (hasParam(this.#params, key)) {
      if (this.#params[key] !== value) throw ruleError('value.conflict', key);
      return;
    }
    this.#params[key] = value;
  }

  /** The pairs gathered so far. */
  result(): Params {
    return this.#params;
  }
}

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
 * level (docs/interface.md › What the service does §3–4). A number, boolean, null, array, or an object inside
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

/** How pairsToParams reads keys. */
export interface PairsOptions {
  /**
   * Lowercase every key: the key/value protocol treats keys case-insensitively, and real clients
   * send "Action", "UserName", "PTranNum" (libmonetra reads keys case-insensitively).
   */
  readonly caseInsensitiveKeys: boolean;
}

/**
 * Key/value pairs (key/value protocol, form bodies, query strings) as flat Params: the same key
 * twice with different values — after lowercasing, when keys are case-insensitive — is a
 * conflicting_values error; an empty value stays a present, empty value (docs/interface.md › What the service does §3, §5).
 */
export function pairsToParams(
  pairs: Iterable<readonly [string, string]>,
  opts: PairsOptions,
): Params {
  const collector = new ParamsCollector();
  for (const [key, value] of pairs) {
    collector.add(opts.caseInsensitiveKeys ? key.toLowerCase() : key, value);
  }
  return collector.result();
}
