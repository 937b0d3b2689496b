// A receipt as the screen previews it: the same document the printer gets, rendered to SVG for
// display and to plain text for screen readers and tests. Never a full card number.
import { z } from 'zod';
import { EpochMs, LaneId, ReceiptCopy } from './values.ts';

/** Longest receipt the API carries: 256 KiB of SVG, 16 KiB of text. */
const MAX_SVG = 256 * 1024;
const MAX_TEXT = 16 * 1024;

/** One receipt, built from the answer's rcpt_* fields and the merchant header (docs/lane.md). */
export const ReceiptPreview = z.strictObject({
  id: LaneId,
  /** The journal entry it is for; absent for a day's settlement slip. */
  entryId: LaneId.optional(),
  copy: ReceiptCopy,
  /** True on a reprint (the receipt says DUPLICATE). */
  duplicate: z.boolean(),
  /** True in training mode (the receipt says TRAINING). */
  training: z.boolean(),
  at: EpochMs,
  /** The receipt as plain text, one printed line per line (42 columns on an 80 mm roll). */
  text: z.string().max(MAX_TEXT),
  /** The receipt drawn as an SVG document, for the on-screen preview. */
  svg: z.string().max(MAX_SVG),
  /** Whether it went to the printer: printed, not printed (paper out…), or preview only. */
  printed: z.enum(['printed', 'not_printed', 'preview']),
});
/** A receipt preview. */
export type ReceiptPreview = z.infer<typeof ReceiptPreview>;
