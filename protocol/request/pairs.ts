import type { Params } from '../params.ts';
import { ParamsCollector } from './params-collector.ts';

/** How pairsToParams reads keys. */
export interface PairsOptions {
  /**
   * Lowercase every key: the key/value protocol treats keys case-insensitively, and real clients
   * send "Action", "UserName", "PTranNum" (payment-server-facts A1, A3).
   */
  readonly caseInsensitiveKeys: boolean;
}

/**
 * Key/value pairs (key/value protocol, form bodies, query strings) as flat Params: the same key
 * twice with different values — after lowercasing, when keys are case-insensitive — is a
 * conflicting_values error; an empty value stays a present, empty value (seed: §3, §5).
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
