// The parameter catalogue: every parameter, group and operation of the interface as data.
export { GROUP_NAMES, PARAM_TYPES } from './types.ts';
export type {
  Alternative,
  Companion,
  GroupName,
  OperationSpec,
  ParamOrigin,
  ParamSpec,
  ParamType,
} from './types.ts';
export { GROUPS, groupFields, type GroupFields } from './groups.ts';
export { PARAM_SPECS, SENSITIVE_PARAMS, TRANSPORT_KEYS, isSensitiveKey } from './param-specs.ts';
export { PARAM_TYPE_RULES } from './type-rules.ts';
export {
  ACCOUNT_ENTRIES,
  ACCOUNT_ENTRY_NAMES,
  CARD_ENTRIES,
  entryKeys,
  type AccountEntry,
  type AccountEntryName,
} from './account-entries.ts';
export { acceptedParams, operationSpec } from './operation-specs.ts';
