// Receipts: one document, rendered to ESC/POS for the printer and to SVG, HTML and text for the
// screen; the one import for the rest of main/ (docs/lane-devices.md, Receipts).
export type {
  ReceiptCopy,
  ReceiptDocument,
  ReceiptField,
  ReceiptOutcome,
  ServiceLine,
} from './receipt-document.ts';
export { buildReceipt, buildReceipts } from './receipt-builder.ts';
export type {
  ChipCompletion,
  MerchantHeader,
  ReceiptContext,
  ReceiptStanding,
} from './receipt-context.ts';
export { asOriginal, buildReprint, type ReprintContext } from './receipt-reprint.ts';
export {
  RECEIPT_CODE_PAGES,
  renderEscPos,
  renderHtml,
  renderSvg,
  renderText,
  type ReceiptCodePage,
  type ReceiptTarget,
} from './receipt-render.ts';
export { ReceiptError, type ReceiptErrorCode } from './receipt-error.ts';
export type { ReceiptLanguage } from '../../protocol/index.ts';
