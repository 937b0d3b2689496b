import { PARAM_SPECS } from '../catalogue/param-specs.ts';
import type { ParamType } from '../catalogue/types.ts';
import { emptyParams, type Params } from '../params.ts';

/** The lowercase words of each option type the interface writes in lowercase (docs/interface.md › Common value types). */
const OPTION_WORDS: Partial<Record<ParamType, ReadonlySet<string>>> = {
  yesno: new Set(['yes', 'no']),
  priority: new Set(['low', 'normal', 'high']),
  rcpt: new Set(['yes']),
};

/**
 * The key/value protocol's option values in the case the interface writes them: a yes/no flag,
 * priority or rcpt=yes sent in another case (capture=YES, priority=HIGH: the C library's legacy
 * M_TransParam API upper-cases option values, as libmonetra's M_TransParam does) becomes its lowercase
 * word. Other values, and words the option does not have, are kept as sent for validation to
 * judge. Only the key/value transport reads values so (docs/protocol.md, Decisions).
 */
export function foldLegacyValues(params: Params): Params {
  const folded = emptyParams();
  for (const [key, value] of Object.entries(params)) {
    const type = PARAM_SPECS.get(key)?.type;
    const words = type === undefined ? undefined : OPTION_WORDS[type];
    const lower = value.toLowerCase();
    folded[key] = words?.has(lower) === true ? lower : value;
  }
  return folded;
}
