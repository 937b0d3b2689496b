import { describe, expect, it } from 'vitest';
import { refuseDuplicateJsonKeys } from '../../../protocol/request/json-keys.ts';
import { expectProtocolError } from '../rules/expect-error.ts';

describe('refuseDuplicateJsonKeys', () => {
  it.each([
    ['at the top level', '{"amount":"1.00","zip":"1","amount":"9.00"}', 'amount'],
    ['with the same value', '{"amount":"1.00","amount":"1.00"}', 'amount'],
    ['inside a group', '{"money":{"tax":"1.00","tax":"2.00"}}', 'tax'],
    ['as two groups', '{"money":{"amount":"1.00"},"money":{"amount":"9.00"}}', 'money'],
    ['spelled with an escape', '{"amount":"1.00","\\u0061mount":"9.00"}', 'amount'],
    ['after arrays and escaped quotes', '{"a":["x","y"],"b":"q\\"","a":"1"}', 'a'],
    ['whitespace around', '{ "ttid" : "1" ,\n "ttid" : "2" }', 'ttid'],
  ])('refuses a name twice %s, naming it', (_name, text, field) => {
    expectProtocolError(() => refuseDuplicateJsonKeys(text), {
      kind: 'conflicting_values',
      field,
      rule: 'json.duplicate_key',
      secret: '9.00',
    });
  });

  it.each([
    ['distinct names', '{"amount":"1.00","zip":"32606"}'],
    ['one name in two groups', '{"money":{"amount":"1.00"},"x":{"amount":"1.00"}}'],
    ['a value that looks like a name', '{"comments":"amount","amount":"1.00"}'],
    ['names repeated in array members', '[{"a":"1"},{"a":"2"}]'],
    ['a name holding a comma and a brace', '{"a,{b":"1","a":"2","x":"\\\\"}'],
    ['scalars', '"amount"'],
  ])('takes %s', (_name, text) => {
    expect(() => refuseDuplicateJsonKeys(text)).not.toThrow();
  });

  it('names a card number sent twice as a name by its shown form, never by its digits', () => {
    const error = expectProtocolError(
      () => refuseDuplicateJsonKeys('{"4111111111111111":"1","4111111111111111":"2"}'),
      {
        kind: 'conflicting_values',
        field: '4111111111111111',
        rule: 'json.duplicate_key',
        subject: 'parameter',
      },
    );
    expect(error.verbiage).not.toContain('4111');
  });
});
