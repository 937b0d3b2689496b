import type { BdkListing, BdkType } from './bdk-store.ts';
import type { InFlightDraft, InFlightRecord } from './in-flight-store.ts';
import type { OutboxCopy, OutboxRecord } from './receipt-outbox-store.ts';

/** The columns of an in_flight row both back ends read (008_in_flight). */
export interface InFlightRow {
  id: number;
  draft_json: string;
  card_sealed: Buffer | null;
  created_ts: number;
}

/** An in-flight record from its row. */
export function inFlightFromRow(row: InFlightRow): InFlightRecord {
  return {
    id: row.id,
    draft: JSON.parse(row.draft_json) as InFlightDraft,
    cardSealed: row.card_sealed,
    createdTs: row.created_ts,
  };
}

/** A base_derivation_keys row (004_card_present), alike on both back ends. */
export interface BdkRow {
  key_set_id: string;
  key_type: BdkType;
  key_sealed: Buffer;
  check_value: string;
  created_ts: number;
}

/** A registered key's listing from its row: never the key. */
export function bdkListingFromRow(row: BdkRow): BdkListing {
  return {
    keySetId: row.key_set_id,
    type: row.key_type,
    checkValue: row.check_value,
    createdTs: row.created_ts,
  };
}

/** A receipt_outbox row's columns as OutboxRecord fields (011_receipt_outbox). */
const OUTBOX_RECORD = `id, name, channel, recipient, subject, ttid,
  created_ts AS "createdTs", message`;

/** The receipt outbox's copies, oldest first, as OutboxRecord fields (011_receipt_outbox). */
export const SELECT_OUTBOX = `SELECT ${OUTBOX_RECORD} FROM receipt_outbox ORDER BY created_ts, name`;

/**
 * Removes the oldest copies, as many as the parameter `limit` names (`?` or `$1`), returning them
 * as OutboxRecord fields in no set order; `skipLocked` is " FOR UPDATE SKIP LOCKED" on PostgreSQL,
 * so rows another open transaction took are passed over, or "" on SQLite, whose writers take turns.
 */
export function takeOutboxSql(limit: string, skipLocked: string): string {
  return `DELETE FROM receipt_outbox WHERE id IN (SELECT id FROM receipt_outbox
    ORDER BY created_ts, name LIMIT ${limit}${skipLocked}) RETURNING ${OUTBOX_RECORD}`;
}

/** The copies oldest first, by time then name, as SELECT_OUTBOX orders them. */
export function oldestFirst(records: OutboxRecord[]): OutboxRecord[] {
  return records.sort((a, b) =>
    a.createdTs === b.createdTs ? (a.name < b.name ? -1 : 1) : a.createdTs - b.createdTs,
  );
}

/** The columns a copy is kept in, in the order the insert's values list them. */
export const OUTBOX_COLUMNS = 'name, channel, recipient, subject, ttid, created_ts, message';

/** A copy's values for the insert, in OUTBOX_COLUMNS order. */
export function outboxValues(
  copy: OutboxCopy,
): [string, string, string, string | null, string | null, number, string] {
  return [
    copy.name,
    copy.channel,
    copy.recipient,
    copy.subject,
    copy.ttid,
    copy.createdTs,
    copy.message,
  ];
}
