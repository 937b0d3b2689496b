import type { EngineDatabase } from './statement-cache.ts';

/** One card on a merchant's deny list (seed: carddenylist_check, carddenylist_id). */
export interface DenyListEntry {
  /** carddenylist_id. */
  id: number;
  merchantId: number;
  accountMasked: string;
  last4: string;
  /** The declined transaction that added the card (carddenylist_decline), if one did. */
  ttid: number | null;
  note: string;
  createdTs: number;
}

/** A card to put on the deny list: its keyed fingerprint and how it shows. */
export interface NewDenyListEntry {
  merchantId: number;
  fingerprint: string;
  accountMasked: string;
  last4: string;
  ttid: number | null;
  note: string;
}

interface EntryRow {
  id: number;
  merchant_id: number;
  account_masked: string;
  last4: string;
  ttid: number | null;
  note: string;
  created_ts: number;
}

function entryFromRow(row: EntryRow): DenyListEntry {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    accountMasked: row.account_masked,
    last4: row.last4,
    ttid: row.ttid,
    note: row.note,
    createdTs: row.created_ts,
  };
}

/**
 * Each merchant's card deny list, keyed by the keyed HMAC-SHA256 fingerprint of the account
 * number (CardVault.fingerprint): a card is matched without its number being stored.
 */
export class DenyListStore {
  readonly #db: EngineDatabase;

  constructor(db: EngineDatabase) {
    this.#db = db;
  }

  /** The merchant's entry for the card with that fingerprint. */
  find(merchantId: number, fingerprint: string): DenyListEntry | undefined {
    const row = this.#db
      .prepare<[number, string], EntryRow>(
        'SELECT * FROM card_deny_list WHERE merchant_id = ? AND fingerprint = ?',
      )
      .get(merchantId, fingerprint);
    return row === undefined ? undefined : entryFromRow(row);
  }

  /** Adds a card (once: a card already listed keeps its entry); returns its entry. */
  add(entry: NewDenyListEntry, nowTs: number): DenyListEntry {
    this.#db
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
    const added = this.find(entry.merchantId, entry.fingerprint);
    if (added === undefined) throw new Error('deny list entry vanished inside its own commit');
    return added;
  }

  /** The merchant's entries, oldest first. */
  list(merchantId: number): DenyListEntry[] {
    return this.#db
      .prepare<[number], EntryRow>('SELECT * FROM card_deny_list WHERE merchant_id = ? ORDER BY id')
      .all(merchantId)
      .map(entryFromRow);
  }

  /** Removes the merchant's entry with that id; false when it has none such. */
  remove(merchantId: number, id: number): boolean {
    return (
      this.#db
        .prepare('DELETE FROM card_deny_list WHERE merchant_id = ? AND id = ?')
        .run(merchantId, id).changes > 0
    );
  }
}
