import { ruleError } from '../rules/rule-book.ts';

/** The name of the string literal that runs from `start` (its opening quote) to `end` (its closing one). */
function literalText(text: string, start: number, end: number): string {
  const inner = text.slice(start + 1, end);
  return inner.includes('\\') ? (JSON.parse(text.slice(start, end + 1)) as string) : inner;
}

/** Index of the quote that closes the string literal opened at `start`. */
function closingQuote(text: string, start: number): number {
  let at = start + 1;
  while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
  return at;
}

/**
 * The first name that appears twice in one object of a JSON text already known to be valid, as
 * decoded (so "amount" and "\u0061mount" are the same name), or undefined. JSON.parse keeps the
 * last of two names silently, and parsers differ on which they keep (RFC 8259 §4), so the service
 * refuses them rather than charge an amount another reader of the same body would not see
 * (docs/protocol.md, Normalisation).
 */
function duplicateJsonKey(text: string): string | undefined {
  const objects: (Set<string> | undefined)[] = [];
  let expectingName = false;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (char === '"') {
      const end = closingQuote(text, at);
      const names = objects.at(-1);
      if (expectingName && names !== undefined) {
        const name = literalText(text, at, end);
        if (names.has(name)) return name;
        names.add(name);
      }
      expectingName = false;
      at = end;
    } else if (char === '{' || char === '[') {
      objects.push(char === '{' ? new Set() : undefined);
      expectingName = char === '{';
    } else if (char === '}' || char === ']') {
      objects.pop();
      expectingName = false;
    } else if (char === ',') {
      expectingName = objects.at(-1) !== undefined;
    }
  }
  return undefined;
}

/**
 * Throws a ProtocolError naming the first name sent twice in one object of a valid JSON text
 * (rule json.duplicate_key, docs/protocol.md, Normalisation); returns for a text without one.
 */
export function refuseDuplicateJsonKeys(text: string): void {
  const name = duplicateJsonKey(text);
  if (name !== undefined) throw ruleError('json.duplicate_key', name);
}
