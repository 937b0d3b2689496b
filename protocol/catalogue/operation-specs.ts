import type { ApiVersion } from '../versions.ts';
import { OPERATIONS, type OperationName } from '../operations.ts';
import { ACCOUNT_ENTRIES, entryKeys } from './account-entries.ts';
import { GROUP_NAMES, type Alternative, type Companion, type OperationSpec } from './types.ts';
import { groupFields } from './groups.ts';
import { OPERATION_TABLE, type OperationDef } from './operation-table.ts';
import { PARAM_SPECS } from './param-specs.ts';

/**
 * Keys that need another key wherever an operation accepts both: payment_id needs order_id (docs/interface.md ›
 * Endpoints, transaction detail); ksn is the key serial number of pin; installments come in pairs.
 */
const COMPANIONS: readonly Companion[] = [
  { key: 'payment_id', needs: 'order_id' },
  { key: 'ksn', needs: 'pin' },
  { key: 'installment_num', needs: 'installment_total' },
  { key: 'installment_total', needs: 'installment_num' },
];

const NONE: ReadonlySet<string> = new Set();

const NO_PROFILE: ReadonlySet<OperationName> = new Set(['mfa_cookie', 'chkpwd']);

/**
 * timeout is a send-queue hint the key/value client libraries append to every transaction once
 * set (libmonetra_php M_TransSend), so every operation takes it; ignored where nothing queues.
 */
const EVERY_OPERATION = ['timeout'];

function isGroup(input: string): input is (typeof GROUP_NAMES)[number] {
  return (GROUP_NAMES as readonly string[]).includes(input);
}

function expand(inputs: readonly string[], version: ApiVersion): string[] {
  return inputs.flatMap((input) => {
    if (isGroup(input)) return groupFields(input, version);
    const spec = PARAM_SPECS.get(input);
    if (spec === undefined) throw new Error(`catalogue: operation input ${input} is unknown`);
    return spec.versions.includes(version) ? [input] : [];
  });
}

function acceptedIn(op: OperationName, def: OperationDef, version: ApiVersion): Set<string> {
  const profile = NO_PROFILE.has(op) ? [] : ['profile_id'];
  const inputs = [...def.inputs, ...EVERY_OPERATION, ...profile];
  const v2 = version === 'v2' ? (def.v2Inputs ?? []) : [];
  return new Set([...expand(inputs, version), ...expand(v2, version)]);
}

function alternatives(def: OperationDef, accepted: OperationSpec['accepted']): Alternative[] {
  const expdateOptional = def.expdateOptional === true;
  const sets = [
    ...(def.entries ?? []).map((name) => ({
      name,
      keys: entryKeys(ACCOUNT_ENTRIES[name], expdateOptional),
    })),
    ...(def.keyAlternatives ?? []).map((alt) => {
      const keys = typeof alt === 'string' ? [alt] : [...alt];
      return { name: keys.join('+'), keys };
    }),
  ];
  return sets.map((set) => ({
    ...set,
    versions: def.versions.filter((v) => set.keys.every((key) => accepted[v]?.has(key) === true)),
  }));
}

function buildSpec(op: OperationName): OperationSpec {
  const def = OPERATION_TABLE[op];
  const accepted: Partial<Record<ApiVersion, ReadonlySet<string>>> = {};
  for (const version of def.versions) accepted[version] = acceptedIn(op, def, version);
  const acceptsAnywhere = (key: string): boolean =>
    def.versions.some((v) => accepted[v]?.has(key) === true);
  return {
    name: op,
    versions: def.versions,
    accepted,
    required: def.required ?? [],
    requiredWithEntry: def.requiredWithEntry ?? [],
    alternatives: alternatives(def, accepted),
    alternativesField:
      def.entries !== undefined ? 'account_data' : String(def.keyAlternatives?.[0] ?? ''),
    exclusive: def.exclusive ?? [],
    companions: COMPANIONS.filter((c) => acceptsAnywhere(c.key) && acceptsAnywhere(c.needs)),
    customParams: def.custom === true,
    echoedParams: def.echo === true,
    plainPin: def.plainPin === true,
    expdateOptional: def.expdateOptional === true,
    description: def.description,
  };
}

const SPECS: ReadonlyMap<OperationName, OperationSpec> = new Map(
  OPERATIONS.map((op) => [op, buildSpec(op)]),
);

/** The request rules of one operation (docs/interface.md › Endpoints; decisions in docs/protocol.md). */
export function operationSpec(op: OperationName): OperationSpec {
  const spec = SPECS.get(op);
  if (spec === undefined) throw new Error(`catalogue: no spec for operation ${op}`);
  return spec;
}

/** The keys an operation accepts in a version; empty when the version does not offer it. */
export function acceptedParams(op: OperationName, version: ApiVersion): ReadonlySet<string> {
  return operationSpec(op).accepted[version] ?? NONE;
}
