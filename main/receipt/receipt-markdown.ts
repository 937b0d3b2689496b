import type { ReceiptDocument, ReceiptField } from './receipt-document.ts';
import { RECEIPT_WORDS } from '../../protocol/index.ts';

/** Characters receiptline reads as markup in text (ReceiptLine grammar, "Special characters"). */
const MARKUP = /[\\|{}~_"`^=-]/g;

/** Text that prints exactly as written: every markup character escaped with a backslash. */
function escapeText(text: string): string {
  return text.replace(MARKUP, (char) => `\\${char}`);
}

/** `text` in lines of at most `width` characters, broken at spaces (a longer word stands alone). */
function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/ +/)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= width)
      lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** A left-aligned line keeping its leading spaces ("~" is receiptline's space). */
const left = (text: string): string => {
  const indent = /^ */.exec(text)?.[0].length ?? 0;
  return `|${'~'.repeat(indent)}${escapeText(text.slice(indent))}`;
};
/** Label left, value right; both emphasised when the field is strong. */
const pair = (field: ReceiptField): string => {
  const mark = field.strong === true ? '"' : '';
  return `${mark}${escapeText(field.label)}${mark} | ${mark}${escapeText(field.value)}${mark}`;
};
/** Double height and emphasised, centred. */
const big = (text: string): string => `^^"${escapeText(text)}"`;

/** A horizontal rule (a line of "-" alone). */
const RULE = '-';
/** Data a CODE128 barcode can carry here: what buildReceipt accepts as a ttid. */
const BARCODE_DATA = /^[0-9A-Za-z-]{1,40}$/;

/** `value` in lines of at most `width` characters, broken only after a hyphen or a space. */
function safePieces(value: string, width: number): string[] {
  const lines: string[] = [];
  for (const piece of value.match(/[^- ]*[- ]?/g) ?? []) {
    const last = lines.at(-1);
    if (last !== undefined && (last + piece).trimEnd().length <= width)
      lines[lines.length - 1] = last + piece;
    else if (piece !== '') lines.push(piece);
  }
  return lines.map((line) => line.trimEnd());
}

/**
 * One field's lines on a paper of `columns` (docs/lane-devices.md › Receipts): label and value
 * share the line in halves; a longer value (an order id) takes the line's rest beside its
 * label; one that cannot fit there goes below its label, broken only after hyphens or spaces.
 */
function fieldLines(field: ReceiptField, columns: number): string[] {
  if (field.value.length <= Math.floor(columns / 2)) return [pair(field)];
  if (field.label.length + 1 + field.value.length <= columns)
    return [`{w:${field.label.length},*}`, pair(field), '{w:auto}'];
  return [left(field.label), ...safePieces(field.value, columns).map(left)];
}

function section(fields: readonly ReceiptField[], columns: number): string[] {
  return fields.length === 0
    ? []
    : [...fields.flatMap((field) => fieldLines(field, columns)), RULE];
}

/** Centred lines of `text`, broken at spaces to fit `columns` (a lone column is centred). */
const centred = (text: string, columns: number): string[] =>
  wrapWords(text, columns).map(escapeText);

function body(document: ReceiptDocument, columns: number): string[] {
  if (document.service.length > 0) {
    return [
      ...document.service.map((line) => (typeof line === 'string' ? left(line) : pair(line))),
      RULE,
    ];
  }
  const outcome = [big(document.outcome.text)];
  if (document.outcome.detail !== undefined)
    outcome.push(...centred(document.outcome.detail, columns));
  return [
    ...section(document.card, columns),
    ...section(document.amounts, columns),
    ...outcome,
    '',
    ...section(document.references, columns),
    ...section(document.emv, columns),
  ];
}

/**
 * The document as a ReceiptLine document (receiptline's receipt markdown) for a paper of
 * `columns` characters: every renderer, ESC/POS and SVG alike, transforms this one text, so the
 * screen shows what the printer prints. Free text is broken at spaces to fit; every text is
 * escaped, so a note of "=====" prints as written instead of cutting the paper.
 */
export function receiptMarkdown(document: ReceiptDocument, columns: number): string {
  const words = RECEIPT_WORDS[document.language];
  const wrap = (text: string): string[] => centred(text, columns);
  const training = document.training
    ? [big(`*** ${words.training} ***`), ...wrap(words.trainingNote), '']
    : [];
  const offline =
    document.offline === true
      ? [big(`*** ${words.offline} ***`), ...wrap(words.offlineNote), '']
      : [];
  const [name = '', ...address] = document.merchant;
  const lines = [
    ...training,
    ...offline,
    big(name),
    ...address.flatMap(wrap),
    '',
    big(document.title),
    ...(document.time === undefined ? [] : wrap(document.time)),
    RULE,
    ...body(document, columns),
    ...document.notes.flatMap(wrap),
    ...(document.notes.length === 0 ? [] : ['']),
  ];
  if (document.signature)
    lines.push(
      '',
      '',
      `|X${escapeText('_'.repeat(columns - 8))}`,
      ...wrap(words.signature),
      ...wrap(words.agreement),
      '',
    );
  if (document.barcode !== undefined && BARCODE_DATA.test(document.barcode))
    lines.push(`{code:${document.barcode}; option:code128,2,64,hri}`);
  lines.push(big(document.copy === 'merchant' ? words.merchantCopy : words.customerCopy));
  if (document.duplicate) lines.push(big(`*** ${words.duplicate} ***`));
  if (document.offline === true) lines.push(big(`*** ${words.offline} ***`));
  if (document.training) lines.push(big(`*** ${words.training} ***`));
  return `${lines.join('\n')}\n`;
}
