import type { EngineDatabase } from './statement-cache.ts';

/** The EMV data kept with a chip or contactless transaction. */
export interface EmvRecord {
  /** The rcpt_emv_* fields: of the authorization, or of the chip's final data after a decline. */
  receipt: Record<string, string>;
  /** True once the card declined after the issuer approved and the transaction was reversed. */
  cardDecline: boolean;
}

interface EmvRow {
  receipt_json: string;
  card_decline: number;
}

/**
 * The EMV receipt data of chip and contactless transactions (table transaction_emv), written in
 * the commit of the transaction or of its card-decline reversal; never card data (the rcpt_emv_*
 * fields carry none).
 */
export class EmvStore {
  readonly #db: EngineDatabase;

  constructor(db: EngineDatabase) {
    this.#db = db;
  }

  /** Keeps a new transaction's receipt fields; call inside its commit. */
  insert(ttid: number, receipt: Record<string, string>): void {
    this.#db
      .prepare('INSERT INTO transaction_emv (ttid, receipt_json) VALUES (?, ?)')
      .run(ttid, JSON.stringify(receipt));
  }

  /** The EMV data of a transaction, or undefined when it was not a chip or contactless one. */
  find(ttid: number): EmvRecord | undefined {
    const row = this.#db
      .prepare('SELECT receipt_json, card_decline FROM transaction_emv WHERE ttid = ?')
      .get(ttid) as EmvRow | undefined;
    if (row === undefined) return undefined;
    return {
      receipt: JSON.parse(row.receipt_json) as Record<string, string>,
      cardDecline: row.card_decline === 1,
    };
  }

  /** Records the card's decline with the chip's final receipt fields; call inside the commit. */
  recordCardDecline(ttid: number, receipt: Record<string, string>): void {
    this.#db
      .prepare('UPDATE transaction_emv SET receipt_json = ?, card_decline = 1 WHERE ttid = ?')
      .run(JSON.stringify(receipt), ttid);
  }
}

/** The answer fields of stored EMV data: its rcpt_emv_* fields, rcpt_emv_card_decline=yes once set. */
export function emvRecordPairs(record: EmvRecord | undefined): Record<string, string> {
  if (record === undefined) return {};
  return record.cardDecline
    ? { ...record.receipt, rcpt_emv_card_decline: 'yes' }
    : { ...record.receipt };
}
