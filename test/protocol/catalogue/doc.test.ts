import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  readGenerated,
  renderCatalogueDoc,
  renderRulesDoc,
} from '../../../protocol/catalogue/catalogue-doc.ts';

const doc = readFileSync(new URL('../../../docs/protocol.md', import.meta.url), 'utf8');

describe('docs/protocol.md', () => {
  it('holds the catalogue tables as the catalogue data renders them', () => {
    expect(readGenerated(doc, 'catalogue')).toBe(renderCatalogueDoc());
  });

  it('holds the rule table as the rule book renders it', () => {
    expect(readGenerated(doc, 'rules')).toBe(renderRulesDoc());
  });

  it('lists every parameter key in the catalogue table', () => {
    const table = readGenerated(doc, 'catalogue') ?? '';
    for (const key of ['amount', 'order_id', 'e_datafieldfmt', '3ds_txnid', 'batch']) {
      expect(table).toContain(`| \`${key}\` |`);
    }
  });
});
