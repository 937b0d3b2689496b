import type { InFlightDraft, InFlightRecord, InFlightStore } from '../in-flight-store.ts';
import type { PgSession } from './pg-session.ts';

interface InFlightRow {
  id: number;
  draft_json: string;
  card_sealed: Buffer | null;
  created_ts: number;
}

function recordFromRow(row: InFlightRow): InFlightRecord {
  return {
    id: row.id,
    draft: JSON.parse(row.draft_json) as InFlightDraft,
    cardSealed: row.card_sealed,
    createdTs: row.created_ts,
  };
}

/** The first key of the advisory locks that tell running instances (pg_advisory_lock(int, int)). */
export const INSTANCE_LOCK_CLASS = 1_507_020_007;

/**
 * Claims the records whose owner holds no instance lock in this database (its instance stopped or
 * crashed): they become `$1`'s, under the rows' locks, so two instances starting at once never
 * both take one.
 */
const CLAIM_ORPHANS = `UPDATE in_flight f SET owner = $1 WHERE NOT EXISTS (
    SELECT 1 FROM pg_locks l
    WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND l.classid::bigint = ${INSTANCE_LOCK_CLASS} AND l.objid::bigint = f.owner)
  RETURNING id, draft_json, card_sealed, created_ts`;

/**
 * In-flight records in PostgreSQL (008_in_flight), shared by every instance: each record names the
 * instance working on it (`owner`, the key of the advisory lock it holds while it runs).
 */
export class PgInFlightStore implements InFlightStore {
  readonly #s: PgSession;
  readonly #owner: number;

  constructor(session: PgSession, owner: number) {
    this.#s = session;
    this.#owner = owner;
  }

  async findByOrder(merchantId: number, orderId: string): Promise<InFlightRecord[]> {
    const rows = await this.#s.all<InFlightRow>(
      'SELECT * FROM in_flight WHERE merchant_id = $1 AND order_id = $2 ORDER BY id',
      [merchantId, orderId],
    );
    return rows.map(recordFromRow);
  }

  /** The records of instances no longer running, claimed for this one; oldest first. */
  async orphans(): Promise<InFlightRecord[]> {
    const rows = await this.#s.all<InFlightRow>(CLAIM_ORPHANS, [this.#owner]);
    return rows.map(recordFromRow).sort((a, b) => a.id - b.id);
  }

  async insert(
    draft: InFlightDraft,
    cardSealed: Buffer | null,
    nowTs: number,
  ): Promise<InFlightRecord> {
    const row = await this.#s.get<{ id: number }>(
      `INSERT INTO in_flight (merchant_id, profile_id, order_id, draft_json, card_sealed,
        created_ts, owner) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [
        draft.merchantId,
        draft.profileId,
        draft.orderId,
        JSON.stringify(draft),
        cardSealed,
        nowTs,
        this.#owner,
      ],
    );
    if (row === undefined) throw new Error('in-flight row vanished inside its own commit');
    return { id: row.id, draft, cardSealed, createdTs: nowTs };
  }

  async remove(id: number): Promise<void> {
    await this.#s.run('DELETE FROM in_flight WHERE id = $1', [id]);
  }
}
