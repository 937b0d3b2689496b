import type { ApiVersion } from '../versions.ts';
import type { OperationName } from '../operations.ts';

/** The request parameter groups; a group name is never evaluated (docs/interface.md › Request parameter groups). */
export const GROUP_NAMES = [
  'money',
  'lodging',
  'order',
  'shipping',
  'lane',
  'account_data',
  'verification',
  'merchant_descriptors',
  'processing_options',
  'ecomm',
  'health',
  'pin_data',
  'recurring_data',
] as const;

/** One request parameter group's name. */
export type GroupName = (typeof GROUP_NAMES)[number];

/** The value rule a parameter follows; PARAM_TYPE_RULES words each one (docs/interface.md › Common value types). */
export const PARAM_TYPES = [
  'amount',
  'tax',
  'text',
  'text_nonempty',
  'identifier',
  'yesno',
  'digits',
  'iso_numeric',
  'pipe_list',
  'zip',
  'cv',
  'pin',
  'expdate',
  'ksn',
  'icc',
  'priority',
  'time',
  'rcpt',
  'email',
  'phone',
  'account',
  'aba',
  'accounttype',
  'origin',
  'timestamp',
] as const;

/** One parameter's value rule. */
export type ParamType = (typeof PARAM_TYPES)[number];

/** Where a parameter's definition comes from: the interface's tables, or a LaneTerm decision. */
export type ParamOrigin = 'interface' | 'decision';

/** One request parameter of the interface, by its lowercase wire key. */
export interface ParamSpec {
  /** The wire key, lowercase. */
  readonly key: string;
  /** The group the interface lists it under, or null for a standalone-only parameter. */
  readonly group: GroupName | null;
  /** True when the interface (or a decision) also lists it as a standalone parameter. */
  readonly standalone: boolean;
  /** Its value rule. */
  readonly type: ParamType;
  /** The versions in which the parameter exists at all (through its group or standalone). */
  readonly versions: readonly ApiVersion[];
  /** Card or account data: masked everywhere but the wire, never logged or echoed in errors. */
  readonly sensitive: boolean;
  /** Seed table or LaneTerm decision. */
  readonly origin: ParamOrigin;
  /** One line: what it means. */
  readonly description: string;
}

/** A way of identifying the account or the target of an operation: a set of keys sent together. */
export interface Alternative {
  /** Stable name, e.g. "keyed", "track", "prior_transaction". */
  readonly name: string;
  /** Keys that must all be present for this alternative to be complete. */
  readonly keys: readonly string[];
  /** Versions in which the operation accepts this alternative. */
  readonly versions: readonly ApiVersion[];
}

/** A key that may only be sent together with another key. */
export interface Companion {
  readonly key: string;
  readonly needs: string;
}

/** Everything the interface says about one operation's request. */
export interface OperationSpec {
  readonly name: OperationName;
  /** Versions offering the operation. */
  readonly versions: readonly ApiVersion[];
  /** Accepted parameter keys per version, expanded from groups; absent for a version without it. */
  readonly accepted: Readonly<Partial<Record<ApiVersion, ReadonlySet<string>>>>;
  /** Keys that must each be present (an empty value counts as present). */
  readonly required: readonly string[];
  /** Keys also required when an account entry, not a prior ttid, is the complete alternative. */
  readonly requiredWithEntry: readonly string[];
  /** When non-empty, one alternative must be complete, and only one. */
  readonly alternatives: readonly Alternative[];
  /** Field named in an error when no alternative is complete. */
  readonly alternativesField: string;
  /** Pairs of keys that must not be sent together. */
  readonly exclusive: readonly (readonly [string, string])[];
  /** Keys that need another key. */
  readonly companions: readonly Companion[];
  /** Whether uncatalogued keys ("property name*") are accepted as custom parameters. */
  readonly customParams: boolean;
  /**
   * Whether uncatalogued keys are accepted, ignored and echoed in the answer: operations the interface
   * shows no parameters for and that keep nothing on a transaction (reports, settle, mfa_cookie,
   * chkpwd), since the public client tools add keys of their own (monetra_cli identifier=1).
   */
  readonly echoedParams: boolean;
  /** Whether pin may be a plain PIN of digits (gift operations). */
  readonly plainPin: boolean;
  /** Whether a keyed entry may come without expdate (gift cards, BIN lookup). */
  readonly expdateOptional: boolean;
  /** One line: what it does. */
  readonly description: string;
}

/** A parameter as the catalogue tables write it; PARAM_SPECS derives group and versions. */
export interface ParamDef {
  readonly type: ParamType;
  readonly description: string;
  /** Versions in which it is also a standalone parameter; none when only in its group. */
  readonly standalone?: readonly ApiVersion[];
  /** Defaults to 'interface'. */
  readonly origin?: ParamOrigin;
}
