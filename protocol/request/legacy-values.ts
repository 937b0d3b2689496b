import { PARAM_SPECS } from '../catalogue/param-specs.ts';
import type { ParamType } from '../catalogue/types.ts';
import { emptyParams, type Params } from '../params.ts';

/** The lowercase words of each option type the interface writes in lowercase (docs/interface.md › Common value types). */
const OPTION_WORDS: Partial<Record<ParamType, ReadonlySet<string>>> = {
  yesno: new Set(['yes', 'no']),
  priority: new Set(['low', 'normal', 'high']),
  rcpt: new Set(['yes']),
};

/** The option words of each key whose type has them, looked up once rather than per value. */
const WORDS_BY_KEY: ReadonlyMap<string, ReadonlySet<string>> = new Map(
  [...PARAM_SPECS].flatMap(([key, spec]) => {
    const words = OPTION_WORDS[spec.type];
    return words === undefined ? [] : [[key, words] as const];
  }),
);

const NO_KEYS: ReadonlySet<string> = new Set();

/**
 * The key/value protocol's option values in the case the interface writes them: a yes/no flag,
 * priority or rcpt=yes sent in another case (capture=YES, priority=HIGH: the C library's legacy
 * M_TransParam API upper-cases option values, as libmonetra's M_TransParam does) becomes its lowercase
 * word. Other values, and words the option does not have, are kept as sent for validation to
 * judge. Only the key/value transport reads values so (docs/protocol.md, Decisions). Keys in
 * `leftOut` (the transport keys) are left out in the same pass, so the request is copied once.
 */
export function foldLegacyValues(params: Params, leftOut: ReadonlySet<string> = NO_KEYS): Params {
  const folded = emptyParams();
  for (const key in params) {
    if (leftOut.has(key)) continue;
    const value = params[key] as string;
    const words = WORDS_BY_KEY.get(key);
    if (words === undefined) folded[key] = value;
    else {
      const lower = value.toLowerCase();
      folded[key] = words.has(lower) ? lower : value;
    }
  }
  return folded;
}
