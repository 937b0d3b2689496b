// The SQL pieces of a change to a transaction that every back end writes alike: the columns a
// move sets, and the note of a message's stan on its profile's counter (docs/architecture.md, The
// store).
import type { SqlDialect } from './sql-dialect.ts';
import type { TransactionRecord } from './transaction-record.ts';
import type { TransactionChange } from './transaction-store.ts';

/** A column and the value a change writes to it. */
export type Assignment = readonly [column: string, value: string | number | null];

/**
 * The columns a move's change writes, apart from its batch (TransactionStore.update): the state,
 * amounts, card data, flags, reversal reason, echo and custom fields, token, and the time.
 */
export function changeAssignments(
  before: TransactionRecord,
  change: TransactionChange,
  nowTs: number,
): Assignment[] {
  const sets: Assignment[] = [['last_modified_ts', nowTs]];
  if (change.state !== undefined) sets.push(['state', change.state]);
  if (change.amount !== undefined) sets.push(['amount', change.amount]);
  if (change.refundedAmount !== undefined) sets.push(['refunded_amount', change.refundedAmount]);
  if (change.clearCard === true) sets.push(['card_sealed', null]);
  if (change.addFlag !== undefined && !before.statusFlags.includes(change.addFlag)) {
    sets.push(['status_flags', [...before.statusFlags, change.addFlag].join('|')]);
  }
  if (change.reversalReason !== undefined) sets.push(['reversal_reason', change.reversalReason]);
  if (change.echo !== undefined) sets.push(['echo_json', JSON.stringify(change.echo)]);
  if (change.custom !== undefined) sets.push(['custom_json', JSON.stringify(change.custom)]);
  if (change.token !== undefined) sets.push(['token', change.token]);
  return sets;
}

/**
 * A stan sequence value noted for a profile unless its counter already covers it (so with stans
 * from reserved blocks the counter's row is neither written nor locked by a message); `profile`
 * and `value` name the statement's parameters (value null: nothing to note). On SQLite values are
 * handed out in order in memory (StanSequence), so the counter almost never covers one already and
 * the check would hardly ever spare the write: a plain upsert keeps the larger value (its callers
 * never pass null there).
 */
export function recordStanSql(dialect: SqlDialect, profile: string, value: string): string {
  const { greatest } = dialect;
  if (dialect.backend === 'sqlite') {
    return `INSERT INTO profile_counters AS c (profile_id, stan_seq) VALUES (${profile}, ${value})
      ON CONFLICT (profile_id) DO UPDATE SET stan_seq = ${greatest('c.stan_seq', 'excluded.stan_seq')}`;
  }
  return `INSERT INTO profile_counters AS c (profile_id, stan_seq)
    SELECT CAST(${profile} AS bigint), CAST(${value} AS bigint)
    WHERE CAST(${value} AS bigint) IS NOT NULL AND NOT EXISTS (
      SELECT 1 FROM profile_counters WHERE profile_id = CAST(${profile} AS bigint)
      AND stan_seq >= CAST(${value} AS bigint))
    ON CONFLICT (profile_id) DO UPDATE SET stan_seq = ${greatest('c.stan_seq', 'excluded.stan_seq')}`;
}
