import { describe, expect, it } from 'vitest';
import { foldLegacyValues } from '../../../protocol/request/legacy-values.ts';
import { validateRequest } from '../../../protocol/rules/validate-request.ts';
import { V1 } from '../rules/validation-helpers.ts';

describe('foldLegacyValues', () => {
  it('writes the option values the legacy C API upper-cases as the interface does', () => {
    const folded = foldLegacyValues({
      capture: 'YES',
      nsf: 'No',
      priority: 'HIGH',
      rcpt: 'YES',
      tokenize: 'yes',
    });
    expect({ ...folded }).toEqual({
      capture: 'yes',
      nsf: 'no',
      priority: 'high',
      rcpt: 'yes',
      tokenize: 'yes',
    });
  });

  it('keeps every other value as sent: free text, codes, settings, words an option lacks', () => {
    const params = {
      comments: 'YES',
      cardholdername: 'JOHN NO',
      cv: 'NR',
      rcpt: 'type=HTML',
      capture: 'Y',
      priority: 'URGENT',
      identifier: 'YES',
    };
    expect({ ...foldLegacyValues(params) }).toEqual(params);
  });

  it('lets a folded request through validation, and leaves an unfoldable one to be refused', () => {
    const sale = { amount: '1.00', trackdata: '%B4111111111111111^TEST CARD/VI^2512101?' };
    expect(() =>
      validateRequest('sale', foldLegacyValues({ ...sale, capture: 'NO', priority: 'LOW' }), V1),
    ).not.toThrow();
    expect(() => validateRequest('sale', foldLegacyValues({ ...sale, capture: 'Y' }), V1)).toThrow(
      'capture: must be yes or no',
    );
  });

  it('leaves out the keys it is given in the same pass, folding the rest', () => {
    const folded = foldLegacyValues(
      { action: 'sale', password: 'YES', capture: 'YES', amount: '1.00' },
      new Set(['action', 'password']),
    );
    expect(Object.entries(folded)).toEqual([
      ['capture', 'yes'],
      ['amount', '1.00'],
    ]);
  });

  it('gives a prototype-free object, so prototype names stay plain keys', () => {
    const folded = foldLegacyValues({ constructor: 'x' });
    expect(Object.getPrototypeOf(folded)).toBeNull();
    expect(folded.constructor).toBe('x');
  });
});
