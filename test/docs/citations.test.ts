// Every rule's citation opens in the repository: docs/interface.md's sections and items, other docs' headings.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SOURCE_FILE = /\.(ts|svelte|md|sql|cjs|mjs|yml|yaml)$/;
const OUTSIDE_DOCUMENTS =
  /\(seed(?:: (?!number)| §)|\bseed: [A-Z][a-z]+ |\bseed §|\b[Tt]he seed's|payment-server-facts|device-facts|pos-practice/;
const DOC_CITATION = /\b(?:docs\/)?([a-z-]+)\.md ›\s*([^);\]]+)/g;

const trackedFiles = execFileSync('git', ['ls-files'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => SOURCE_FILE.test(file) && existsSync(file));

/** A file's text with comment line breaks folded, so a citation wrapped over lines reads as one. */
function foldedText(file: string): string {
  return readFileSync(file, 'utf8').replace(/\s*\n\s*(?:\*(?!\/)|\/\/|#+(?= )|--)?\s*/g, ' ');
}

interface Section {
  readonly heading: string;
  readonly items: number;
  readonly text: string;
}

/** The sections of a document under docs/: heading, count of numbered items, text. */
function sectionsOf(doc: string): Section[] {
  const parts = readFileSync(`docs/${doc}.md`, 'utf8')
    .split(/^#{1,4} /m)
    .slice(1);
  return parts.map((part) => {
    const [heading = '', ...body] = part.split('\n');
    const text = body.join('\n');
    return { heading: heading.trim(), items: (text.match(/^\d+\. /gm) ?? []).length, text };
  });
}

/** Why a citation of `doc` naming `cited` does not open, or undefined when it does. */
function brokenCitation(doc: string, cited: string): string | undefined {
  if (!existsSync(`docs/${doc}.md`)) return `docs/${doc}.md does not exist`;
  const [name = '', ...rest] = cited
    .split(',')[0]!
    .trim()
    .split(/\s+(?=§)/);
  const section = sectionsOf(doc).find((s) =>
    s.heading.toLowerCase().startsWith(name.toLowerCase()),
  );
  if (section === undefined) {
    const term = name.split(/[\s/]/)[0]!.replace(/^`|`$/g, '').toLowerCase();
    const whole = readFileSync(`docs/${doc}.md`, 'utf8').toLowerCase();
    return /^\w/.test(term) && whole.includes(term) ? undefined : `no section or term "${name}"`;
  }
  const item = /§(\d+)/.exec(rest.join(' '));
  if (item !== null && Number(item[1]) > section.items)
    return `${section.heading} has no §${item[1]}`;
  return undefined;
}

describe('citations', () => {
  it('cite only documents in the repository or public references', () => {
    const outside = trackedFiles.filter(
      (file) => !file.startsWith('test/docs/') && OUTSIDE_DOCUMENTS.test(foldedText(file)),
    );
    expect(outside).toEqual([]);
  });

  it('name sections, items and terms their document has', () => {
    const broken: string[] = [];
    for (const file of trackedFiles) {
      for (const [, doc = '', cited = ''] of foldedText(file).matchAll(DOC_CITATION)) {
        const why = brokenCitation(doc, cited);
        if (why !== undefined) broken.push(`${file}: ${doc}.md › ${cited.trim()}: ${why}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
