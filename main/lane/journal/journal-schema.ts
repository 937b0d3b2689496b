import type Database from 'better-sqlite3';
import { LaneFault } from '../errors.ts';

/**
 * The journal's schema steps, applied in order under PRAGMA user_version, each in one transaction
 * with its version bump. Card data in the clear has no column: entries hold masked cards and
 * masked answers; an offline approval waiting to be forwarded holds the reader's own encrypted
 * output (e_ fields, icc) until it is forwarded (docs/lane.md › Offline).
 */
const STEPS: readonly string[] = [
  `CREATE TABLE workflows (
     id TEXT PRIMARY KEY,
     kind TEXT NOT NULL,
     state TEXT NOT NULL CHECK (state IN ('running', 'complete', 'cancelled')),
     training INTEGER NOT NULL,
     started_at INTEGER NOT NULL,
     ended_at INTEGER
   );
   CREATE TABLE entries (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     id TEXT NOT NULL UNIQUE,
     workflow_id TEXT NOT NULL REFERENCES workflows(id),
     operation TEXT NOT NULL,
     purpose TEXT NOT NULL CHECK (purpose IN ('cashier', 'compensate')),
     parent_id TEXT REFERENCES entries(id),
     order_id TEXT UNIQUE,
     target_ttid TEXT,
     amount_minor INTEGER NOT NULL,
     tip_minor INTEGER,
     tender TEXT,
     card TEXT,
     training INTEGER NOT NULL,
     state TEXT NOT NULL CHECK (state IN
       ('pending', 'unknown', 'approved', 'partial', 'declined', 'not_charged')),
     created_at INTEGER NOT NULL,
     updated_at INTEGER NOT NULL,
     ttid TEXT,
     auth TEXT,
     approved_minor INTEGER,
     balance_minor INTEGER,
     reason TEXT,
     decided_by TEXT,
     verbiage TEXT,
     answer TEXT,
     marks TEXT NOT NULL DEFAULT '',
     refunded_minor INTEGER NOT NULL DEFAULT 0,
     attempts INTEGER NOT NULL DEFAULT 0,
     unknown_detail TEXT
   );
   CREATE INDEX entries_state ON entries(state) WHERE state IN ('pending', 'unknown');
   CREATE INDEX entries_workflow ON entries(workflow_id);
   CREATE TABLE lane_state (
     key TEXT PRIMARY KEY,
     value TEXT NOT NULL
   );`,
  // The card's final decision on a completed contact chip (TC or AAC, its AC, TVR, TSI): no card data.
  `ALTER TABLE entries ADD COLUMN chip TEXT;`,
  // Workflows a stop or a crash cut short, and the cashier's acknowledgment of their entries; the
  // moves on an entry found by its parent.
  `ALTER TABLE workflows ADD COLUMN interrupted_at INTEGER;
   ALTER TABLE entries ADD COLUMN acknowledged_at INTEGER;
   CREATE INDEX entries_parent ON entries(parent_id) WHERE parent_id IS NOT NULL;`,
  // Offline approvals: where each stands in store-and-forward, and the reader's encrypted card
  // fields while it waits (cleared once forwarded).
  `ALTER TABLE entries ADD COLUMN offline TEXT
     CHECK (offline IN ('waiting', 'forwarding', 'forwarded', 'declined', 'withdrawn'));
   ALTER TABLE entries ADD COLUMN offline_card TEXT;
   CREATE INDEX entries_offline ON entries(offline) WHERE offline IS NOT NULL;`,
  // The manager who passed an offline limit (a name from lane.yaml, never a secret).
  `ALTER TABLE entries ADD COLUMN offline_override TEXT;`,
];

/** The schema version this lane writes; a journal newer than this is refused. */
export const JOURNAL_VERSION = STEPS.length;

/** Brings the journal's schema up to JOURNAL_VERSION; throws on a journal from a newer lane. */
export function migrateJournal(db: Database.Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > JOURNAL_VERSION) {
    throw new LaneFault(
      'journal',
      'user_version',
      'journal.version',
      `journal: schema version ${current} is newer than this lane's ${JOURNAL_VERSION}; ` +
        'run the lane version that wrote it',
    );
  }
  STEPS.slice(current).forEach((sql, index) => {
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${current + index + 1}`);
    })();
  });
}
