import { describe, expect, it } from 'vitest';
import { OPERATIONS, type OperationName } from '../../../protocol/operations.ts';
import type { ApiVersion } from '../../../protocol/versions.ts';
import {
  REST_ROUTES,
  matchRestRoute,
  restBasePath,
  restRouteFor,
  type RestMethod,
} from '../../../protocol/routes/index.ts';

type Row = [
  op: OperationName,
  params: Record<string, string>,
  method: RestMethod,
  path: string,
  paramsIn: 'body' | 'query',
];

/** Every route, as a client addresses it: operation and parameters → method and filled path. */
const rows: Row[] = [
  ['sale', { amount: '1.00' }, 'POST', 'transaction/purchase', 'body'],
  ['preauth', { amount: '1.00' }, 'POST', 'transaction/preauth', 'body'],
  ['preauthcomplete', { ttid: '96' }, 'PATCH', 'transaction/96/complete', 'body'],
  ['capture', { ttid: '96' }, 'PATCH', 'transaction/96/capture', 'body'],
  ['adjust', { ttid: '96', tax: '1.00' }, 'PATCH', 'transaction/96', 'body'],
  ['void', { ttid: '96' }, 'DELETE', 'transaction/96/void', 'query'],
  ['reversal', { ttid: '96', amount: '2.00' }, 'DELETE', 'transaction/96', 'query'],
  ['refund', { ttid: '96', amount: '2.00' }, 'POST', 'transaction/96/refund', 'body'],
  ['refund', { amount: '2.00' }, 'POST', 'transaction/refund', 'body'],
  ['trandetail', { ttid: '96' }, 'GET', 'transaction/96', 'query'],
  ['trandetail', { order_id: 'A1' }, 'GET', 'transaction/order/A1/payment', 'query'],
  [
    'trandetail',
    { order_id: 'A1', payment_id: 'P2' },
    'GET',
    'transaction/order/A1/payment/P2',
    'query',
  ],
  ['cardtype', {}, 'POST', 'transaction/cardtype', 'body'],
  ['balanceinq', {}, 'POST', 'transaction/balance', 'body'],
  ['activate', {}, 'POST', 'transaction/gift/activate', 'body'],
  ['issue', {}, 'POST', 'transaction/gift/issue', 'body'],
  ['cashout', {}, 'POST', 'transaction/gift/cashout', 'body'],
  ['merchreturn', {}, 'POST', 'transaction/gift/merchreturn', 'body'],
  ['report_failed', {}, 'GET', 'report/failed', 'query'],
  ['report_unsettled', {}, 'GET', 'report/unsettled', 'query'],
  ['report_settled', {}, 'GET', 'report/settled', 'query'],
  ['report_batches', {}, 'GET', 'report/batches', 'query'],
  ['report_settled_batches', {}, 'GET', 'report/batches/settled', 'query'],
  ['settle', {}, 'POST', 'batch/settle', 'body'],
  ['mfa_cookie', {}, 'POST', 'user/mfa/cookie', 'body'],
  ['chkpwd', {}, 'GET', 'user/chkpwd', 'query'],
  ['ticket_session', {}, 'POST', 'cardentry/session', 'body'],
];

describe.each(['v1', 'v2'] as const)('REST addressing in %s', (version: ApiVersion) => {
  it.each(rows)('%s %j → %s %s', (op, params, method, path, paramsIn) => {
    const address = restRouteFor(op, version, params);
    expect(address.route.method).toBe(method);
    expect(address.path).toBe(path);
    expect(address.route.paramsIn).toBe(paramsIn);
  });

  it.each(rows)('%s %j ← %s %s', (op, _params, method, path) => {
    expect(matchRestRoute(method, path, version)?.route.op).toBe(op);
    expect(matchRestRoute(method, `/${path}`, version)?.route.op).toBe(op);
  });
});

describe('restRouteFor', () => {
  it('sends incremental to v2 only', () => {
    expect(restRouteFor('incremental', 'v2', { ttid: '5', amount: '9.00' }).path).toBe(
      'transaction/5/incremental',
    );
    expect(() => restRouteFor('incremental', 'v1', { ttid: '5' })).toThrowError(
      expect.objectContaining({ kind: 'wrong_version', rule: 'route.version' }),
    );
  });

  it('uses the same purchase and preauth routes for a v2 duplicate (ttid in the body)', () => {
    const address = restRouteFor('sale', 'v2', { ttid: '96', amount: '3.00' });
    expect(address.path).toBe('transaction/purchase');
    expect(address.params).toEqual({ ttid: '96', amount: '3.00' });
    expect(restRouteFor('preauth', 'v2', { ttid: '96' }).path).toBe('transaction/preauth');
  });

  it('takes path parameters out of the parameters it leaves', () => {
    const address = restRouteFor('trandetail', 'v1', {
      order_id: 'A1',
      payment_id: 'P2',
      rcpt: 'yes',
    });
    expect(address.params).toEqual({ rcpt: 'yes' });
    expect(
      restRouteFor('reversal', 'v2', { ttid: '7', amount: '1.00', profile_id: '3' }).params,
    ).toEqual({ amount: '1.00', profile_id: '3' });
  });

  it('prefers the order route when both order_id and ttid are sent', () => {
    expect(restRouteFor('trandetail', 'v1', { order_id: 'A1', ttid: '96' }).path).toBe(
      'transaction/order/A1/payment',
    );
  });

  it('ignores payment_id without order_id', () => {
    expect(restRouteFor('trandetail', 'v2', { ttid: '96', payment_id: 'P' }).path).toBe(
      'transaction/96',
    );
  });

  it('encodes path values', () => {
    expect(restRouteFor('trandetail', 'v2', { order_id: 'a/b c', payment_id: '?' }).path).toBe(
      'transaction/order/a%2Fb%20c/payment/%3F',
    );
  });

  it.each([
    ['capture', {}, 'ttid'],
    ['capture', { ttid: '' }, 'ttid'],
    ['trandetail', {}, 'ttid'],
    ['trandetail', { payment_id: 'P' }, 'ttid'],
    ['void', { order_id: 'A' }, 'ttid'],
  ] as const)('%s with %j is missing %s', (op, params, field) => {
    expect(() => restRouteFor(op, 'v2', params)).toThrowError(
      expect.objectContaining({ kind: 'missing', field, rule: 'route.path_param' }),
    );
  });
});

describe('matchRestRoute', () => {
  it('decodes path parameters', () => {
    const match = matchRestRoute('GET', 'transaction/order/a%2Fb%20c/payment/%3F', 'v2');
    expect(match?.route.op).toBe('trandetail');
    expect(match?.pathParams).toEqual({ order_id: 'a/b c', payment_id: '?' });
  });

  it('prefers static segments over placeholders', () => {
    expect(matchRestRoute('POST', 'transaction/refund', 'v1')?.route.path).toBe(
      'transaction/refund',
    );
    expect(matchRestRoute('GET', 'transaction/order', 'v1')?.pathParams).toEqual({
      ttid: 'order',
    });
  });

  it.each([
    ['PATCH', 'transaction/5/incremental', 'v1'],
    ['GET', 'transaction/purchase/extra/more', 'v2'],
    ['POST', 'transaction/5', 'v2'],
    ['GET', 'transaction/', 'v2'],
    ['GET', 'transaction/%E0%A4%A', 'v2'],
    ['GET', 'vault/account/tok', 'v2'],
  ] as const)('finds nothing for %s %s in %s', (method, path, version) => {
    expect(matchRestRoute(method, path, version)).toBeUndefined();
  });
});

describe('REST_ROUTES', () => {
  it('gives every operation a route in v2, and all but incremental in v1', () => {
    for (const op of OPERATIONS) {
      expect(REST_ROUTES.some((r) => r.op === op && r.versions.includes('v2'))).toBe(true);
      expect(REST_ROUTES.some((r) => r.op === op && r.versions.includes('v1'))).toBe(
        op !== 'incremental',
      );
    }
  });

  it('has one route per method and path, all covered by the rows above', () => {
    const keys = REST_ROUTES.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(REST_ROUTES).toHaveLength(rows.length + 1);
  });

  it('puts the version in the prefix', () => {
    expect(restBasePath('v1')).toBe('/api/v1');
    expect(restBasePath('v2')).toBe('/api/v2');
  });
});
