// Writes the generated tables of docs/protocol.md from the catalogue and the rule book:
// node --import tsx protocol/catalogue/tools/write-doc.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderCatalogueDoc, renderRulesDoc, replaceGenerated } from '../catalogue-doc.ts';

const docPath = fileURLToPath(new URL('../../../docs/protocol.md', import.meta.url));
let doc = readFileSync(docPath, 'utf8');
doc = replaceGenerated(doc, 'catalogue', renderCatalogueDoc());
doc = replaceGenerated(doc, 'rules', renderRulesDoc());
writeFileSync(docPath, doc);
console.log(`wrote ${docPath}`);
