import { SqlArea } from './sql-session.ts';

/** The lines of a merchant's receipt header (007_receipt_header); '' where not set. */
export interface ReceiptHeader {
  name: string;
  addr1: string;
  addr2: string;
  addr3: string;
  phone: string;
  email: string;
}

/** The fields of a receipt header, in print order. */
export const RECEIPT_HEADER_FIELDS: readonly (keyof ReceiptHeader)[] = [
  'name',
  'addr1',
  'addr2',
  'addr3',
  'phone',
  'email',
];

/**
 * Merchants' receipt headers (007_receipt_header: receipt_headers): what the formatted receipt's
 * merch_info part and the transaction detail's merch_* fields print.
 */
export interface ReceiptHeaderStore {
  /** The merchant's header, or undefined when none was set. */
  find(merchantId: number): Promise<ReceiptHeader | undefined>;
  /**
   * Sets the fields given, keeping the others, as one atomic change; an empty value clears a field
   * (docs/interface.md › What the service does §5, "empty means clear this setting"). Returns the header now.
   */
  update(merchantId: number, fields: Partial<ReceiptHeader>, nowTs: number): Promise<ReceiptHeader>;
}

const FIELDS = 'name, addr1, addr2, addr3, phone, email';

/**
 * Sets the fields given ($2..$7, null: keep) in one upsert, so two instances updating one header
 * each keep the other's fields: the second waits for the first's row lock and applies on top.
 */
const UPDATE = `INSERT INTO receipt_headers AS h (merchant_id, ${FIELDS}, updated_ts)
  VALUES ($1, COALESCE($2, ''), COALESCE($3, ''), COALESCE($4, ''), COALESCE($5, ''),
          COALESCE($6, ''), COALESCE($7, ''), $8)
  ON CONFLICT (merchant_id) DO UPDATE SET name = COALESCE($2, h.name),
    addr1 = COALESCE($3, h.addr1), addr2 = COALESCE($4, h.addr2), addr3 = COALESCE($5, h.addr3),
    phone = COALESCE($6, h.phone), email = COALESCE($7, h.email), updated_ts = $8
  RETURNING ${FIELDS}`;

/** Receipt headers in SQL (007_receipt_header: receipt_headers), the same on every back end. */
export class SqlReceiptHeaderStore extends SqlArea implements ReceiptHeaderStore {
  find(merchantId: number): Promise<ReceiptHeader | undefined> {
    return this.sql.get<ReceiptHeader>(
      `SELECT ${FIELDS} FROM receipt_headers WHERE merchant_id = $1`,
      [merchantId],
    );
  }

  async update(
    merchantId: number,
    fields: Partial<ReceiptHeader>,
    nowTs: number,
  ): Promise<ReceiptHeader> {
    const header = await this.sql.get<ReceiptHeader>(UPDATE, [
      merchantId,
      fields.name ?? null,
      fields.addr1 ?? null,
      fields.addr2 ?? null,
      fields.addr3 ?? null,
      fields.phone ?? null,
      fields.email ?? null,
      nowTs,
    ]);
    if (header === undefined) throw new Error('receipt header vanished inside its own commit');
    return header;
  }
}
