import { describe, expect, it } from 'vitest';
import { decodePairs, encodePairs } from '../../../protocol/index.ts';
import { encodeKvAnswer } from '../../../server/kv/kv-answer.ts';

describe('encodeKvAnswer', () => {
  it('writes pairs that lead with code in their own order', () => {
    const pairs = { code: 'AUTH', msoft_code: 'INT_SUCCESS', verbiage: 'APPROVED', ttid: '7' };
    const body = encodeKvAnswer({ kind: 'response', pairs });
    expect(body).toBe(
      'code="AUTH"\r\nmsoft_code="INT_SUCCESS"\r\nverbiage="APPROVED"\r\nttid="7"\r\n',
    );
  });

  it('moves code first when other pairs come before it, keeping the rest in order', () => {
    const pairs = { note: 'x', code: 'DENY', verbiage: 'no' };
    const body = encodeKvAnswer({ kind: 'response', pairs });
    expect(decodePairs(body)).toEqual([
      ['code', 'DENY'],
      ['note', 'x'],
      ['verbiage', 'no'],
    ]);
  });

  it('writes pairs without code as they are, prototype-free ones included', () => {
    const pairs = Object.assign(Object.create(null) as Record<string, string>, { a: '1', b: '' });
    expect(encodeKvAnswer({ kind: 'response', pairs })).toBe(
      encodePairs([
        ['a', '1'],
        ['b', ''],
      ]),
    );
  });
});
