import type { ProtocolError } from '../errors.ts';
import { fieldError } from './field-error.ts';

/** The quote character of key/value and CSV bodies; doubled inside a quoted value (libmonetra). */
export const QUOTE = '"';

/**
 * True for the whitespace libmonetra trims from unquoted keys, values and cells: space, tab, LF,
 * VT, FF, CR (mstdlib M_chr_isspace, used by M_str_trim).
 */
export function isWireSpace(char: string | undefined): boolean {
  return char === ' ' || (char !== undefined && char >= '\t' && char <= '\r');
}

/** The text without leading or trailing wire whitespace. */
export function trimWireSpace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isWireSpace(text[start])) start += 1;
  while (end > start && isWireSpace(text[end - 1])) end -= 1;
  return text.slice(start, end);
}

/** Index of the first character at or after `from` that is not a space, tab, VT, FF or CR. */
export function skipInlineSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && text[i] !== '\n' && isWireSpace(text[i])) i += 1;
  return i;
}

/** The value in quotes with every quote inside doubled (libmonetra_php: str_replace('"', '""')). */
export function quoteValue(value: string): string {
  return QUOTE + value.replaceAll(QUOTE, QUOTE + QUOTE) + QUOTE;
}

/** A quoted value as read: its text, the index past the closing quote, its line breaks. */
export interface QuotedRead {
  readonly value: string;
  readonly end: number;
  readonly lineBreaks: number;
}

/**
 * Reads the quoted value whose opening quote is at `openAt`; a doubled quote inside stands for one
 * quote, line breaks inside are part of the value. Undefined when the closing quote is missing.
 */
export function readQuoted(text: string, openAt: number): QuotedRead | undefined {
  const parts: string[] = [];
  let i = openAt + 1;
  for (;;) {
    const close = text.indexOf(QUOTE, i);
    if (close < 0) return undefined;
    parts.push(text.slice(i, close));
    if (text[close + 1] !== QUOTE) {
      const value = parts.join(QUOTE);
      return { value, end: close + 1, lineBreaks: countLineBreaks(value) };
    }
    i = close + 2;
  }
}

function countLineBreaks(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count += 1;
  return count;
}

/**
 * The error for a body that does not parse: names the body, the line (1-based) and the rule,
 * never the text of the line, which may hold card data.
 */
export function malformedBody(rule: string, line: number, problem: string): ProtocolError {
  return fieldError('invalid', 'body', rule, `line ${line}: ${problem}`);
}
