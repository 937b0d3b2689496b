import type { InFlightDraft, InFlightRecord, InFlightStore } from '../in-flight-store.ts';
import { inFlightFromRow, type InFlightRow } from '../store-rows.ts';
import type { SqliteSession } from './sqlite-session.ts';

/** In-flight records in SQLite (008_in_flight); one service instance owns the database. */
export class SqliteInFlightStore implements InFlightStore {
  readonly #s: SqliteSession;

  constructor(session: SqliteSession) {
    this.#s = session;
  }

  findByOrder(merchantId: number, orderId: string): Promise<InFlightRecord[]> {
    return this.#s.read(() =>
      this.#s
        .prepare<[number, string], InFlightRow>(
          'SELECT * FROM in_flight WHERE merchant_id = ? AND order_id = ? ORDER BY id',
        )
        .all(merchantId, orderId)
        .map(inFlightFromRow),
    );
  }

  orphans(): Promise<InFlightRecord[]> {
    return this.#s.read(() =>
      this.#s
        .prepare<[], InFlightRow>('SELECT * FROM in_flight ORDER BY id')
        .all()
        .map(inFlightFromRow),
    );
  }

  insert(draft: InFlightDraft, cardSealed: Buffer | null, nowTs: number): Promise<InFlightRecord> {
    return this.#s.write(() => {
      const id = this.#s
        .prepare(
          `INSERT INTO in_flight (merchant_id, profile_id, order_id, draft_json, card_sealed,
            created_ts) VALUES (?, ?, ?, ?, ?, ?)`,
        )
        .run(
          draft.merchantId,
          draft.profileId,
          draft.orderId,
          JSON.stringify(draft),
          cardSealed,
          nowTs,
        ).lastInsertRowid;
      return { id: Number(id), draft, cardSealed, createdTs: nowTs };
    });
  }

  remove(id: number): Promise<void> {
    return this.#s.write(() => {
      this.#s.prepare('DELETE FROM in_flight WHERE id = ?').run(id);
    });
  }
}
