import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../server/rest/openapi-document.ts';

type Json = Record<string, unknown>;

/** The described answer fields of an operation of the document, by path and method. */
function answerFields(version: 'v1' | 'v2', path: string, method: string): Json {
  const paths = buildOpenApiDocument(version).paths as Record<string, Json>;
  const operation = (paths[path] as Record<string, Json>)[method] as Json;
  const ok = (operation.responses as Record<string, Json>)['200'] as Json;
  const schema = ((ok.content as Json)['application/json'] as Json).schema as Json;
  expect(schema.additionalProperties).toEqual({ type: 'string' });
  return (schema.properties ?? {}) as Json;
}

describe('OpenAPI answers of the stored-value operations', () => {
  it('describe authamount and balance of the gift operations on both versions', () => {
    for (const version of ['v1', 'v2'] as const) {
      const cashout = answerFields(version, '/transaction/gift/cashout', 'post');
      expect(cashout.authamount).toEqual({
        type: 'string',
        description: 'the amount to remit: all the card held',
      });
      expect(Object.keys(answerFields(version, '/transaction/gift/activate', 'post'))).toEqual([
        'authamount',
        'balance',
        'pclevel',
      ]);
    }
  });

  it('describe the card_* fields of cardtype and the partial approval of a sale', () => {
    const cardtype = answerFields('v2', '/transaction/cardtype', 'post');
    expect(Object.keys(cardtype).filter((key) => key.startsWith('card_'))).toHaveLength(14);
    expect(cardtype.card_funding_source).toMatchObject({
      description: 'CREDIT, DEBIT, CHARGE or PREPAID',
    });
    const sale = answerFields('v2', '/transaction/purchase', 'post');
    expect(Object.keys(sale)).toEqual(['authamount', 'balance', 'pclevel', 'carddenylist_id']);
    expect(answerFields('v2', '/transaction/{ttid}', 'get')).toEqual({});
  });
});
