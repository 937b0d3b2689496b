import type { ReceiptHeader, ReceiptHeaderStore } from '../receipt-header-store.ts';
import type { SqliteSession } from './sqlite-session.ts';

const EMPTY: ReceiptHeader = { name: '', addr1: '', addr2: '', addr3: '', phone: '', email: '' };

/** Receipt headers in SQLite (007_receipt_header: receipt_headers). */
export class SqliteReceiptHeaderStore implements ReceiptHeaderStore {
  readonly #s: SqliteSession;

  constructor(session: SqliteSession) {
    this.#s = session;
  }

  find(merchantId: number): Promise<ReceiptHeader | undefined> {
    return this.#s.read(() => this.#find(merchantId));
  }

  update(
    merchantId: number,
    fields: Partial<ReceiptHeader>,
    nowTs: number,
  ): Promise<ReceiptHeader> {
    return this.#s.write(() => {
      const header = { ...EMPTY, ...this.#find(merchantId), ...fields };
      this.#s
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

  #find(merchantId: number): ReceiptHeader | undefined {
    return this.#s
      .prepare<[number], ReceiptHeader>(
        `SELECT name, addr1, addr2, addr3, phone, email FROM receipt_headers
         WHERE merchant_id = ?`,
      )
      .get(merchantId);
  }
}
