import type { DenyListEntry, DenyListStore, NewDenyListEntry } from '../deny-list-store.ts';
import type { SqliteSession } from './sqlite-session.ts';
import { type EntryRow, entryFromRow } from '../deny-list-store.ts';

/** Deny lists in SQLite (005_stored_value: card_deny_list). */
export class SqliteDenyListStore implements DenyListStore {
  readonly #s: SqliteSession;

  constructor(session: SqliteSession) {
    this.#s = session;
  }

  find(merchantId: number, fingerprint: string): Promise<DenyListEntry | undefined> {
    return this.#s.read(() => this.#find(merchantId, fingerprint));
  }

  list(merchantId: number): Promise<DenyListEntry[]> {
    return this.#s.read(() =>
      this.#s
        .prepare<[number], EntryRow>(
          'SELECT * FROM card_deny_list WHERE merchant_id = ? ORDER BY id',
        )
        .all(merchantId)
        .map(entryFromRow),
    );
  }

  add(entry: NewDenyListEntry, nowTs: number): Promise<DenyListEntry> {
    return this.#s.write(() => {
      this.#s
        .prepare(
          `INSERT INTO card_deny_list (merchant_id, fingerprint, account_masked, last4, ttid, note,
            created_ts) VALUES (?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (merchant_id, fingerprint) DO NOTHING`,
        )
        .run(
          entry.merchantId,
          entry.fingerprint,
          entry.accountMasked,
          entry.last4,
          entry.ttid,
          entry.note,
          nowTs,
        );
      const added = this.#find(entry.merchantId, entry.fingerprint);
      if (added === undefined) throw new Error('deny list entry vanished inside its own commit');
      return added;
    });
  }

  remove(merchantId: number, id: number): Promise<boolean> {
    return this.#s.write(
      () =>
        this.#s
          .prepare('DELETE FROM card_deny_list WHERE merchant_id = ? AND id = ?')
          .run(merchantId, id).changes > 0,
    );
  }

  #find(merchantId: number, fingerprint: string): DenyListEntry | undefined {
    const row = this.#s
      .prepare<[number, string], EntryRow>(
        'SELECT * FROM card_deny_list WHERE merchant_id = ? AND fingerprint = ?',
      )
      .get(merchantId, fingerprint);
    return row === undefined ? undefined : entryFromRow(row);
  }
}
