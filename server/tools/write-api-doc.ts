// Rewrites the generated blocks of docs/api.md (routes, key/value actions, admin commands) from
// the code: node --import tsx server/tools/write-api-doc.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apiDocBlocks, writeApiDocBlock } from './api-doc-blocks.ts';

const DOC = fileURLToPath(new URL('../../docs/api.md', import.meta.url));

let doc = readFileSync(DOC, 'utf8');
for (const [name, content] of Object.entries(await apiDocBlocks())) {
  doc = writeApiDocBlock(doc, name, content);
}
writeFileSync(DOC, doc);
console.log(`docs/api.md: generated blocks rewritten`);
