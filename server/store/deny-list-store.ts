import { SqlArea } from './sql-session.ts';

/** One card on a merchant's deny list (docs/interface.md › carddenylist_check, carddenylist_id). */
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

/** Reading deny lists (store boundary). */
export interface DenyListReads {
  /** The merchant's entry for the card with that fingerprint. */
  find(merchantId: number, fingerprint: string): Promise<DenyListEntry | undefined>;
  /** The merchant's entries, oldest first. */
  list(merchantId: number): Promise<DenyListEntry[]>;
}

/**
 * Each merchant's card deny list, keyed by the keyed HMAC-SHA256 fingerprint of the account
 * number (CardVault.fingerprint): a card is matched without its number being stored.
 */
export interface DenyListStore extends DenyListReads {
  /** Adds a card (once: a card already listed keeps its entry); returns its entry. */
  add(entry: NewDenyListEntry, nowTs: number): Promise<DenyListEntry>;
  /** Removes the merchant's entry with that id; false when it has none such. */
  remove(merchantId: number, id: number): Promise<boolean>;
}

/** A card_deny_list row (005_stored_value). */
interface EntryRow {
  id: number;
  merchant_id: number;
  account_masked: string;
  last4: string;
  ttid: number | null;
  note: string;
  created_ts: number;
}

/** A deny-list entry from its row. */
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

const FIND = 'SELECT * FROM card_deny_list WHERE merchant_id = $1 AND fingerprint = $2';

/** Deny lists in SQL (005_stored_value: card_deny_list), the same on every back end. */
export class SqlDenyListStore extends SqlArea implements DenyListStore {
  async find(merchantId: number, fingerprint: string): Promise<DenyListEntry | undefined> {
    const row = await this.sql.get<EntryRow>(FIND, [merchantId, fingerprint]);
    return row === undefined ? undefined : entryFromRow(row);
  }

  async list(merchantId: number): Promise<DenyListEntry[]> {
    const rows = await this.sql.all<EntryRow>(
      'SELECT * FROM card_deny_list WHERE merchant_id = $1 ORDER BY id',
      [merchantId],
    );
    return rows.map(entryFromRow);
  }

  add(entry: NewDenyListEntry, nowTs: number): Promise<DenyListEntry> {
    return this.sql.write(async (s) => {
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
    const changed = await this.sql.run(
      'DELETE FROM card_deny_list WHERE merchant_id = $1 AND id = $2',
      [merchantId, id],
    );
    return changed > 0;
  }
}
