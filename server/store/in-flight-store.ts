import { SqlArea, type SqlSession } from './sql-session.ts';
import type { NewTransaction } from './transaction-store.ts';

/**
 * What a new transaction in flight will be recorded as if it never completes: everything but its
 * outcome (docs/test-cards.md, In flight).
 */
export type InFlightDraft = Pick<
  NewTransaction,
  | 'merchantId'
  | 'profileId'
  | 'userId'
  | 'username'
  | 'kind'
  | 'operation'
  | 'parentTtid'
  | 'orderId'
  | 'reqAmount'
  | 'accountMasked'
  | 'last4'
  | 'cardtype'
  | 'cardholdername'
  | 'entryMode'
  | 'echo'
  | 'custom'
  | 'cardFingerprint'
>;

/**
 * A new transaction recorded before its message goes online, until its outcome is committed: order
 * lookups meanwhile answer "in progress", and a restart resolves what it left behind.
 */
export interface InFlightRecord {
  id: number;
  draft: InFlightDraft;
  /**
   * The account, sealed by the card vault (purpose "transaction"), when the processor checks the
   * card itself: a restart's reversal of the message carries it.
   */
  cardSealed: Buffer | null;
  createdTs: number;
}

/** Reading in-flight records (store boundary). */
export interface InFlightReads {
  /** The merchant's records of an order, oldest first. */
  findByOrder(merchantId: number, orderId: string): Promise<InFlightRecord[]>;
  /** Whether the record with this id is still in flight: its outcome not committed, nor settled. */
  isInFlight(id: number): Promise<boolean>;
  /**
   * Records no running service instance is working on, oldest first: at the start of the only
   * instance over a store, every record.
   */
  orphans(): Promise<InFlightRecord[]>;
}

/** New transactions in flight (008_in_flight). */
export interface InFlightStore extends InFlightReads {
  /** Records a transaction going online; returns the record. */
  insert(draft: InFlightDraft, cardSealed: Buffer | null, nowTs: number): Promise<InFlightRecord>;
  /**
   * Forgets a record, in the store transaction that commits its outcome. On a store shared by
   * instances, throws InFlightClaimedError when the record is no longer this instance's: another
   * took it over as an orphan and settles it, so this outcome must not be committed.
   */
  remove(id: number): Promise<void>;
}

/** An in-flight record another service instance took over (docs/architecture.md, The store). */
export class InFlightClaimedError extends Error {
  readonly code = 'IN_FLIGHT_CLAIMED';

  constructor(id: number) {
    super(`store: in-flight record ${id} was taken over by another instance, which settles it`);
    this.name = 'InFlightClaimedError';
  }
}

/** The columns of an in_flight row a record is read from (008_in_flight). */
export interface InFlightRow {
  id: number;
  draft_json: string;
  card_sealed: Buffer | null;
  created_ts: number;
}

/** An in-flight record from its row. */
export function inFlightFromRow(row: InFlightRow): InFlightRecord {
  return {
    id: row.id,
    draft: JSON.parse(row.draft_json) as InFlightDraft,
    cardSealed: row.card_sealed,
    createdTs: row.created_ts,
  };
}

/**
 * In-flight records in SQL (008_in_flight) where one service instance owns the database (SQLite):
 * every record is its own, so at its start every record is an orphan. On a store shared by
 * instances each record names its owner, the instance working on it (PgInFlightStore).
 */
export class SqlInFlightStore extends SqlArea implements InFlightStore {
  /** The owner written with each record, on a store shared by instances. */
  protected readonly owner: number | undefined;

  constructor(session: SqlSession, owner?: number) {
    super(session);
    this.owner = owner;
  }

  async findByOrder(merchantId: number, orderId: string): Promise<InFlightRecord[]> {
    const rows = await this.sql.all<InFlightRow>(
      'SELECT * FROM in_flight WHERE merchant_id = $1 AND order_id = $2 ORDER BY id',
      [merchantId, orderId],
    );
    return rows.map(inFlightFromRow);
  }

  async isInFlight(id: number): Promise<boolean> {
    return (
      (await this.sql.get('SELECT 1 AS found FROM in_flight WHERE id = $1', [id])) !== undefined
    );
  }

  async orphans(): Promise<InFlightRecord[]> {
    const rows = await this.sql.all<InFlightRow>('SELECT * FROM in_flight ORDER BY id');
    return rows.map(inFlightFromRow);
  }

  async insert(
    draft: InFlightDraft,
    cardSealed: Buffer | null,
    nowTs: number,
  ): Promise<InFlightRecord> {
    const owned = this.owner === undefined ? [] : [this.owner];
    const id = await this.sql.insertRow(
      `INSERT INTO in_flight (merchant_id, profile_id, order_id, draft_json, card_sealed,
        created_ts${owned.length > 0 ? ', owner' : ''})
       VALUES ($1, $2, $3, $4, $5, $6${owned.length > 0 ? ', $7' : ''})`,
      [
        draft.merchantId,
        draft.profileId,
        draft.orderId,
        JSON.stringify(draft),
        cardSealed,
        nowTs,
        ...owned,
      ],
      'id',
    );
    return { id, draft, cardSealed, createdTs: nowTs };
  }

  async remove(id: number): Promise<void> {
    await this.sql.run('DELETE FROM in_flight WHERE id = $1', [id]);
  }
}
