import { SqlArea } from './sql-session.ts';

/** What failures are counted against: a user, an API key id, or an address for unknown names. */
export type FailureKind = 'user' | 'api_key' | 'address';

/** One counted subject: users.id as text, a key id, or an address (006_credential_failures). */
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

/** Reading failure counts (store boundary). */
export interface CredentialFailureReads {
  /** The subject's counted failures, or none. */
  state(subject: FailureSubject): Promise<FailureState | undefined>;
  /** Every subject refused unchecked at `now` (Unix ms): users first, then keys, then addresses. */
  listLocked(now: number): Promise<LockedSubject[]>;
}

/**
 * Failed-authentication counts (006_credential_failures), shared by every instance over one
 * database. Each count is one atomic change, so instances counting at once lose none; rows that no
 * longer count are dropped as new failures are written.
 */
export interface CredentialFailureStore extends CredentialFailureReads {
  /** Counts one failure at `now` (Unix ms) under `limit`; returns the state it leaves. */
  record(subject: FailureSubject, limit: FailureLimit, now: number): Promise<FailureState>;
  /** Forgets the subject's failures (and lock); false when none were counted. */
  clear(subject: FailureSubject): Promise<boolean>;
}

interface StateRow {
  failures: number;
  locked_until: number | null;
}

/** $1 kind, $2 subject, $3 now, $4 window, $5 max: one upsert, atomic under the row's lock. */
const RECORD = `INSERT INTO credential_failures AS f (kind, subject, failures, counted_until, locked_until)
  VALUES ($1, $2, 1, CAST($3 AS bigint) + CAST($4 AS bigint),
    CASE WHEN CAST($5 AS bigint) <= 1 THEN CAST($3 AS bigint) + CAST($4 AS bigint) END)
  ON CONFLICT (kind, subject) DO UPDATE SET
    failures = CASE WHEN f.counted_until <= $3 THEN 1 ELSE f.failures + 1 END,
    counted_until = CASE WHEN f.counted_until <= $3 THEN CAST($3 AS bigint) + CAST($4 AS bigint)
      ELSE f.counted_until END,
    locked_until = CASE
      WHEN (CASE WHEN f.counted_until <= $3 THEN 1 ELSE f.failures + 1 END) >= $5
        THEN CAST($3 AS bigint) + CAST($4 AS bigint)
      ELSE f.locked_until END
  RETURNING failures, locked_until`;

const PRUNE = `DELETE FROM credential_failures
  WHERE counted_until <= $1 AND coalesce(locked_until, 0) <= $1`;

/** Failed-authentication counts in SQL (006_credential_failures): each count one upsert. */
export class SqlCredentialFailureStore extends SqlArea implements CredentialFailureStore {
  async state(subject: FailureSubject): Promise<FailureState | undefined> {
    const row = await this.sql.get<StateRow>(
      'SELECT failures, locked_until FROM credential_failures WHERE kind = $1 AND subject = $2',
      [subject.kind, subject.subject],
    );
    return row === undefined
      ? undefined
      : { failures: row.failures, lockedUntil: row.locked_until };
  }

  async listLocked(now: number): Promise<LockedSubject[]> {
    type Row = StateRow & FailureSubject & { locked_until: number };
    const rows = await this.sql.all<Row>(
      `SELECT kind, subject, failures, locked_until FROM credential_failures
       WHERE locked_until > $1
       ORDER BY CASE kind WHEN 'user' THEN 0 WHEN 'api_key' THEN 1 ELSE 2 END, locked_until`,
      [now],
    );
    return rows.map((row) => ({
      kind: row.kind,
      subject: row.subject,
      failures: row.failures,
      lockedUntil: row.locked_until,
    }));
  }

  record(subject: FailureSubject, limit: FailureLimit, now: number): Promise<FailureState> {
    return this.sql.write(async (s) => {
      await s.run(PRUNE, [now]);
      const row = await s.get<StateRow>(RECORD, [
        subject.kind,
        subject.subject,
        now,
        limit.windowMs,
        limit.maxFailures,
      ]);
      return { failures: row?.failures ?? 1, lockedUntil: row?.locked_until ?? null };
    });
  }

  async clear(subject: FailureSubject): Promise<boolean> {
    const changed = await this.sql.run(
      'DELETE FROM credential_failures WHERE kind = $1 AND subject = $2',
      [subject.kind, subject.subject],
    );
    return changed === 1;
  }
}
