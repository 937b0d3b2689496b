import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REST_ROUTES } from '../../../protocol/index.ts';
import { apiDocBlocks, readApiDocBlock } from '../../../server/tools/api-doc-blocks.ts';

const doc = readFileSync(new URL('../../../docs/api.md', import.meta.url), 'utf8');

describe('docs/api.md', () => {
  it('has every generated block as the code produces it (rewrite: server/tools/write-api-doc.ts)', async () => {
    for (const [name, content] of Object.entries(await apiDocBlocks())) {
      expect(readApiDocBlock(doc, name), name).toBe(content);
    }
  });

  it('lists every REST route of protocol’s route table', () => {
    const table = readApiDocBlock(doc, 'rest-routes') ?? '';
    for (const route of REST_ROUTES) {
      const path = `/api/{v}/${route.path.replace(/:([a-z_]+)/g, '{$1}')}`;
      expect(table).toContain(`| ${route.method} | \`${path}\` | ${route.op} |`);
    }
    expect(table.split('\n')).toHaveLength(REST_ROUTES.length + 2);
  });
});
