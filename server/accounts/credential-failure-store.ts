import type { EngineDatabase } from '../engine/store/statement-cache.ts';

/** What failures are counted against: a user, an API key id, or an address for unknown names. */
export type FailureKind = 'user' | 'api_key' | 'address';

/** One counted subject: users.id as text, a key id, or an address (migration 006). */
export interface FailureSubject {
  kind: FailureKind;
  subject: string;
}

/**
 * A limit of failed attempts: `maxFailures` within `windowMs` of the first one lock the subject for
 * `windowMs` from the failure that reached the limit (LaneTerm's rule; docs/security.md).
 */
export interface FailureLimit {
  maxFailures: number;
  windowMs: number;
}

/** The failures counted against a subject now. */
export interface FailureState {
  failures: number;
  /** Unix milliseconds until which the subject is refused unchecked; null below the limit. */
  lockedUntil: number | null;
}

/** A subject refused unchecked at the time asked, for `admin locked`. */
export interface LockedSubject extends FailureSubject, FailureState {
  lockedUntil: number;
}

interface StateRow {
  failures: number;
  locked_until: number | null;
}

const RECORD = `INSERT INTO credential_failures (kind, subject, failures, counted_until, locked_until)
  VALUES (@kind, @subject, 1, @now + @window, CASE WHEN @max <= 1 THEN @now + @window END)
  ON CONFLICT (kind, subject) DO UPDATE SET
    failures = CASE WHEN counted_until <= @now THEN 1 ELSE failures + 1 END,
    counted_until = CASE WHEN counted_until <= @now THEN @now + @window ELSE counted_until END,
    locked_until = CASE
      WHEN (CASE WHEN counted_until <= @now THEN 1 ELSE failures + 1 END) >= @max THEN @now + @window
      ELSE locked_until END
  RETURNING failures, locked_until`;

const PRUNE = `DELETE FROM credential_failures
  WHERE counted_until <= @now AND coalesce(locked_until, 0) <= @now`;

/**
 * Failed-authentication counts in the service store (migration 006). Every change is one statement,
 * so instances sharing the database count together; rows that no longer count are deleted as new
 * failures are written.
 */
export class CredentialFailureStore {
  readonly #db: EngineDatabase;

  constructor(db: EngineDatabase) {
    this.#db = db;
  }

  /** The subject's counted failures, or none. */
  state(subject: FailureSubject): FailureState | undefined {
    const row = this.#db
      .prepare<[string, string], StateRow>(
        'SELECT failures, locked_until FROM credential_failures WHERE kind = ? AND subject = ?',
      )
      .get(subject.kind, subject.subject);
    return row === undefined
      ? undefined
      : { failures: row.failures, lockedUntil: row.locked_until };
  }

  /** Counts one failure at `now` (Unix ms) under `limit`; returns the state it leaves. */
  record(subject: FailureSubject, limit: FailureLimit, now: number): FailureState {
    const values = { ...subject, now, window: limit.windowMs, max: limit.maxFailures };
    const row = this.#db.atomically(() => {
      this.#db.prepare(PRUNE).run({ now });
      return this.#db.prepare<[typeof values], StateRow>(RECORD).get(values);
    });
    return { failures: row?.failures ?? 1, lockedUntil: row?.locked_until ?? null };
  }

  /** Forgets the subject's failures (and lock); false when none were counted. */
  clear(subject: FailureSubject): boolean {
    const sql = 'DELETE FROM credential_failures WHERE kind = ? AND subject = ?';
    return this.#db.prepare(sql).run(subject.kind, subject.subject).changes === 1;
  }

  /** Every subject refused unchecked at `now` (Unix ms): users first, then keys, then addresses. */
  listLocked(now: number): LockedSubject[] {
    const sql = `SELECT kind, subject, failures, locked_until FROM credential_failures
      WHERE locked_until > ? ORDER BY CASE kind WHEN 'user' THEN 0 WHEN 'api_key' THEN 1 ELSE 2 END,
      locked_until`;
    type Row = StateRow & FailureSubject & { locked_until: number };
    return this.#db
      .prepare<[number], Row>(sql)
      .all(now)
      .map((row) => ({
        kind: row.kind,
        subject: row.subject,
        failures: row.failures,
        lockedUntil: row.locked_until,
      }));
  }
}
