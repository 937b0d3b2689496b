import type { EmvRecord, EmvStore } from '../emv-store.ts';
import type { SqliteSession } from './sqlite-session.ts';

interface EmvRow {
  receipt_json: string;
  card_decline: number;
}

/** EMV receipt data in SQLite (004_card_present: transaction_emv). */
export class SqliteEmvStore implements EmvStore {
  readonly #s: SqliteSession;

  constructor(session: SqliteSession) {
    this.#s = session;
  }

  insert(ttid: number, receipt: Record<string, string>): Promise<void> {
    return this.#s.write(() => {
      this.#s
        .prepare('INSERT INTO transaction_emv (ttid, receipt_json) VALUES (?, ?)')
        .run(ttid, JSON.stringify(receipt));
    });
  }

  find(ttid: number): Promise<EmvRecord | undefined> {
    return this.#s.read(() => {
      const row = this.#s
        .prepare<[number], EmvRow>(
          'SELECT receipt_json, card_decline FROM transaction_emv WHERE ttid = ?',
        )
        .get(ttid);
      if (row === undefined) return undefined;
      return {
        receipt: JSON.parse(row.receipt_json) as Record<string, string>,
        cardDecline: row.card_decline === 1,
      };
    });
  }

  recordCardDecline(ttid: number, receipt: Record<string, string>): Promise<void> {
    return this.#s.write(() => {
      this.#s
        .prepare('UPDATE transaction_emv SET receipt_json = ?, card_decline = 1 WHERE ttid = ?')
        .run(JSON.stringify(receipt), ttid);
    });
  }
}
