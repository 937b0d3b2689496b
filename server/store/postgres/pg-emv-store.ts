import type { EmvRecord, EmvStore } from '../emv-store.ts';
import type { PgSession } from './pg-session.ts';

/** EMV receipt data in PostgreSQL (004_card_present: transaction_emv). */
export class PgEmvStore implements EmvStore {
  readonly #s: PgSession;

  constructor(session: PgSession) {
    this.#s = session;
  }

  async insert(ttid: number, receipt: Record<string, string>): Promise<void> {
    await this.#s.run('INSERT INTO transaction_emv (ttid, receipt_json) VALUES ($1, $2)', [
      ttid,
      JSON.stringify(receipt),
    ]);
  }

  async find(ttid: number): Promise<EmvRecord | undefined> {
    const row = await this.#s.get<{ receipt_json: string; card_decline: boolean }>(
      'SELECT receipt_json, card_decline FROM transaction_emv WHERE ttid = $1',
      [ttid],
    );
    if (row === undefined) return undefined;
    return {
      receipt: JSON.parse(row.receipt_json) as Record<string, string>,
      cardDecline: row.card_decline,
    };
  }

  async recordCardDecline(ttid: number, receipt: Record<string, string>): Promise<void> {
    await this.#s.run(
      'UPDATE transaction_emv SET receipt_json = $1, card_decline = true WHERE ttid = $2',
      [JSON.stringify(receipt), ttid],
    );
  }
}
