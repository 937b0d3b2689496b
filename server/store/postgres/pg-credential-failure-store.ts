import type {
  CredentialFailureStore,
  FailureLimit,
  FailureState,
  FailureSubject,
  LockedSubject,
} from '../credential-failure-store.ts';
import type { PgSession } from './pg-session.ts';

interface StateRow {
  failures: number;
  locked_until: number | null;
}

/** $1 kind, $2 subject, $3 now, $4 window, $5 max: one upsert, atomic under the row's lock. */
const RECORD = `INSERT INTO credential_failures AS f (kind, subject, failures, counted_until, locked_until)
  VALUES ($1, $2, 1, $3::bigint + $4::bigint,
    CASE WHEN $5::bigint <= 1 THEN $3::bigint + $4::bigint END)
  ON CONFLICT (kind, subject) DO UPDATE SET
    failures = CASE WHEN f.counted_until <= $3 THEN 1 ELSE f.failures + 1 END,
    counted_until = CASE WHEN f.counted_until <= $3 THEN $3::bigint + $4::bigint
      ELSE f.counted_until END,
    locked_until = CASE
      WHEN (CASE WHEN f.counted_until <= $3 THEN 1 ELSE f.failures + 1 END) >= $5
        THEN $3::bigint + $4::bigint
      ELSE f.locked_until END
  RETURNING failures, locked_until`;

const PRUNE = `DELETE FROM credential_failures
  WHERE counted_until <= $1 AND coalesce(locked_until, 0) <= $1`;

/** Failed-authentication counts in PostgreSQL (006_credential_failures): each count one upsert. */
export class PgCredentialFailureStore implements CredentialFailureStore {
  readonly #s: PgSession;

  constructor(session: PgSession) {
    this.#s = session;
  }

  async state(subject: FailureSubject): Promise<FailureState | undefined> {
    const row = await this.#s.get<StateRow>(
      'SELECT failures, locked_until FROM credential_failures WHERE kind = $1 AND subject = $2',
      [subject.kind, subject.subject],
    );
    return row === undefined
      ? undefined
      : { failures: row.failures, lockedUntil: row.locked_until };
  }

  async listLocked(now: number): Promise<LockedSubject[]> {
    type Row = StateRow & FailureSubject & { locked_until: number };
    const rows = await this.#s.all<Row>(
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
    return this.#s.write(async (s) => {
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
    const changed = await this.#s.run(
      'DELETE FROM credential_failures WHERE kind = $1 AND subject = $2',
      [subject.kind, subject.subject],
    );
    return changed === 1;
  }
}
