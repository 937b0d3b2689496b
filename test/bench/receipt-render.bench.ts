// Receipt cost between the answer and the first printer byte: building the document and rendering
// it, beside receiptline's own transform of the same receipt markdown.
import { transform } from 'receiptline';
import { bench, describe } from 'vitest';
import { buildReceipt, renderEscPos, renderSvg } from '../../main/receipt/index.ts';
import { receiptMarkdown } from '../../main/receipt/receipt-markdown.ts';
import { chipSaleAnswer, saleContext } from '../main/receipt/receipt-answers.ts';

const TARGET = { columns: 42, codePage: 'cp858' } as const;
const answer = chipSaleAnswer();
const document = buildReceipt(answer, saleContext());
const markdown = receiptMarkdown(document, TARGET.columns);

describe('receipt of an approved chip sale', () => {
  bench('baseline: receiptline transform of its markdown to ESC/POS', () => {
    transform(markdown, { cpl: TARGET.columns, encoding: TARGET.codePage, command: 'escpos' });
  });
  bench('LaneTerm: document from the answer, rendered to ESC/POS', () => {
    renderEscPos([buildReceipt(answer, saleContext())], TARGET);
  });
  bench('LaneTerm: the same document rendered to SVG', () => {
    renderSvg(document, TARGET);
  });
});
