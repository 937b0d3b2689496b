import Database from 'better-sqlite3';
import type { EntryState } from '../../main/lane/journal/journal-types.ts';
import type { LaneOutcome, LaneRecord, SoakOp } from './soak-lane.ts';

/** A journal row as the reconciliation needs it (docs/lane.md, Journal): no card data. */
interface EntryRow {
  operation: string;
  order_id: string | null;
  target_ttid: string | null;
  state: EntryState;
  ttid: string | null;
  reason: string | null;
}

/** The lane's own word on an entry: definite states as they are, pending and unknown as unknown. */
const OUTCOME: Record<EntryState, LaneOutcome> = {
  pending: 'unknown',
  unknown: 'unknown',
  approved: 'approved',
  partial: 'approved',
  declined: 'declined',
  not_charged: 'not charged',
};

/**
 * Refusals by the service rather than answers on the card (main/lane/decline-reasons.ts: SYS_
 * failures, busy, a setup or account refusal): the service may hold no transaction for them, so
 * the store must hold no charge, as for a request never sent.
 */
const REFUSALS = new Set(['service_unavailable', 'processor_unavailable', 'lane_setup']);

/** Moves a lane makes on a ttid, reconciled by the mark they leave on it. */
const MOVES = new Set<string>(['reversal', 'void', 'preauthcomplete']);

/** New transactions a lane makes under its own order id. */
const NEW = new Set<string>(['sale', 'preauth', 'refund', 'issue']);

/**
 * Every entry of a lane's journal on disk as the record the soak reconciles (docs/scaling.md, The
 * lane soak): new transactions by their order id, moves (reversal, void, completion) by the ttid
 * they act on. Offline approvals have no place here (the soak lanes never go offline); any other
 * operation is answered as an error, so nothing in the journal is passed over unchecked.
 */
export function journalRecords(path: string, lane: string): LaneRecord[] {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const rows = db
      .prepare(
        'SELECT operation, order_id, target_ttid, state, ttid, reason FROM entries ORDER BY seq',
      )
      .all() as EntryRow[];
    return rows.map((row) => {
      const op = row.operation as SoakOp;
      const refused = row.state === 'declined' && REFUSALS.has(row.reason ?? '');
      const outcome = refused ? 'not charged' : OUTCOME[row.state];
      const base = { lane, transport: 'lane', op, outcome };
      if (MOVES.has(row.operation) && row.target_ttid !== null) {
        return { ...base, ttid: row.target_ttid };
      }
      if (!NEW.has(row.operation) || row.order_id === null) {
        throw new Error(`${lane}: journal entry ${row.operation} cannot be reconciled`);
      }
      return {
        ...base,
        orderId: row.order_id,
        ...(row.ttid !== null && outcome === 'approved' && { ttid: row.ttid }),
      };
    });
  } finally {
    db.close();
  }
}
