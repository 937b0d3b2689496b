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

/** A card_deny_list row as both back ends read it (005_stored_value). */
export interface EntryRow {
  id: number;
  merchant_id: number;
  account_masked: string;
  last4: string;
  ttid: number | null;
  note: string;
  created_ts: number;
}

/** A deny-list entry from its row. */
export function entryFromRow(row: EntryRow): DenyListEntry {
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
