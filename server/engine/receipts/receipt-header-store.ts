import type { EngineDatabase } from '../store/statement-cache.ts';

/** The lines of a merchant's receipt header (007_receipt_header.sql); '' where not set. */
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
 * Merchants' receipt headers (table receipt_headers): what the formatted receipt's merch_info part
 * and the transaction detail's merch_* fields print.
 */
export class ReceiptHeaderStore {
  readonly #db: EngineDatabase;

  constructor(db: EngineDatabase) {
    this.#db = db;
  }

  /** The merchant's header, or undefined when none was set. */
  find(merchantId: number): ReceiptHeader | undefined {
    return this.#db
      .prepare<[number], ReceiptHeader>(
        `SELECT name, addr1, addr2, addr3, phone, email FROM receipt_headers
         WHERE merchant_id = ?`,
      )
      .get(merchantId);
  }

  /**
   * Sets the fields given, keeping the others; an empty value clears a field (seed: What the
   * service does §5, "empty means clear this setting").
   */
  update(merchantId: number, fields: Partial<ReceiptHeader>, nowTs: number): ReceiptHeader {
    return this.#db.atomically(() => {
      const header = { ...emptyHeader(), ...this.find(merchantId), ...fields };
      this.#db
        .prepare(
          `INSERT INTO receipt_headers
             (merchant_id, name, addr1, addr2, addr3, phone, email, updated_ts)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (merchant_id) DO UPDATE SET name = excluded.name,
             addr1 = excluded.addr1, addr2 = excluded.addr2, addr3 = excluded.addr3,
             phone = excluded.phone, email = excluded.email, updated_ts = excluded.updated_ts`,
        )
        .run(
          merchantId,
          header.name,
          header.addr1,
          header.addr2,
          header.addr3,
          header.phone,
          header.email,
          nowTs,
        );
      return header;
    });
  }
}

/** A header with every field unset. */
export function emptyHeader(): ReceiptHeader {
  return { name: '', addr1: '', addr2: '', addr3: '', phone: '', email: '' };
}
