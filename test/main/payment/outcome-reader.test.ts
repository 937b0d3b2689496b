import { describe, expect, it } from 'vitest';
import { readKvAnswer, readRestAnswer } from '../../../main/payment/answer-reader.ts';
import {
  readReport,
  readResult,
  type AnswerContext,
} from '../../../main/payment/outcome-reader.ts';
import type { TransportKind, WireAnswer } from '../../../main/payment/transport.ts';

const APPROVAL = {
  code: 'AUTH',
  msoft_code: 'INT_SUCCESS',
  phard_code: 'SUCCESS',
  verbiage: 'APPROVED',
  authamount: '10.00',
};
const DECLINE = {
  code: 'DENY',
  msoft_code: 'INT_SUCCESS',
  phard_code: 'GENERICFAIL',
  verbiage: 'DECLINE',
};
const MERCHANT_RULE = { code: 'DENY', msoft_code: 'MERCH_FRAUDRULE', verbiage: 'FRAUD RULE' };
const BAD_REQUEST = {
  code: 'DENY',
  msoft_code: 'DATA_INVALIDFIELD',
  verbiage: 'amount: must be above 0',
};

function context(transport: TransportKind, requestedAmount?: string): AnswerContext {
  return { op: 'sale', transport, orderId: 'o-1', ttid: undefined, requestedAmount };
}

function pairs(values: Record<string, string>, status?: number): WireAnswer {
  return status === undefined
    ? { kind: 'pairs', pairs: values }
    : { kind: 'pairs', pairs: values, status };
}

describe('readResult, REST v2 (docs/interface.md › Errors §2)', () => {
  it.each([
    [200, APPROVAL, 'approved'],
    [402, DECLINE, 'declined_processor'],
    [402, MERCHANT_RULE, 'declined_service'],
    [400, BAD_REQUEST, 'declined_service'],
    [503, { code: 'DENY', msoft_code: 'SYS_UNAVAILABLE', verbiage: 'down' }, 'declined_service'],
    [401, {}, 'declined_service'],
  ])('HTTP %i → %s', (status, body, outcome) => {
    expect(readResult(context('v2'), pairs(body, status)).outcome).toBe(outcome);
  });

  it('reads a 200 with authamount below the amount asked as a partial approval', () => {
    const result = readResult(context('v2', '12.00'), pairs(APPROVAL, 200));
    expect(result.outcome).toBe('partial');
    if (result.outcome === 'partial') expect(result.response.authAmount).toBe(1000);
  });

  it('never reads an answer without a result as a decline: unknown', () => {
    const result = readResult(context('v2'), pairs({ message: 'Bad Gateway' }, 502));
    expect(result.outcome).toBe('unknown');
    if (result.outcome === 'unknown') {
      expect(result.reason).toBe('unreadable_answer');
      expect(result.orderId).toBe('o-1');
      expect(result.httpStatus).toBe(502);
    }
  });
});

describe('readResult, REST v1 and key/value (docs/interface.md › Errors §1, §3)', () => {
  it.each(['v1', 'kv'] as const)(
    '%s reads the body: approval, decline, service decline',
    (transport) => {
      const status = transport === 'v1' ? 200 : undefined;
      expect(readResult(context(transport), pairs(APPROVAL, status)).outcome).toBe('approved');
      expect(readResult(context(transport), pairs(DECLINE, status)).outcome).toBe(
        'declined_processor',
      );
      expect(readResult(context(transport), pairs(BAD_REQUEST, status)).outcome).toBe(
        'declined_service',
      );
      expect(readResult(context(transport, '20.00'), pairs(APPROVAL, status)).outcome).toBe(
        'partial',
      );
    },
  );

  it('reads v1 200 with code CALL as a processor decline, and 401 as a service decline', () => {
    expect(
      readResult(context('v1'), pairs({ code: 'CALL', msoft_code: 'INT_SUCCESS' }, 200)).outcome,
    ).toBe('declined_processor');
    expect(readResult(context('v1'), pairs({}, 401)).outcome).toBe('declined_service');
  });

  it('reads an unreadable authamount on an approval as unknown, not approved', () => {
    const result = readResult(context('kv', '5.00'), pairs({ ...APPROVAL, authamount: 'lots' }));
    expect(result.outcome).toBe('unknown');
  });

  it('keeps every raw pair of the answer', () => {
    const result = readResult(
      context('kv'),
      pairs({ ...APPROVAL, rcpt_entry_mode: 'S', custom_x: '1' }),
    );
    if (result.outcome === 'unknown') throw new Error('expected an answer');
    expect(result.response.pairs.custom_x).toBe('1');
    expect(result.response.receipt).toEqual({ rcpt_entry_mode: 'S' });
  });
});

describe('readReport (docs/interface.md › Errors §4)', () => {
  const reportContext: AnswerContext = { ...context('v2'), op: 'report_failed' };

  it('gives rows for report data over REST (JSON) and key/value (CSV)', () => {
    const json = readReport(
      reportContext,
      readRestAnswer('report_failed', 200, '{"report":[{"ttid":"1","amount":"6.01"}]}'),
    );
    expect(json).toMatchObject({ outcome: 'report', format: 'json', columns: ['ttid', 'amount'] });
    const csv = readReport(
      reportContext,
      readKvAnswer('report_failed', Buffer.from('ttid,amount\n1,6.01\n')),
    );
    expect(csv).toMatchObject({
      outcome: 'report',
      format: 'csv',
      rows: [{ ttid: '1', amount: '6.01' }],
    });
  });

  it('reads key/value pairs as a failed report, and anything else as unknown', () => {
    const failed = readReport(
      reportContext,
      readKvAnswer(
        'report_failed',
        Buffer.from('code="DENY"\r\nmsoft_code="ACCT_PERMISSION"\r\nverbiage="no"\r\n'),
      ),
    );
    expect(failed.outcome).toBe('declined_service');
    const refused = readReport(
      reportContext,
      readRestAnswer('report_failed', 200, '{"report":[],"code":"DENY","verbiage":"x"}'),
    );
    expect(refused.outcome).toBe('declined_service');
    expect(readReport(reportContext, readRestAnswer('report_failed', 200, '<html>')).outcome).toBe(
      'unknown',
    );
  });
});

describe('answer readers', () => {
  it('lower-cases keys of key/value answers (keys are case-insensitive in libmonetra)', () => {
    const answer = readKvAnswer('sale', Buffer.from('Code=AUTH\nMSoft_Code=INT_SUCCESS\n'));
    expect(answer).toEqual({
      kind: 'pairs',
      pairs: expect.objectContaining({ code: 'AUTH', msoft_code: 'INT_SUCCESS' }) as unknown,
    });
  });

  it('cannot read nested REST values, broken JSON or bulk data where pairs are expected', () => {
    expect(readRestAnswer('sale', 200, '{"code":{"x":"1"}}').kind).toBe('unreadable');
    expect(readRestAnswer('sale', 200, '{"code":').kind).toBe('unreadable');
    expect(readKvAnswer('sale', Buffer.from('{"code":"AUTH"}')).kind).toBe('unreadable');
  });
});
