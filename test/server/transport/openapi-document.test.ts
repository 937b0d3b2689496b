import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../../../server/rest/openapi-document.ts';

type Doc = {
  paths: Record<
    string,
    Record<string, { requestBody?: unknown; responses: Record<string, unknown> }>
  >;
};

const answer = (doc: Doc, path: string, method: string): unknown =>
  (doc.paths[path]?.[method]?.responses['200'] as { content: Record<string, { schema: unknown }> })
    .content['application/json']?.schema;

describe('OpenAPI documents: card-present data', () => {
  it.each(['v1', 'v2'] as const)(
    '%s describes the e_ fields, pin and ksn, and the EMV answer fields',
    (version) => {
      const doc = buildOpenApiDocument(version) as Doc;
      const body = JSON.stringify(doc.paths['/transaction/purchase']?.post?.requestBody);
      for (const key of [
        'e_datafield',
        'e_datafieldfmt',
        'e_trackdata',
        'e_id',
        'e_account',
        'icc',
        'pin',
        'ksn',
      ]) {
        expect(body).toContain(`"${key}"`);
      }
      expect(body).toContain('whole output of an encrypting reader');
      expect(answer(doc, '/transaction/purchase', 'post')).toMatchObject({
        additionalProperties: { type: 'string' },
        properties: {
          rcpt_emv_actype: { description: 'cryptogram type from 9F27: ARQC, TC or AAC' },
          icc: { type: 'string' },
        },
      });
      expect(JSON.stringify(doc.paths['/transaction/{ttid}']?.delete)).toContain('"icc"');
      expect(answer(doc, '/transaction/{ttid}', 'delete')).toMatchObject({
        properties: { rcpt_emv_card_decline: { type: 'string' }, rcpt_emv_ac: { type: 'string' } },
      });
      expect(answer(doc, '/transaction/{ttid}', 'get')).toMatchObject({
        properties: { rcpt_emv_card_decline: { type: 'string' }, rcpt_emv_tvr: { type: 'string' } },
      });
    },
  );
});
