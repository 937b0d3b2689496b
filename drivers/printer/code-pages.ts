import iconv from 'iconv-lite';
import { DeviceError } from '../device-error.ts';

/** A printer character table: its ESC t number and the encoding of its bytes. */
export interface CodePage {
  /** Our name for it, as configured per printer. */
  name: CodePageName;
  /** The n of ESC t n (Epson numbering; escpos_commands.json "code page"). */
  escT: number;
  /** The iconv-lite encoding that maps text to its bytes. */
  encoding: string;
}

/** Code pages LaneTerm can print; pick the one the printer's firmware has (default cp437). */
export type CodePageName = 'cp437' | 'cp850' | 'cp852' | 'cp858' | 'cp866' | 'wpc1252';

/** The supported code pages by name (Epson ESC/POS Application Programming Guide, ESC t). */
export const CODE_PAGES: Readonly<Record<CodePageName, CodePage>> = {
  cp437: { name: 'cp437', escT: 0, encoding: 'cp437' },
  cp850: { name: 'cp850', escT: 2, encoding: 'cp850' },
  wpc1252: { name: 'wpc1252', escT: 16, encoding: 'windows-1252' },
  cp866: { name: 'cp866', escT: 17, encoding: 'cp866' },
  cp852: { name: 'cp852', escT: 18, encoding: 'cp852' },
  cp858: { name: 'cp858', escT: 19, encoding: 'cp858' },
};

/** The code page called `name`; BAD_INPUT naming the setting when it is not supported. */
export function codePage(name: string): CodePage {
  const page = (CODE_PAGES as Record<string, CodePage | undefined>)[name];
  if (page === undefined) {
    throw new DeviceError(
      'BAD_INPUT',
      `codePage: must be one of ${Object.keys(CODE_PAGES).join(', ')}`,
      { field: 'codePage' },
    );
  }
  return page;
}

/** The code page selected by ESC t `n`, or undefined for a table we do not know. */
export function codePageByEscT(n: number): CodePage | undefined {
  return Object.values(CODE_PAGES).find((page) => page.escT === n);
}

/** `text` in the bytes of `page`; characters the page lacks become "?". */
export function encodeText(text: string, page: CodePage): Buffer {
  return iconv.encode(text, page.encoding);
}

/** Bytes printed under `page` back to text. */
export function decodeText(bytes: Buffer, page: CodePage): string {
  return iconv.decode(bytes, page.encoding);
}

/** ESC t n of Epson's page 1, Katakana: receiptline draws its rules with this page's graphics. */
export const KATAKANA_ESC_T = 1;

/** Page 1's block and box-drawing graphics at 0x80–0x9F (Epson ESC/POS character code table, page 1). */
const KATAKANA_GRAPHICS = '▁▂▃▄▅▆▇█▏▎▍▌▋▊▉┼┴┬┤├▔─│▕┌┐└┘╭╮╰╯';

/**
 * Bytes printed under page 1 (Katakana) as text: ASCII below 0x80, the graphics of 0x80–0x9F,
 * half-width katakana at 0xA1–0xDF (U+FF61–U+FF9F), a space at 0xA0, "?" for the rest.
 */
export function decodeKatakana(bytes: Buffer): string {
  let text = '';
  for (const byte of bytes) {
    if (byte < 0x80) text += String.fromCharCode(byte);
    else if (byte < 0xa0) text += KATAKANA_GRAPHICS[byte - 0x80] ?? '?';
    else if (byte === 0xa0) text += ' ';
    else if (byte < 0xe0) text += String.fromCharCode(0xff61 + byte - 0xa1);
    else text += '?';
  }
  return text;
}
