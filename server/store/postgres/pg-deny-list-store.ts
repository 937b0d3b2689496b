import type { DenyListEntry, DenyListStore, NewDenyListEntry } from '../deny-list-store.ts';
import type { PgSession } from './pg-session.ts';
import { type EntryRow, entryFromRow } from '../deny-list-store.ts';

const FIND = 'SELECT * FROM card_deny_list WHERE merchant_id = $1 AND fingerprint = $2';

/** Deny lists in PostgreSQL (005_stored_value: card_deny_list). */
export class PgDenyListStore implements DenyListStore {
  readonly #s: PgSession;

  constructor(session: PgSession) {
    this.#s = session;
  }

  async find(merchantId: number, fingerprint: string): Promise<DenyListEntry | undefined> {
    const row = await this.#s.get<EntryRow>(FIND, [merchantId, fingerprint]);
    return row === undefined ? undefined : entryFromRow(row);
  }

  async list(merchantId: number): Promise<DenyListEntry[]> {
    const rows = await this.#s.all<EntryRow>(
      'SELECT * FROM card_deny_list WHERE merchant_id = $1 ORDER BY id',
      [merchantId],
    );
    return rows.map(entryFromRow);
  }

  add(entry: NewDenyListEntry, nowTs: number): Promise<DenyListEntry> {
    return this.#s.write(async (s) => {
      await s.run(
        `INSERT INTO card_deny_list (merchant_id, fingerprint, account_masked, last4, ttid, note,
          created_ts) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (merchant_id, fingerprint) DO NOTHING`,
        [
          entry.merchantId,
          entry.fingerprint,
          entry.accountMasked,
          entry.last4,
          entry.ttid,
          entry.note,
          nowTs,
        ],
      );
      const added = await s.get<EntryRow>(FIND, [entry.merchantId, entry.fingerprint]);
      if (added === undefined) throw new Error('deny list entry vanished inside its own commit');
      return entryFromRow(added);
    });
  }

  async remove(merchantId: number, id: number): Promise<boolean> {
    const changed = await this.#s.run(
      'DELETE FROM card_deny_list WHERE merchant_id = $1 AND id = $2',
      [merchantId, id],
    );
    return changed > 0;
  }
}
