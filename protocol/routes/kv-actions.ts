import { fieldError } from '../kv/field-error.ts';
import type { OperationName } from '../operations.ts';
import { emptyParams, hasParam, paramValue, type Params } from '../params.ts';
import type { ApiVersion } from '../versions.ts';

/** The key that names the operation: action in v1, action_trans in v2 (docs/interface.md › Endpoints). */
export const KV_ACTION_KEY: Readonly<Record<ApiVersion, 'action' | 'action_trans'>> = {
  v1: 'action',
  v2: 'action_trans',
};

/** The key naming the sub-action when the action is admin (libmonetra legacy admin actions). */
const KV_ADMIN_KEY = 'admin';

/** How the key/value protocol names one operation: the action value, and admin's sub-action. */
export interface KvAction {
  readonly op: OperationName;
  /** The value written; read in any case. */
  readonly action: string;
  /** Other values read as the same operation. */
  readonly aliases: readonly string[];
  /** The admin sub-action when action is admin; read in any case. */
  readonly admin?: string;
  /** Other admin sub-actions read as the same operation. */
  readonly adminAliases?: readonly string[];
  readonly versions: readonly ApiVersion[];
}

const BOTH: readonly ApiVersion[] = ['v1', 'v2'];

function act(op: OperationName, action: string, extra: Partial<KvAction> = {}): KvAction {
  return { op, action, aliases: [], versions: BOTH, ...extra };
}

function admin(op: OperationName, sub: string, adminAliases: readonly string[] = []): KvAction {
  return act(op, 'admin', { admin: sub, adminAliases });
}

/**
 * Every operation's key/value name (docs/interface.md › Endpoints; libmonetra action constants): action values,
 * refund written return (refund and credit also read), preauthcomplete also read as force (the C
 * library's legacy M_TransParam API), chkpwd (libmonetra's action list), reports and details as
 * admin sub-actions (GFT failed, GUT unsettled, GL settled, BT open batches, also read as UB,
 * "unsettled batches"; trandetail, SBT settled batches and mfacookie are LaneTerm's).
 */
export const KV_ACTIONS: readonly KvAction[] = [
  act('sale', 'sale'),
  act('preauth', 'preauth'),
  act('preauthcomplete', 'preauthcomplete', { aliases: ['force'] }),
  act('capture', 'capture'),
  act('incremental', 'incremental', { versions: ['v2'] }),
  act('adjust', 'adjust'),
  act('reversal', 'reversal'),
  act('void', 'void'),
  act('refund', 'return', { aliases: ['refund', 'credit'] }),
  act('balanceinq', 'balanceinq'),
  act('cardtype', 'cardtype'),
  act('activate', 'activate'),
  act('issue', 'issue'),
  act('cashout', 'cashout'),
  act('merchreturn', 'merchreturn'),
  act('settle', 'settle'),
  admin('trandetail', 'trandetail'),
  admin('report_failed', 'GFT'),
  admin('report_unsettled', 'GUT'),
  admin('report_settled', 'GL'),
  admin('report_batches', 'BT', ['UB']),
  admin('report_settled_batches', 'SBT'),
  admin('mfa_cookie', 'mfacookie'),
  act('chkpwd', 'chkpwd'),
  admin('ticket_session', 'ticketsession'),
];

/**
 * The pairs that name an operation in a version, e.g. { action: "sale" } in v1 or
 * { action_trans: "admin", admin: "GUT" } in v2. Throws 'wrong_version' for incremental in v1.
 */
export function kvActionFor(op: OperationName, version: ApiVersion): Params {
  const entry = KV_ACTIONS.find((a) => a.op === op);
  const key = KV_ACTION_KEY[version];
  if (entry === undefined || !entry.versions.includes(version)) {
    throw fieldError(
      'wrong_version',
      key,
      'kv.action_version',
      `${op} is not offered by ${version}`,
    );
  }
  const pairs = emptyParams();
  pairs[key] = entry.action;
  if (entry.admin !== undefined) pairs[KV_ADMIN_KEY] = entry.admin;
  return pairs;
}

function findEntry(key: string, value: string, params: Params): KvAction {
  const action = value.toLowerCase();
  const named = KV_ACTIONS.filter((a) => a.action === action || a.aliases.includes(action));
  if (named.length === 0) {
    throw fieldError('invalid', key, 'kv.action_unknown', 'not an action of the interface');
  }
  if (action !== 'admin') return named[0] as KvAction;
  const sub = paramValue(params, KV_ADMIN_KEY);
  if (sub === undefined || sub === '') {
    throw fieldError(
      'missing',
      KV_ADMIN_KEY,
      'kv.admin_missing',
      'required when the action is admin',
    );
  }
  const wanted = sub.toLowerCase();
  const entry = named.find((a) =>
    [a.admin ?? '', ...(a.adminAliases ?? [])].some((name) => name.toLowerCase() === wanted),
  );
  if (entry === undefined) {
    throw fieldError(
      'invalid',
      KV_ADMIN_KEY,
      'kv.admin_unknown',
      'not an admin action of the interface',
    );
  }
  return entry;
}

/**
 * The operation and version a key/value request names, from its lower-case keys: action means
 * v1, action_trans v2; values and admin sub-actions in any case. Throws ProtocolError naming
 * action/action_trans when both or neither are sent, or the value is unknown or not in that
 * version, and admin when it is missing or unknown. Never echoes the value.
 */
export function operationFromKv(params: Params): { op: OperationName; version: ApiVersion } {
  const v1 = hasParam(params, KV_ACTION_KEY.v1);
  const v2 = hasParam(params, KV_ACTION_KEY.v2);
  if (v1 && v2) {
    throw fieldError(
      'exclusive',
      'action_trans',
      'kv.action_exclusive',
      'send action (v1) or action_trans (v2), not both',
    );
  }
  if (!v1 && !v2) {
    throw fieldError(
      'missing',
      'action',
      'kv.action_missing',
      'action (v1) or action_trans (v2) is required',
    );
  }
  const version: ApiVersion = v1 ? 'v1' : 'v2';
  const key = KV_ACTION_KEY[version];
  const entry = findEntry(key, params[key] ?? '', params);
  if (!entry.versions.includes(version)) {
    throw fieldError(
      'wrong_version',
      key,
      'kv.action_version',
      `${entry.op} is offered by v2 only (action_trans)`,
    );
  }
  return { op: entry.op, version };
}
