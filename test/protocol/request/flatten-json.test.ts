import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasParam } from '../../../protocol/params.ts';
import { flattenJsonBody } from '../../../protocol/request/normalise.ts';
import { expectProtocolError } from '../rules/expect-error.ts';

describe('flattenJsonBody', () => {
  it('moves every pair of every group to the top level, whatever the group is called', () => {
    const params = flattenJsonBody({
      account_data: { cardshieldticket: 'T1', cardholdername: 'A B' },
      money: { amount: '12.00', tax: 'NT' },
      whatever: { laneid: '4' },
      nsf: 'yes',
    });
    expect({ ...params }).toEqual({
      cardshieldticket: 'T1',
      cardholdername: 'A B',
      amount: '12.00',
      tax: 'NT',
      laneid: '4',
      nsf: 'yes',
    });
  });

  it('keeps an empty value as a present, empty value', () => {
    const params = flattenJsonBody({ verification: { zip: '' } });
    expect(hasParam(params, 'zip')).toBe(true);
    expect(params.zip).toBe('');
    expect(hasParam(params, 'street')).toBe(false);
  });

  it('takes the same key twice with the same value', () => {
    expect({ ...flattenJsonBody({ amount: '5.00', money: { amount: '5.00' } }) }).toEqual({
      amount: '5.00',
    });
  });

  it('refuses the same key twice with different values, without echoing either', () => {
    const error = expectProtocolError(
      () =>
        flattenJsonBody({
          account_data: { account: '4111111111111111' },
          other: { account: '5454545454545454' },
        }),
      { kind: 'conflicting_values', field: 'account', rule: 'value.conflict' },
    );
    expect(error.verbiage).toBe('account: sent twice with different values');
    expect(error.verbiage).not.toMatch(/\d{6}/);
  });

  it('refuses a control character in a value, at the top level or in a group', () => {
    expectProtocolError(() => flattenJsonBody({ custref: 'r\u0003x' }), {
      kind: 'invalid',
      field: 'custref',
      rule: 'value.control',
    });
    const error = expectProtocolError(() => flattenJsonBody({ lane: { comments: 'a\u0000b' } }), {
      kind: 'invalid',
      field: 'comments',
      rule: 'value.control',
    });
    expect(error.verbiage).toBe('comments: must not hold control characters (only tab, CR and LF)');
  });

  it.each([
    ['a number', { amount: 12 }, 'amount'],
    ['a boolean', { nsf: true }, 'nsf'],
    ['null', { zip: null }, 'zip'],
    ['an array', { excharges: ['GIFT', 'MINI'] }, 'excharges'],
    ['an object inside a group', { money: { amount: { value: '1' } } }, 'amount'],
    ['an array inside a group', { lodging: { excharges: [] } }, 'excharges'],
    ['a number inside a group', { money: { tax: 0 } }, 'tax'],
  ])('refuses %s naming the key', (_name, body, field) => {
    expectProtocolError(() => flattenJsonBody(body), {
      kind: 'not_a_string',
      field,
      rule: 'value.string',
    });
  });

  it.each([[[]], ['amount=1'], [null], [42], [undefined]])('refuses a body of %j', (body) => {
    expectProtocolError(() => flattenJsonBody(body), {
      kind: 'framing',
      field: undefined,
      rule: 'body.object',
    });
  });

  it('names a key with control characters or of great length as "parameter"', () => {
    for (const key of ['\u0002amount\u0003', 'k'.repeat(65)]) {
      const error = expectProtocolError(() => flattenJsonBody({ [key]: 1 }), {
        kind: 'not_a_string',
        field: key,
        rule: 'value.string',
        subject: 'parameter',
      });
      expect(error.verbiage).toBe('parameter: must be a string');
    }
  });

  it('refuses an empty key', () => {
    expectProtocolError(() => flattenJsonBody({ money: { '': '1' } }), {
      kind: 'invalid',
      field: undefined,
      rule: 'key.empty',
    });
  });

  it('treats __proto__ and constructor as plain keys', () => {
    const params = flattenJsonBody(JSON.parse('{"__proto__":"a","g":{"constructor":"b"}}'));
    expect(Object.keys(params).sort()).toEqual(['__proto__', 'constructor']);
    expect(params.__proto__).toBe('a');
    expect(Object.getPrototypeOf(params)).toBeNull();
  });

  it('preserves every pair however the pairs are grouped', () => {
    const pairs = fc.dictionary(fc.string({ minLength: 1 }), fc.string(), { maxKeys: 20 });
    fc.assert(
      fc.property(pairs, fc.array(fc.nat(3)), (flat, groupOf) => {
        const top: [string, unknown][] = [];
        const groups = new Map<string, Record<string, string>>();
        Object.entries(flat).forEach(([key, value], index) => {
          const group = groupOf[index] ?? 0;
          if (group === 0) {
            top.push([key, value]);
            return;
          }
          let name = `group${group}`;
          while (Object.hasOwn(flat, name)) name += '_';
          groups.set(name, { ...groups.get(name), [key]: value });
        });
        const body = Object.fromEntries([...top, ...groups]);
        expect({ ...flattenJsonBody(body) }).toEqual({ ...flat });
      }),
    );
  });
});
