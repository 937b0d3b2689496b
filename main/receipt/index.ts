// Receipts: one document, rendered to ESC/POS for the printer and SVG/HTML for the screen; the one
// import for the rest of main/ (docs/lane-devices.md, Receipts).
export type {
  ReceiptCopy,
  ReceiptDocument,
  ReceiptField,
  ReceiptOutcome,
} from './receipt-document.ts';
