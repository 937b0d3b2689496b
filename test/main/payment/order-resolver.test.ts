import { describe, expect, it } from 'vitest';
import type { LateState } from '../../../main/payment/late-answers.ts';
import { inProgress, resolution } from '../../../main/payment/order-resolver.ts';
import { PaymentResponse } from '../../../main/payment/payment-response.ts';
import type { PreparedRequest } from '../../../main/payment/request-builder.ts';
import type { PaymentResult } from '../../../main/payment/results.ts';

const ORDER = 'order-7';

function lookup(
  outcome: 'approved' | 'declined_service',
  pairs: Record<string, string>,
): PaymentResult {
  const base = {
    operation: 'trandetail',
    transport: 'v2',
    orderId: undefined,
    httpStatus: 200,
  } as const;
  return { ...base, outcome, response: new PaymentResponse(pairs) };
}

const NOT_FOUND = lookup('declined_service', {
  code: 'DENY',
  msoft_code: 'DATA_RECORDNOTFOUND',
  verbiage: 'order_id: no such order',
});
const FOUND_APPROVED = lookup('approved', {
  code: 'AUTH',
  msoft_code: 'INT_SUCCESS',
  ttid: '9',
  orig_code: 'AUTH',
  orig_msoft_code: 'INT_SUCCESS',
  orig_phard_code: 'SUCCESS',
  txnstatus: 'APPROVED',
});
const FOUND_DECLINED = lookup('approved', {
  code: 'AUTH',
  msoft_code: 'INT_SUCCESS',
  ttid: '10',
  orig_code: 'DENY',
  orig_msoft_code: 'INT_SUCCESS',
  orig_phard_code: 'GENERICFAIL',
});
const request: PreparedRequest = {
  op: 'sale',
  params: { amount: '8.05', order_id: ORDER },
  orderId: ORDER,
  ttid: undefined,
  requestedAmount: '8.05',
};

describe('resolution', () => {
  it('reads a found order by its original result', () => {
    expect(resolution(ORDER, undefined, FOUND_APPROVED, 'v2')).toMatchObject({
      status: 'approved',
      ttid: '9',
    });
    expect(resolution(ORDER, undefined, FOUND_DECLINED, 'v2')).toMatchObject({
      status: 'declined',
      ttid: '10',
    });
  });

  it('falls back on txnstatus when the original result is not given, and stays unknown without either', () => {
    const byStatus = lookup('approved', { code: 'AUTH', ttid: '3', txnstatus: 'DECLINED' });
    expect(resolution(ORDER, undefined, byStatus, 'kv').status).toBe('declined');
    const bare = lookup('approved', { code: 'AUTH', ttid: '3' });
    expect(resolution(ORDER, undefined, bare, 'kv').status).toBe('unknown');
  });

  it('reads DATA_RECORDNOTFOUND as not found — not charged', () => {
    expect(resolution(ORDER, undefined, NOT_FOUND, 'v1')).toEqual({
      status: 'not_found',
      orderId: ORDER,
    });
  });

  it('keeps an order unknown while the service says its transaction is in progress', () => {
    const inProgressLookup = lookup('approved', {
      code: 'AUTH',
      msoft_code: 'INT_SUCCESS',
      verbiage: 'IN PROGRESS: the transaction is waiting for its outcome; look it up again',
      txnstatus: 'INPROGRESS',
      order_id: ORDER,
      trans: '9',
    });
    expect(inProgress(inProgressLookup)).toBe(true);
    expect(inProgress(FOUND_APPROVED)).toBe(false);
    expect(inProgress(NOT_FOUND)).toBe(false);
    expect(resolution(ORDER, undefined, inProgressLookup, 'v2')).toEqual({
      status: 'unknown',
      orderId: ORDER,
      detail: "the service is still running the order's transaction (txnstatus INPROGRESS)",
    });
    const known = { knownTtids: ['9'] };
    expect(resolution(ORDER, undefined, inProgressLookup, 'kv', known).status).toBe('unknown');
  });

  it('keeps an order unknown while its own request is still waiting for an answer', () => {
    const waiting: LateState = { state: 'waiting', request };
    expect(resolution(ORDER, waiting, NOT_FOUND, 'v2').status).toBe('unknown');
    expect(resolution(ORDER, waiting, FOUND_APPROVED, 'v2').status).toBe('approved');
  });

  it('prefers a late answer the client caught after the deadline', () => {
    const pairs = { code: 'AUTH', msoft_code: 'INT_SUCCESS', phard_code: 'SUCCESS', ttid: '11' };
    const late: LateState = {
      state: 'answered',
      request,
      answer: { kind: 'pairs', pairs, status: 200 },
    };
    expect(resolution(ORDER, late, NOT_FOUND, 'v2')).toMatchObject({
      status: 'approved',
      ttid: '11',
    });
    const declined: LateState = {
      ...late,
      answer: { kind: 'pairs', pairs: { ...pairs, code: 'DENY' } },
    };
    expect(resolution(ORDER, declined, NOT_FOUND, 'kv').status).toBe('declined');
  });

  it('stays unknown when the lookup itself failed, was refused, or got no answer', () => {
    expect(resolution(ORDER, undefined, new Error('connection refused'), 'v2').status).toBe(
      'unknown',
    );
    const refused = lookup('declined_service', { code: 'DENY', msoft_code: 'ACCT_AUTHFAIL' });
    expect(resolution(ORDER, undefined, refused, 'v2').status).toBe('unknown');
    const silent: PaymentResult = {
      outcome: 'unknown',
      operation: 'trandetail',
      transport: 'v2',
      reason: 'deadline',
      detail: 'no answer',
      orderId: undefined,
      ttid: undefined,
      httpStatus: undefined,
    };
    expect(resolution(ORDER, undefined, silent, 'v2').status).toBe('unknown');
  });

  it('reads an order whose newest transaction the lane already knows as not found', () => {
    expect(resolution(ORDER, undefined, FOUND_APPROVED, 'v2', { knownTtids: ['9'] }).status).toBe(
      'not_found',
    );
  });
});
