/** The marker lines around a generated block of a Markdown document. */
export function generatedMarkers(name: string): readonly [string, string] {
  return [
    `<!-- generated:${name} (protocol/catalogue/tools/write-doc.ts) -->`,
    `<!-- /generated:${name} -->`,
  ];
}

/** The text between a block's markers, or undefined when the document lacks them. */
export function readGenerated(doc: string, name: string): string | undefined {
  const [begin, end] = generatedMarkers(name);
  const start = doc.indexOf(begin);
  const stop = doc.indexOf(end);
  if (start < 0 || stop < start) return undefined;
  return doc.slice(start + begin.length, stop).trim();
}

/** The document with a block's content replaced; throws when the markers are missing. */
export function replaceGenerated(doc: string, name: string, content: string): string {
  const [begin, end] = generatedMarkers(name);
  const start = doc.indexOf(begin);
  const stop = doc.indexOf(end);
  if (start < 0 || stop < start) throw new Error(`docs: markers of ${name} are missing`);
  return `${doc.slice(0, start + begin.length)}\n\n${content}\n\n${doc.slice(stop)}`;
}
