import {
  InFlightClaimedError,
  SqlInFlightStore,
  inFlightFromRow,
  type InFlightRecord,
  type InFlightRow,
} from '../in-flight-store.ts';
import type { SqlSession } from '../sql-session.ts';
import { pause } from './pg-connections.ts';
import { holdsInstanceLock, instanceRuns, NOW_MS } from './pg-instance-lease.ts';

/**
 * Claims the records whose owner no longer runs (instanceRuns: no lock, no live lease): they become
 * `$1`'s, under the rows' locks, so two instances starting at once never both take one.
 */
const CLAIM_ORPHANS = `UPDATE in_flight f SET owner = $1 WHERE NOT ${instanceRuns('f.owner')}
  RETURNING id, draft_json, card_sealed, created_ts`;

/**
 * Milliseconds until the last live lease of an owner of records that holds no lock runs out: an
 * instance taking its lock again after a failover, or one that crashed less than a lease ago.
 */
const LEASE_WAIT = `SELECT max(i.lease_until) - ${NOW_MS} AS wait FROM instances i
  WHERE i.lease_until > ${NOW_MS} AND NOT ${holdsInstanceLock('i.owner')}
    AND EXISTS (SELECT 1 FROM in_flight f WHERE f.owner = i.owner)`;

/** Forgets the leases run out of instances that hold no lock: they stopped without closing. */
const FORGET_LAPSED = `DELETE FROM instances i WHERE i.lease_until <= ${NOW_MS}
  AND NOT ${holdsInstanceLock('i.owner')}`;

/**
 * In-flight records in PostgreSQL (008_in_flight), shared by every instance: each record names the
 * instance working on it (`owner`, the key of the advisory lock it holds while it runs).
 */
export class PgInFlightStore extends SqlInFlightStore {
  readonly #owner: number;

  constructor(session: SqlSession, owner: number) {
    super(session, owner);
    this.#owner = owner;
  }

  /**
   * The records of instances no longer running, claimed for this one; oldest first. Records of an
   * instance whose lock is gone but whose lease is live are waited for, looking twice a second (at
   * most LEASE_MS): it either takes its lock again and keeps them, or its lease lapses and they are
   * claimed.
   */
  override async orphans(): Promise<InFlightRecord[]> {
    const claimed: InFlightRecord[] = [];
    for (;;) {
      const rows = await this.sql.all<InFlightRow>(CLAIM_ORPHANS, [this.#owner]);
      claimed.push(...rows.map(inFlightFromRow));
      const wait = (await this.sql.get<{ wait: number | null }>(LEASE_WAIT))?.wait ?? null;
      if (wait === null) break;
      await pause(Math.min(wait + 50, 500));
    }
    await this.sql.run(FORGET_LAPSED);
    return claimed.sort((a, b) => a.id - b.id);
  }

  /** Deletes the record only while this instance owns it (a fence against a takeover). */
  override async remove(id: number): Promise<void> {
    const removed = await this.sql.run('DELETE FROM in_flight WHERE id = $1 AND owner = $2', [
      id,
      this.#owner,
    ]);
    if (removed !== 1) throw new InFlightClaimedError(id);
  }
}
