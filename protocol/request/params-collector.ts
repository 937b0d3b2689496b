import { emptyParams, hasParam, type Params } from '../params.ts';
import { ruleError } from '../rules/rule-book.ts';

/**
 * Gathers pairs into one flat Params: the same key twice with the same value is kept once, with
 * different values is a conflicting_values error naming the key; an empty value is kept as a
 * present, empty value (seed: What the service does §3–5). Keys keep first-seen order.
 */
export class ParamsCollector {
  readonly #params = emptyParams();

  /** Adds one pair; throws a ProtocolError for an empty key or a conflicting second value. */
  add(key: string, value: string): void {
    if (key === '') throw ruleError('key.empty', undefined);
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
