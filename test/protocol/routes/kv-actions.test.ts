import { describe, expect, it } from 'vitest';
import { OPERATIONS, type OperationName } from '../../../protocol/operations.ts';
import {
  KV_ACTIONS,
  KV_ACTION_KEY,
  kvActionFor,
  operationFromKv,
} from '../../../protocol/routes/index.ts';

type Row = [op: OperationName, action: string, admin: string | undefined];

const rows: Row[] = [
  ['sale', 'sale', undefined],
  ['preauth', 'preauth', undefined],
  ['preauthcomplete', 'preauthcomplete', undefined],
  ['capture', 'capture', undefined],
  ['adjust', 'adjust', undefined],
  ['reversal', 'reversal', undefined],
  ['void', 'void', undefined],
  ['refund', 'return', undefined],
  ['balanceinq', 'balanceinq', undefined],
  ['cardtype', 'cardtype', undefined],
  ['activate', 'activate', undefined],
  ['issue', 'issue', undefined],
  ['cashout', 'cashout', undefined],
  ['merchreturn', 'merchreturn', undefined],
  ['settle', 'settle', undefined],
  ['trandetail', 'admin', 'trandetail'],
  ['report_failed', 'admin', 'GFT'],
  ['report_unsettled', 'admin', 'GUT'],
  ['report_settled', 'admin', 'GL'],
  ['report_batches', 'admin', 'BT'],
  ['report_settled_batches', 'admin', 'SBT'],
  ['mfa_cookie', 'admin', 'mfacookie'],
  ['chkpwd', 'chkpwd', undefined],
  ['ticket_session', 'admin', 'ticketsession'],
];

const expectedPairs = (key: string, action: string, admin?: string): Record<string, string> =>
  admin === undefined ? { [key]: action } : { [key]: action, admin };

describe.each([
  ['v1', 'action'],
  ['v2', 'action_trans'],
] as const)('key/value actions in %s (key %s)', (version, key) => {
  it.each(rows)('%s → %s %s', (op, action, admin) => {
    expect({ ...kvActionFor(op, version) }).toEqual(expectedPairs(key, action, admin));
  });

  it.each(rows)('%s ← %s %s', (op, action, admin) => {
    expect(operationFromKv(expectedPairs(key, action, admin))).toEqual({ op, version });
  });

  it.each(rows)('%s ← %s %s in other cases', (op, action, admin) => {
    const pairs = expectedPairs(key, action.toUpperCase(), admin?.toLowerCase());
    expect(operationFromKv(pairs)).toEqual({ op, version });
  });

  it.each(['refund', 'credit', 'RETURN', 'Credit'])('reads %s as refund', (action) => {
    expect(operationFromKv({ [key]: action, amount: '1.00' })).toEqual({ op: 'refund', version });
  });

  it.each(['force', 'FORCE'])('reads %s as preauthcomplete (the C API legacy name)', (action) => {
    const pairs = { [key]: action, ttid: '96', amount: '1.00' };
    expect(operationFromKv(pairs)).toEqual({ op: 'preauthcomplete', version });
  });

  it.each(['UB', 'ub'])('reads admin %s, unsettled batches, as the open batches report', (sub) => {
    expect(operationFromKv({ [key]: 'admin', admin: sub })).toEqual({
      op: 'report_batches',
      version,
    });
  });
});

describe('incremental', () => {
  it('is named by action_trans in v2', () => {
    expect({ ...kvActionFor('incremental', 'v2') }).toEqual({ action_trans: 'incremental' });
    expect(operationFromKv({ action_trans: 'incremental' })).toEqual({
      op: 'incremental',
      version: 'v2',
    });
  });

  it('is refused in v1, both ways', () => {
    const wrongVersion = expect.objectContaining({
      kind: 'wrong_version',
      field: 'action',
      rule: 'kv.action_version',
    });
    expect(() => kvActionFor('incremental', 'v1')).toThrowError(wrongVersion);
    expect(() => operationFromKv({ action: 'incremental' })).toThrowError(wrongVersion);
  });
});

describe('operationFromKv errors', () => {
  it.each([
    [{ action: 'sale', action_trans: 'sale' }, 'exclusive', 'action_trans', 'kv.action_exclusive'],
    [{ amount: '1.00' }, 'missing', 'action', 'kv.action_missing'],
    [{ action: 'ping' }, 'invalid', 'action', 'kv.action_unknown'],
    [{ action: 'forcesettle' }, 'invalid', 'action', 'kv.action_unknown'],
    [{ action: '' }, 'invalid', 'action', 'kv.action_unknown'],
    [{ action_trans: '4111111111111111' }, 'invalid', 'action_trans', 'kv.action_unknown'],
    [{ action: 'admin' }, 'missing', 'admin', 'kv.admin_missing'],
    [{ action_trans: 'admin', admin: '' }, 'missing', 'admin', 'kv.admin_missing'],
    [{ action: 'admin', admin: 'QC' }, 'invalid', 'admin', 'kv.admin_unknown'],
    [{ action: 'admin', admin: '4111111111111111' }, 'invalid', 'admin', 'kv.admin_unknown'],
  ] as const)('%j: %s %s', (params, kind, field, rule) => {
    const attempt = (): unknown => operationFromKv(params);
    expect(attempt).toThrowError(expect.objectContaining({ kind, field, rule }));
    expect(attempt).not.toThrowError(/4111|forcesettle|ping|QC/);
  });
});

describe('KV_ACTIONS', () => {
  it('names every operation exactly once', () => {
    expect(KV_ACTIONS.map((a) => a.op).sort()).toEqual([...OPERATIONS].sort());
    expect(rows.length + 1).toBe(OPERATIONS.length);
  });

  it('names the action key by version', () => {
    expect(KV_ACTION_KEY).toEqual({ v1: 'action', v2: 'action_trans' });
  });
});
