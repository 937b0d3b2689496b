import { API_VERSIONS, type ApiVersion } from '../versions.ts';
import { ACCOUNT_PARAMS } from './account-params.ts';
import { GROUP_NAMES, type GroupName, type ParamDef, type ParamSpec } from './types.ts';
import { GROUPS } from './groups.ts';
import { STANDALONE_PARAMS } from './standalone-params.ts';
import { TRANSACTION_PARAMS } from './transaction-params.ts';

const DEFS: Readonly<Record<string, ParamDef>> = {
  ...ACCOUNT_PARAMS,
  ...TRANSACTION_PARAMS,
  ...STANDALONE_PARAMS,
};

/**
 * Keys that carry card or account data: masked everywhere but the wire, never logged, never
 * echoed in an error. Every e_* key counts, whatever the reader claims about its masking.
 */
const SENSITIVE_KEYS: readonly string[] = [
  'account',
  'trackdata',
  'icc',
  'cv',
  'pin',
  'ksn',
  'expdate',
  'token',
  'cardshieldticket',
];

/** True for a key whose value must be masked: catalogued card data, or any e_* key. */
export function isSensitiveKey(key: string): boolean {
  return key.startsWith('e_') || SENSITIVE_KEYS.includes(key);
}

function groupOf(key: string): { group: GroupName | null; versions: ApiVersion[] } {
  for (const group of GROUP_NAMES) {
    const versions = API_VERSIONS.filter((v) => GROUPS[group][v]?.includes(key) === true);
    if (versions.length > 0) return { group, versions };
  }
  return { group: null, versions: [] };
}

function buildSpecs(): ReadonlyMap<string, ParamSpec> {
  const specs = new Map<string, ParamSpec>();
  const keys = [...GROUP_NAMES.flatMap((g) => API_VERSIONS.flatMap((v) => GROUPS[g][v] ?? []))];
  for (const key of [...keys, ...Object.keys(DEFS)]) {
    if (specs.has(key)) continue;
    const def = DEFS[key];
    if (def === undefined) throw new Error(`catalogue: group field ${key} has no definition`);
    const { group, versions } = groupOf(key);
    const standalone = def.standalone ?? [];
    if (group === null && standalone.length === 0) {
      throw new Error(`catalogue: ${key} is neither in a group nor standalone`);
    }
    specs.set(key, {
      key,
      group,
      standalone: standalone.length > 0,
      type: def.type,
      versions: API_VERSIONS.filter((v) => versions.includes(v) || standalone.includes(v)),
      sensitive: isSensitiveKey(key),
      origin: def.origin ?? 'interface',
      description: def.description,
    });
  }
  return specs;
}

/** Every request parameter of the interface by wire key, in group order then standalone order. */
export const PARAM_SPECS: ReadonlyMap<string, ParamSpec> = buildSpecs();

/** The keys of PARAM_SPECS that are card or account data (see ParamSpec.sensitive). */
export const SENSITIVE_PARAMS: ReadonlySet<string> = new Set(
  [...PARAM_SPECS.values()].filter((spec) => spec.sensitive).map((spec) => spec.key),
);

/**
 * Transport and credential keys: never parameters. Transports strip them before validation
 * (docs/interface.md › Authentication §5–7, Endpoints: action/action_trans).
 */
export const TRANSPORT_KEYS: ReadonlySet<string> = new Set([
  'username',
  'password',
  'action',
  'action_trans',
  'admin',
  'auth_apikey_id',
  'auth_apikey_secret',
  'mfa_code',
  'mfa_cookie',
  'user',
  'pwd',
  'mfa_code_dual',
]);
