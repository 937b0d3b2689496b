import { QUOTE, malformedBody, readQuoted, skipInlineSpace, trimWireSpace } from './quoting.ts';

/** One pair as read from a body: the key as sent (case kept) and the value, unquoted. */
export type KvPair = [key: string, value: string];

interface ValueRead {
  readonly value: string;
  readonly next: number;
  readonly lineBreaks: number;
}

function readQuotedValue(text: string, openAt: number, line: number): ValueRead {
  const read = readQuoted(text, openAt);
  if (read === undefined) {
    throw malformedBody('kv.unterminated_quote', line, 'quoted value has no closing quote');
  }
  const after = skipInlineSpace(text, read.end);
  if (after < text.length && text[after] !== '\n') {
    throw malformedBody('kv.text_after_quote', line, 'text follows the closing quote');
  }
  const next = after < text.length ? after + 1 : after;
  return { value: read.value, next, lineBreaks: read.lineBreaks + (after < text.length ? 1 : 0) };
}

function readPlainValue(text: string, from: number): ValueRead {
  const lineEnd = text.indexOf('\n', from);
  const end = lineEnd < 0 ? text.length : lineEnd;
  return {
    value: trimWireSpace(text.slice(from, end)),
    next: lineEnd < 0 ? end : end + 1,
    lineBreaks: lineEnd < 0 ? 0 : 1,
  };
}

/**
 * The pairs of a key/value body, in order, keys as sent (libmonetra). Lines end with
 * LF or CRLF; blank lines are skipped; unquoted whitespace around keys and values is trimmed; a
 * value in quotes keeps its whitespace and line breaks, and "" inside it is one quote. A line with
 * no '=', an empty or quoted key, an unterminated quote or text after a closing quote is a
 * ProtocolError naming the line number, never its text. A body given as bytes is read as UTF-8.
 */
export function decodePairs(body: string | Buffer): KvPair[] {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  const pairs: KvPair[] = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const lineEnd = text.indexOf('\n', i);
    const end = lineEnd < 0 ? text.length : lineEnd;
    const keyPart = text.slice(i, end);
    const eqInLine = keyPart.indexOf('=');
    if (eqInLine < 0) {
      if (trimWireSpace(keyPart) !== '') {
        throw malformedBody('kv.no_equals', line, "no '=' between key and value");
      }
      i = end + 1;
      line += 1;
      continue;
    }
    const eq = i + eqInLine;
    const key = trimWireSpace(keyPart.slice(0, eqInLine));
    if (key === '') throw malformedBody('kv.empty_key', line, "nothing before '='");
    if (key.includes(QUOTE)) throw malformedBody('kv.quoted_key', line, 'key holds a quote');
    const start = skipInlineSpace(text, eq + 1);
    const read =
      text[start] === QUOTE ? readQuotedValue(text, start, line) : readPlainValue(text, start);
    pairs.push([key, read.value]);
    line += read.lineBreaks;
    i = read.next;
  }
  return pairs;
}
