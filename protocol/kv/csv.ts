import { classifyResponseBody } from './classify.ts';
import { fieldError } from './field-error.ts';
import { assertNoFramingByte } from './frame.ts';
import {
  QUOTE,
  isWireSpace,
  malformedBody,
  quoteValue,
  readQuoted,
  skipInlineSpace,
  trimWireSpace,
} from './quoting.ts';

/** A CSV report body: the header row, then the data rows (libmonetra LM_trans_response_csv). */
export interface CsvTable {
  readonly header: string[];
  readonly rows: string[][];
}

/** The cell separator of CSV report bodies (libmonetra: M_csv_parse_inplace with ','). */
const CSV_SEPARATOR = ',';

function cellNeedsQuotes(cell: string, soleCell: boolean): boolean {
  if (cell === '') return soleCell;
  return /[,"\r\n]/.test(cell) || isWireSpace(cell[0]) || isWireSpace(cell[cell.length - 1]);
}

/**
 * One CSV line: cells joined by ',', a cell quoted (quotes inside doubled) when it holds ',', a
 * quote or a line break, or has edge whitespace the parsers would trim; a row of one empty cell
 * is written "" so it is not a blank line.
 */
function encodeCsvLine(cells: readonly string[], field: string): string {
  return cells
    .map((cell, column) => {
      assertNoFramingByte(cell, `${field}[${column}]`);
      return cellNeedsQuotes(cell, cells.length === 1) ? quoteValue(cell) : cell;
    })
    .join(CSV_SEPARATOR);
}

/**
 * A CSV report body: the header line, then one line per row, every line ended by LF (libmonetra).
 * Refuses (ProtocolError 'unencodable') an empty header, a row whose width differs from the
 * header's, framing bytes in any cell, and a header whose text would not classify as CSV to the C
 * library: its first name must be at most 31 bytes of letters, digits, space, '_' and '-', with
 * no '=' (docs/protocol.md, Decisions).
 */
export function encodeCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  if (header.length === 0)
    throw fieldError('unencodable', 'header', 'csv.header_empty', 'needs a column');
  const lines = [encodeCsvLine(header, 'header')];
  rows.forEach((row, index) => {
    if (row.length !== header.length) {
      const problem = `has ${row.length} cells, the header has ${header.length}`;
      throw fieldError('unencodable', `rows[${index}]`, 'csv.row_width', problem);
    }
    lines.push(encodeCsvLine(row, `rows[${index}]`));
  });
  const text = lines.map((line) => `${line}\n`).join('');
  if (classifyResponseBody(text) !== 'csv') {
    const problem = 'first column name would not read as CSV (letters, digits, space, _ and -)';
    throw fieldError('unencodable', 'header[0]', 'csv.header_classifies', problem);
  }
  return text;
}

/** Reads one cell starting at `from`; returns the cell, where reading resumes and line breaks. */
function readCell(text: string, from: number, line: number): [string, number, number] {
  const start = skipInlineSpace(text, from);
  if (text[start] === QUOTE) {
    const read = readQuoted(text, start);
    if (read === undefined) {
      throw malformedBody('csv.unterminated_quote', line, 'quoted cell has no closing quote');
    }
    const after = skipInlineSpace(text, read.end);
    if (after < text.length && text[after] !== ',' && text[after] !== '\n') {
      throw malformedBody('csv.text_after_quote', line, 'text follows the closing quote');
    }
    return [read.value, after, read.lineBreaks];
  }
  let end = start;
  while (end < text.length && text[end] !== ',' && text[end] !== '\n') end += 1;
  return [trimWireSpace(text.slice(start, end)), end, 0];
}

/**
 * The table of a CSV body: LF or CRLF line ends, ',' separators, '"' quoting with "" for a quote,
 * unquoted whitespace trimmed, blank lines skipped (libmonetra: M_CSV_FLAG_TRIM_WHITESPACE). The
 * first line is the header. A broken quote is a ProtocolError naming the line, never its text.
 */
export function decodeCsv(body: string | Buffer): CsvTable {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  const lines: string[][] = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const lineEnd = text.indexOf('\n', i);
    if (trimWireSpace(text.slice(i, lineEnd < 0 ? text.length : lineEnd)) === '') {
      i = lineEnd < 0 ? text.length : lineEnd + 1;
      line += 1;
      continue;
    }
    const cells: string[] = [];
    const startLine = line;
    for (;;) {
      const [cell, next, lineBreaks] = readCell(text, i, startLine);
      cells.push(cell);
      line += lineBreaks;
      i = next + 1;
      if (next >= text.length || text[next] === '\n') break;
    }
    line += 1;
    lines.push(cells);
  }
  const [header = [], ...rows] = lines;
  return { header, rows };
}
