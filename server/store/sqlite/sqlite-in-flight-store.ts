import { SqlInFlightStore, type InFlightDraft, type InFlightRecord } from '../in-flight-store.ts';

/**
 * In-flight records on SQLite (SqlInFlightStore) whose insert is a store transaction of its own, so
 * the inserts arriving in one turn of the event loop share the commit and the flush of that turn
 * (TurnCommit), as outcomes do: each resolves once that commit is durable, so its message still
 * goes online only after its record is on disk (docs/architecture.md, In flight), and one a
 * constraint refuses is rolled back to its savepoint alone.
 */
export class SqliteInFlightStore extends SqlInFlightStore {
  override insert(
    draft: InFlightDraft,
    cardSealed: Buffer | null,
    nowTs: number,
  ): Promise<InFlightRecord> {
    return this.sql.write((session) => this.insertWith(session, draft, cardSealed, nowTs));
  }
}
