import type Database from 'better-sqlite3';
import type { EntryRow } from './journal-rows.ts';
import { entryFromRow } from './journal-rows.ts';
import type { JournalEntry, Outcome } from './journal-types.ts';

/**
 * The card fields an offline approval is forwarded with, exactly as the reader produced them
 * (encrypted e_ fields, the icc with its cryptogram, rfid, expdate): never a clear PAN or track.
 */
export type ForwardCard = Readonly<Record<string, string>>;

/** An offline approval in the queue, with the card fields it will be forwarded with. */
export interface QueuedOffline {
  readonly entry: JournalEntry;
  readonly card: ForwardCard;
}

/** The waiting offline approvals: how many, their value, the oldest's time (epoch ms). */
export interface OfflineTotals {
  readonly count: number;
  readonly valueMinor: number;
  readonly oldestAt?: number;
}

/** Request fields that are card data in the clear: an offline approval never stores them. */
const CLEAR_CARD_FIELDS: ReadonlySet<string> = new Set(['account', 'trackdata', 'cv']);

/**
 * The first field of `card` an offline approval may not store, with its rule: card data in the
 * clear, or a PIN block without the KSN it was encrypted under (docs/lane.md › Offline: PIN debit
 * is queued only as the pad's DUKPT block and KSN).
 */
function unstorable(card: ForwardCard): string | undefined {
  const clear = Object.keys(card).find((field) => CLEAR_CARD_FIELDS.has(field));
  if (clear !== undefined) return `${clear}: card data in the clear is never queued`;
  if (card['pin'] !== undefined && card['ksn'] === undefined)
    return 'pin: a PIN block is queued only with the ksn the pad encrypted it under';
  return undefined;
}

/**
 * The journal's store-and-forward queue (docs/lane.md › Offline): an entry that was not sent
 * becomes an offline approval with the reader's encrypted card fields; it is forwarded in
 * journal order, marked forwarding before its request leaves, and its card fields are removed
 * once the service answered it (forwarded or declined).
 */
export class OfflineEntries {
  readonly #db: Database.Database;
  readonly #changed: (id: string) => JournalEntry;

  constructor(db: Database.Database, changed: (id: string) => JournalEntry) {
    this.#db = db;
    this.#changed = changed;
  }

  /**
   * Approves offline an entry whose request was never sent, keeping the card fields (a PIN debit's
   * encrypted block and KSN among them) for its forwarding, with the manager who passed a limit
   * for it, and ends its workflow when asked, in one commit. A RangeError names a field it may not store (unstorable); undefined when the entry
   * is not a sale that was not sent.
   */
  approve(
    id: string,
    card: ForwardCard,
    endWorkflow: string | undefined,
    at = Date.now(),
    overriddenBy?: string,
  ): JournalEntry | undefined {
    const refused = unstorable(card);
    if (refused !== undefined) throw new RangeError(refused);
    const done = this.#db.transaction(() => {
      const changed = this.#db
        .prepare(
          `UPDATE entries SET state = 'approved', approved_minor = amount_minor, reason = NULL,
               decided_by = 'lane', offline = 'waiting', offline_card = ?, offline_override = ?,
               updated_at = ?
             WHERE id = ? AND state = 'not_charged' AND reason = 'not_sent' AND operation = 'sale'`,
        )
        .run(JSON.stringify(card), overriddenBy ?? null, at, id);
      if (changed.changes === 1 && endWorkflow !== undefined) {
        this.#db
          .prepare(
            `UPDATE workflows SET state = 'complete', ended_at = ? WHERE id = ? AND state = 'running'`,
          )
          .run(at, endWorkflow);
      }
      return changed.changes === 1;
    })();
    return done ? this.#changed(id) : undefined;
  }

  /**
   * The offline approvals not yet answered by the service (waiting or forwarding), oldest first;
   * only those of training mode or only real ones when `training` is given.
   */
  queued(training?: boolean): QueuedOffline[] {
    const all = this.#db
      .prepare(`SELECT * FROM entries WHERE offline IN ('waiting', 'forwarding') ORDER BY seq`)
      .all() as EntryRow[];
    const rows =
      training === undefined ? all : all.filter((row) => row.training === (training ? 1 : 0));
    return rows.map((row) => ({
      entry: entryFromRow(row),
      card: JSON.parse(row.offline_card ?? '{}') as ForwardCard,
    }));
  }

  /** How many offline approvals wait (training ones apart), their value and the oldest's time. */
  totals(training: boolean): OfflineTotals {
    const row = this.#db
      .prepare(
        `SELECT COUNT(*) AS count, COALESCE(SUM(amount_minor), 0) AS value, MIN(created_at) AS oldest
           FROM entries WHERE offline IN ('waiting', 'forwarding') AND training = ?`,
      )
      .get(training ? 1 : 0) as { count: number; value: number; oldest: number | null };
    return {
      count: row.count,
      valueMinor: row.value,
      ...(row.oldest === null ? {} : { oldestAt: row.oldest }),
    };
  }

  /** Marks an offline approval as forwarding: committed before its request leaves. */
  forwarding(id: string, at = Date.now()): JournalEntry {
    this.#db
      .prepare(`UPDATE entries SET offline = 'forwarding', updated_at = ? WHERE id = ?`)
      .run(at, id);
    return this.#changed(id);
  }

  /** Puts a forwarding entry back to waiting: its request certainly never left. */
  notSent(id: string, at = Date.now()): JournalEntry {
    this.#db
      .prepare(
        `UPDATE entries SET offline = 'waiting', updated_at = ? WHERE id = ? AND offline = 'forwarding'`,
      )
      .run(at, id);
    return this.#changed(id);
  }

  /**
   * The service's answer to a forwarded offline approval: approved keeps the entry approved with
   * the service's ttid and auth (forwarded); a decline makes it declined (the manager's list).
   * Its card fields are removed in the same commit.
   */
  answered(id: string, outcome: Outcome, at = Date.now()): JournalEntry {
    const approved = outcome.state === 'approved' || outcome.state === 'partial';
    this.#db
      .prepare(
        `UPDATE entries SET offline = @offline, offline_card = NULL, ttid = @ttid, auth = @auth,
             state = CASE WHEN @approved = 1 THEN state ELSE 'declined' END,
             reason = @reason, decided_by = @decidedBy, verbiage = @verbiage,
             answer = @answer, updated_at = @at
           WHERE id = @id`,
      )
      .run({
        id,
        at,
        approved: approved ? 1 : 0,
        offline: approved ? 'forwarded' : 'declined',
        ttid: outcome.ttid ?? null,
        auth: outcome.auth ?? null,
        reason: approved ? null : (outcome.reason ?? 'declined'),
        decidedBy: approved ? 'lane' : (outcome.decidedBy ?? 'processor'),
        verbiage: outcome.verbiage ?? null,
        answer: outcome.answer === undefined ? null : JSON.stringify(outcome.answer),
      });
    return this.#changed(id);
  }

  /**
   * The manager saw sales declined on forwarding (docs/lane.md › Offline): the one given, or every
   * one not seen yet of `training`'s mode, is marked seen (acknowledged_at) in one commit; answers
   * how many were marked.
   */
  seen(training: boolean, id?: string, at = Date.now()): number {
    return this.#db
      .prepare(
        `UPDATE entries SET acknowledged_at = @at
           WHERE offline = 'declined' AND acknowledged_at IS NULL AND training = @training
             AND (@id IS NULL OR id = @id)`,
      )
      .run({ at, training: training ? 1 : 0, id: id ?? null }).changes;
  }

  /** The offline approvals the service declined on forwarding, newest first: the manager's list. */
  declined(): JournalEntry[] {
    const rows = this.#db
      .prepare(`SELECT * FROM entries WHERE offline = 'declined' ORDER BY seq DESC`)
      .all() as EntryRow[];
    return rows.map(entryFromRow);
  }
}
