import { SqlArea } from './sql-session.ts';

/** The EMV data kept with a chip or contactless transaction. */
export interface EmvRecord {
  /** The rcpt_emv_* fields: of the authorization, or of the chip's final data after a decline. */
  receipt: Record<string, string>;
  /** True once the card declined after the issuer approved and the transaction was reversed. */
  cardDecline: boolean;
}

/**
 * The EMV receipt data of chip and contactless transactions (004_card_present: transaction_emv),
 * written in the commit of the transaction or of its card-decline reversal; never card data (the
 * rcpt_emv_* fields carry none).
 */
export interface EmvStore {
  /** Keeps a new transaction's receipt fields; call inside its commit. */
  insert(ttid: number, receipt: Record<string, string>): Promise<void>;
  /** The EMV data of a transaction, or undefined when it was not a chip or contactless one. */
  find(ttid: number): Promise<EmvRecord | undefined>;
  /** Records the card's decline with the chip's final receipt fields; call inside the commit. */
  recordCardDecline(ttid: number, receipt: Record<string, string>): Promise<void>;
}

/** EMV receipt data in SQL (004_card_present: transaction_emv), the same on every back end. */
export class SqlEmvStore extends SqlArea implements EmvStore {
  async insert(ttid: number, receipt: Record<string, string>): Promise<void> {
    await this.sql.run('INSERT INTO transaction_emv (ttid, receipt_json) VALUES ($1, $2)', [
      ttid,
      JSON.stringify(receipt),
    ]);
  }

  async find(ttid: number): Promise<EmvRecord | undefined> {
    const row = await this.sql.get<{ receipt_json: string; card_decline: boolean | number }>(
      'SELECT receipt_json, card_decline FROM transaction_emv WHERE ttid = $1',
      [ttid],
    );
    if (row === undefined) return undefined;
    return {
      receipt: JSON.parse(row.receipt_json) as Record<string, string>,
      cardDecline: Boolean(row.card_decline),
    };
  }

  async recordCardDecline(ttid: number, receipt: Record<string, string>): Promise<void> {
    await this.sql.run(
      'UPDATE transaction_emv SET receipt_json = $1, card_decline = $2 WHERE ttid = $3',
      [JSON.stringify(receipt), true, ttid],
    );
  }
}
