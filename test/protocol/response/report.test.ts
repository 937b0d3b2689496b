import { describe, expect, it } from 'vitest';
import { decodeResponseBody } from '../../../protocol/kv/index.ts';
import { reportSucceeded, verbiageFor } from '../../../protocol/response/index.ts';

describe('reportSucceeded over the key/value protocol', () => {
  it.each([
    ['a CSV report', 'ttid,amount\n96,12.00\n', true],
    ['a CSV report without rows', 'ttid,amount\n', true],
    ['JSON report data (bulk)', '{"report":[]}', true],
    ['a failure as pairs', 'code="DENY"\r\nverbiage="PERMISSION DENIED"\r\n', false],
    ['pairs that claim success', 'code=SUCCESS\n', false],
    ['an empty body', '', false],
  ] as const)('%s: %s', (_label, body, expected) => {
    expect(reportSucceeded(decodeResponseBody(body))).toBe(expected);
  });
});

describe('reportSucceeded over REST', () => {
  it.each([
    ['report rows', { report: [{ amount: '1.00' }] }, true],
    ['an empty report', { report: [] }, true],
    ['report with a success code', { report: [], code: 'SUCCESS' }, true],
    ['failure pairs', { code: 'DENY', verbiage: 'ACCESS DENIED' }, false],
    ['report with a failure code', { report: [], code: 'DENY' }, false],
    ['report that is not an array', { report: 'x' }, false],
    ['a bare array', [{ amount: '1.00' }], false],
    ['null', null, false],
    ['a non-string code', { report: [], code: 7 }, false],
  ] as const)('%s: %s', (_label, value, expected) => {
    expect(reportSucceeded({ kind: 'json', value })).toBe(expected);
  });
});

describe('verbiageFor', () => {
  it.each([
    ['DUPL', 'DUPLICATE TRANS'],
    ['CALL', 'CALL PROCESSOR'],
    ['PKUP', 'PICKUP CARD'],
    ['pkup', 'PICKUP CARD'],
    ['AUTH', 'APPROVED'],
    ['DENY', 'DECLINE'],
    ['RETRY', 'RETRY'],
    ['SETUP', 'SETUP'],
    ['TIMEOUT', 'TIMEOUT'],
    ['SUCCESS', 'SUCCESS'],
    ['FAIL', 'FAIL'],
  ] as const)('%s reads %s', (code, text) => {
    expect(verbiageFor(code)).toBe(text);
  });

  it.each(['', 'MAYBE', 'constructor', '__proto__'])('has no text for %j', (code) => {
    expect(verbiageFor(code)).toBeUndefined();
  });
});
