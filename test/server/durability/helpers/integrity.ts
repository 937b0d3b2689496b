import Database from 'better-sqlite3';

/**
 * Checks every row's invariants in a service database, beyond its CHECK constraints: SQLite's own
 * integrity and foreign keys, each transaction with its creation event, batch items within their
 * batch, payment ids numbered without gaps per order, refunded amounts equal to the refunds
 * standing, stan counters at or past every stan used. Returns the violations found (none is good).
 */
export function integrityViolations(path: string): string[] {
  const db = new Database(path, { readonly: true });
  try {
    const violations: string[] = [];
    const check = (name: string, sql: string): void => {
      const rows = db.prepare(sql).all();
      if (rows.length > 0) violations.push(`${name}: ${JSON.stringify(rows.slice(0, 5))}`);
    };
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') violations.push(`integrity_check: ${String(integrity)}`);
    check('foreign keys', 'PRAGMA foreign_key_check');
    check(
      'transaction without its creation event',
      `SELECT t.ttid FROM transactions t WHERE NOT EXISTS (
         SELECT 1 FROM transaction_events e WHERE e.ttid = t.ttid AND e.action IN ('sale', 'preauth', 'refund')
           AND e.amount = t.req_amount AND e.code = t.code)`,
    );
    check(
      'item past its batch count',
      `SELECT t.ttid FROM transactions t JOIN batches b ON b.id = t.batch_id WHERE t.item > b.item_count`,
    );
    check(
      'batch of another profile',
      `SELECT t.ttid FROM transactions t JOIN batches b ON b.id = t.batch_id WHERE b.profile_id <> t.profile_id`,
    );
    check(
      'payment ids with gaps',
      `SELECT order_ref, count(*) AS n, max(CAST(payment_id AS INTEGER)) AS top FROM transactions
       WHERE order_ref IS NOT NULL GROUP BY order_ref HAVING n <> top`,
    );
    check(
      'refunded amount not the refunds standing',
      `SELECT p.ttid, p.refunded_amount, coalesce(sum(r.amount), 0) AS standing FROM transactions p
       LEFT JOIN transactions r ON r.parent_ttid = p.ttid AND r.kind = 'refund' AND r.state IN ('captured', 'settled')
       WHERE p.kind <> 'refund' GROUP BY p.ttid HAVING p.refunded_amount <> standing`,
    );
    check(
      'stan counter behind a stan used',
      `SELECT t.profile_id, max(CAST(e.stan AS INTEGER)) AS used, c.stan_seq FROM transaction_events e
       JOIN transactions t ON t.ttid = e.ttid LEFT JOIN profile_counters c ON c.profile_id = t.profile_id
       WHERE e.stan IS NOT NULL GROUP BY t.profile_id HAVING c.stan_seq IS NULL OR used > c.stan_seq`,
    );
    check(
      'card data held outside an approved unsettled sale or preauth',
      `SELECT ttid FROM transactions WHERE card_sealed IS NOT NULL AND (kind = 'refund' OR state NOT IN ('authorized', 'captured'))`,
    );
    return violations;
  } finally {
    db.close();
  }
}
