import { SqlInFlightStore, type InFlightDraft, type InFlightRecord } from '../in-flight-store.ts';

/** An in-flight insert waiting for the commit of its turn. */
interface Pending {
  draft: InFlightDraft;
  cardSealed: Buffer | null;
  nowTs: number;
  resolve: (record: InFlightRecord) => void;
  reject: (error: unknown) => void;
}

/**
 * True for a constraint SQLite refused the statement for: it undoes that statement alone and the
 * transaction goes on (SQLite's ON CONFLICT ABORT); any other error ends the transaction.
 */
function refusedAlone(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && code.startsWith('SQLITE_CONSTRAINT');
}

/**
 * In-flight records on SQLite (SqlInFlightStore) whose inserts arriving in one turn of the event
 * loop share one store transaction, so one commit and one flush, as outcomes share group commit:
 * each insert resolves once that commit is durable, so its message still goes online only after
 * its record is on disk (docs/architecture.md, In flight). An insert that fails is refused alone;
 * the others of its turn commit.
 */
export class SqliteInFlightStore extends SqlInFlightStore {
  #turn: Pending[] = [];

  override insert(
    draft: InFlightDraft,
    cardSealed: Buffer | null,
    nowTs: number,
  ): Promise<InFlightRecord> {
    return new Promise((resolve, reject) => {
      if (this.#turn.push({ draft, cardSealed, nowTs, resolve, reject }) === 1) {
        setImmediate(() => void this.#commitTurn());
      }
    });
  }

  /** Inserts the turn's records in one store transaction; answers each once it is durable. */
  async #commitTurn(): Promise<void> {
    const turn = this.#turn;
    this.#turn = [];
    const inserted: [Pending, InFlightRecord][] = [];
    try {
      await this.sql.write(async (session) => {
        for (const pending of turn) {
          const { draft, cardSealed, nowTs } = pending;
          try {
            inserted.push([pending, await this.insertWith(session, draft, cardSealed, nowTs)]);
          } catch (error) {
            if (!refusedAlone(error)) throw error;
            pending.reject(error);
          }
        }
      });
    } catch (error) {
      for (const pending of turn) pending.reject(error);
      return;
    }
    for (const [pending, record] of inserted) pending.resolve(record);
  }
}
