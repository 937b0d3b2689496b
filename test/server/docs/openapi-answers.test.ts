import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../server/rest/openapi-document.ts';

type Json = Record<string, unknown>;

/** An operation of the document, by path and method. */
function operationOf(version: 'v1' | 'v2', path: string, method: string): Json {
  const paths = buildOpenApiDocument(version).paths as Record<string, Json>;
  return (paths[path] as Record<string, Json>)[method] as Json;
}

/** The schema of an operation's 200 answer. */
function answerSchema(version: 'v1' | 'v2', path: string, method: string): Json {
  const ok = (operationOf(version, path, method).responses as Record<string, Json>)['200'] as Json;
  return ((ok.content as Json)['application/json'] as Json).schema as Json;
}

/** The described answer fields of an operation, but the formatted receipt's (rcpt_cust_*, rcpt_merch_*). */
function answerFields(version: 'v1' | 'v2', path: string, method: string): Json {
  const schema = answerSchema(version, path, method);
  expect(schema.additionalProperties).toEqual({ type: 'string' });
  const properties = Object.entries((schema.properties ?? {}) as Json);
  return Object.fromEntries(properties.filter(([key]) => !/^rcpt_(cust|merch)_/.test(key)));
}

describe('OpenAPI answers of the stored-value operations', () => {
  it('describe authamount and balance of the gift operations on both versions', () => {
    for (const version of ['v1', 'v2'] as const) {
      const cashout = answerFields(version, '/transaction/gift/cashout', 'post');
      expect(cashout.authamount).toEqual({
        type: 'string',
        description: 'the amount to remit: all the card held',
      });
      const activate = Object.keys(answerFields(version, '/transaction/gift/activate', 'post'));
      expect(activate.slice(0, 3)).toEqual(['authamount', 'balance', 'pclevel']);
      expect(activate).toContain('rcpt_emv_aid');
      expect(activate, 'no issuer data: a gift card is not sent online').not.toContain('icc');
    }
  });

  it('describe the card_* fields of cardtype and the partial approval of a sale', () => {
    const cardtype = answerFields('v2', '/transaction/cardtype', 'post');
    expect(Object.keys(cardtype).filter((key) => key.startsWith('card_'))).toHaveLength(14);
    expect(cardtype.card_funding_source).toMatchObject({
      description: 'CREDIT, DEBIT, CHARGE or PREPAID',
    });
    const sale = answerFields('v2', '/transaction/purchase', 'post');
    expect(Object.keys(sale).slice(0, 4)).toEqual([
      'authamount',
      'balance',
      'pclevel',
      'carddenylist_id',
    ]);
    expect(Object.keys(answerFields('v2', '/transaction/{ttid}', 'get'))).not.toContain('balance');
  });
});

describe('OpenAPI receipts and the keys an operation does not list', () => {
  it('describe the formatted copies on every operation taking rcpt, and only there', () => {
    const receipt = (path: string, method: string, version: 'v1' | 'v2' = 'v2') =>
      Object.keys((answerSchema(version, path, method).properties ?? {}) as Json).filter((key) =>
        /^rcpt_(cust|merch)_/.test(key),
      );
    const copies = ['cust', 'merch'].flatMap((copy) =>
      ['merch_info', 'reference', 'money', 'disposition', 'notice'].map(
        (part) => `rcpt_${copy}_${part}`,
      ),
    );
    expect(receipt('/transaction/purchase', 'post')).toEqual(copies);
    expect(receipt('/transaction/{ttid}', 'get')).toEqual(copies);
    expect(receipt('/transaction/gift/issue', 'post')).toEqual(copies);
    expect(receipt('/transaction/balance', 'post', 'v1')).toEqual([]);
    expect(receipt('/transaction/balance', 'post', 'v2')).toEqual(copies);
    expect(receipt('/transaction/{ttid}/void', 'delete')).toEqual([]);
  });

  it('say which operations keep or echo other keys, and refuse them elsewhere', () => {
    const other = (path: string, method: string): unknown =>
      (operationOf('v2', path, method).parameters as Json[]).find((p) => p.name === 'other')
        ?.description;
    expect(other('/report/unsettled', 'get')).toBe('other keys: ignored and echoed in the answer');
    expect(other('/transaction/{ttid}/void', 'delete')).toMatch(/kept as custom parameters/);
    expect(other('/transaction/{ttid}', 'delete')).toBeUndefined();
    const body = (path: string): Json =>
      (
        ((operationOf('v2', path, 'post').requestBody as Json).content as Json)[
          'application/json'
        ] as Json
      ).schema as Json;
    expect(body('/batch/settle').additionalProperties).toEqual({
      type: 'string',
      description: 'other keys: ignored and echoed in the answer',
    });
    expect(body('/transaction/cardtype').additionalProperties).toBe(false);
    const report = answerSchema('v2', '/report/batches', 'get').oneOf as Json[];
    expect(report[0]?.additionalProperties).toMatchObject({ type: 'string' });
  });
});
