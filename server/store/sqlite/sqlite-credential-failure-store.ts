import type {
  CredentialFailureStore,
  FailureLimit,
  FailureState,
  FailureSubject,
  LockedSubject,
} from '../credential-failure-store.ts';
import type { SqliteSession } from './sqlite-session.ts';

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

/** Failed-authentication counts in SQLite (006_credential_failures): each count one upsert. */
export class SqliteCredentialFailureStore implements CredentialFailureStore {
  readonly #s: SqliteSession;

  constructor(session: SqliteSession) {
    this.#s = session;
  }

  state(subject: FailureSubject): Promise<FailureState | undefined> {
    return this.#s.read(() => {
      const row = this.#s
        .prepare<[string, string], StateRow>(
          'SELECT failures, locked_until FROM credential_failures WHERE kind = ? AND subject = ?',
        )
        .get(subject.kind, subject.subject);
      return row === undefined
        ? undefined
        : { failures: row.failures, lockedUntil: row.locked_until };
    });
  }

  listLocked(now: number): Promise<LockedSubject[]> {
    const sql = `SELECT kind, subject, failures, locked_until FROM credential_failures
      WHERE locked_until > ? ORDER BY CASE kind WHEN 'user' THEN 0 WHEN 'api_key' THEN 1 ELSE 2 END,
      locked_until`;
    type Row = StateRow & FailureSubject & { locked_until: number };
    return this.#s.read(() =>
      this.#s
        .prepare<[number], Row>(sql)
        .all(now)
        .map((row) => ({
          kind: row.kind,
          subject: row.subject,
          failures: row.failures,
          lockedUntil: row.locked_until,
        })),
    );
  }

  record(subject: FailureSubject, limit: FailureLimit, now: number): Promise<FailureState> {
    const values = { ...subject, now, window: limit.windowMs, max: limit.maxFailures };
    return this.#s.write(() => {
      this.#s.prepare(PRUNE).run({ now });
      const row = this.#s.prepare<[typeof values], StateRow>(RECORD).get(values);
      return { failures: row?.failures ?? 1, lockedUntil: row?.locked_until ?? null };
    });
  }

  clear(subject: FailureSubject): Promise<boolean> {
    const sql = 'DELETE FROM credential_failures WHERE kind = ? AND subject = ?';
    return this.#s.write(
      () => this.#s.prepare(sql).run(subject.kind, subject.subject).changes === 1,
    );
  }
}
