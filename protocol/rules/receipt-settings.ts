import { ruleError } from './rule-book.ts';

/** The forms a formatted receipt can take (docs/protocol.md, Receipts). */
export const RECEIPT_TYPES = ['text', 'html', 'json'] as const;

/** One form of a formatted receipt. */
export type ReceiptType = (typeof RECEIPT_TYPES)[number];

/** Narrowest and widest line a text receipt may be laid out for, in characters. */
export const RECEIPT_WIDTH_RANGE = { min: 20, max: 80 } as const;

/** What rcpt asks for: the form of the receipt parts and the line width of the text form. */
export interface ReceiptSettings {
  /** text (default): lines; html: fragments (rcpt=type=html, as Monetra's paymentframe examples send it); json. */
  readonly type: ReceiptType;
  /** Characters per line of the text form; default 42, the lane's default printer. */
  readonly width: number;
}

/** The settings of rcpt=yes. */
export const DEFAULT_RECEIPT_SETTINGS: ReceiptSettings = { type: 'text', width: 42 };

const SETTINGS = /^[A-Za-z0-9_]+=[^;=]+(?:;[A-Za-z0-9_]+=[^;=]+)*$/;

function isReceiptType(value: string): value is ReceiptType {
  return (RECEIPT_TYPES as readonly string[]).includes(value);
}

/**
 * Reads rcpt (docs/interface.md › Standalone parameters, "yes, or semicolon-separated key/value format
 * settings"; the options list is not shown): yes, or settings key=value joined by ";", names and
 * values in any case. LaneTerm's settings are type (text, html, json) and width (20–80); a setting
 * of another name is ignored, since clients may send the real server's options. Throws the
 * ProtocolError of rcpt.format, rcpt.type or rcpt.width naming field, never echoing the value.
 */
export function parseReceiptSettings(value: string, field = 'rcpt'): ReceiptSettings {
  if (value === 'yes') return DEFAULT_RECEIPT_SETTINGS;
  if (!SETTINGS.test(value)) throw ruleError('rcpt.format', field);
  let { type, width } = DEFAULT_RECEIPT_SETTINGS;
  for (const setting of value.split(';')) {
    const [name = '', text = ''] = setting.split('=');
    const lower = text.trim().toLowerCase();
    if (name.toLowerCase() === 'type') {
      if (!isReceiptType(lower)) throw ruleError('rcpt.type', field);
      type = lower;
    } else if (name.toLowerCase() === 'width') {
      const columns = /^\d{1,3}$/.test(lower) ? Number(lower) : Number.NaN;
      if (!(columns >= RECEIPT_WIDTH_RANGE.min && columns <= RECEIPT_WIDTH_RANGE.max)) {
        throw ruleError('rcpt.width', field);
      }
      width = columns;
    }
  }
  return { type, width };
}
