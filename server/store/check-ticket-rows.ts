import type { CardEntrySession, TicketRefusal } from './card-ticket-store.ts';
import type { CheckRecord } from './check-store.ts';

/** A check_entries row with its transaction's merchant (009_checks), alike on both back ends. */
export interface CheckRow {
  ttid: number;
  merchant_id: number;
  abaroute: string;
  accounttype: string;
  account_sealed: Buffer | null;
  return_due_ts: number | null;
  return_code: string | null;
  return_reason: string | null;
  return_ts: number | null;
}

/** The SELECT of a check entry with its transaction's merchant, as CheckRow; both back ends. */
export const SELECT_CHECK = `SELECT c.*, t.merchant_id FROM check_entries c JOIN transactions t ON t.ttid = c.ttid`;

/** A check entry from its row. */
export function checkFromRow(row: CheckRow): CheckRecord {
  return {
    ttid: row.ttid,
    merchantId: row.merchant_id,
    abaroute: row.abaroute,
    accounttype: row.accounttype,
    accountSealed: row.account_sealed,
    returnDueTs: row.return_due_ts,
    returned:
      row.return_code === null
        ? null
        : { code: row.return_code, reason: row.return_reason ?? '', ts: row.return_ts ?? 0 },
  };
}

/** The columns of a card_entry_sessions row both back ends read (010_card_tickets). */
export interface SessionRow {
  merchant_id: number;
  profile_id: number;
  allowed_origin: string;
  expires_ts: number;
  used_ts: number | null;
}

/** The session of a row still open at nowTs (Unix seconds), or why it cannot be used. */
export function sessionFromRow(
  row: SessionRow | undefined,
  nowTs: number,
): CardEntrySession | TicketRefusal {
  if (row === undefined) return 'unknown';
  if (row.used_ts !== null) return 'used';
  if (row.expires_ts <= nowTs) return 'expired';
  return {
    merchantId: row.merchant_id,
    profileId: row.profile_id,
    allowedOrigin: row.allowed_origin,
    expiresTs: row.expires_ts,
  };
}
