// The store's numbered placeholders ($1, $2, …) as SQLite's anonymous ones, bound from an array
// (docs/architecture.md, CPU per sale; better-sqlite3's binder, src/util/binder.cpp).
import type { SqlValues } from '../sql-session.ts';

/** A value as better-sqlite3 binds it. */
export type SqliteValue = string | number | Buffer | null;

/** A statement's text with anonymous placeholders, and for each the index of its value. */
export interface PositionalSql {
  readonly sql: string;
  /** For the n-th `?`, the index in the statement's values ($1 is 0); a number may repeat. */
  readonly slots: readonly number[];
}

/** Quoted text, quoted names and comments, whose `$` is no placeholder; or a placeholder. */
const TOKEN = /'(?:[^']|'')*'|"(?:[^"]|"")*"|--[^\n]*|\/\*[\s\S]*?\*\/|\$(\d+)/g;

/**
 * The statement's $N rewritten to `?` in order of appearance (SQLite, Parameters: an anonymous
 * parameter is bound by position, with no name to look up per value), a number used twice or out
 * of order giving a slot each time it appears.
 */
export function positionalSql(sql: string): PositionalSql {
  const slots: number[] = [];
  const text = sql.replace(TOKEN, (token: string, number: string | undefined) => {
    if (number === undefined) return token;
    slots.push(Number(number) - 1);
    return '?';
  });
  return { sql: text, slots };
}

/** Thrown when a statement has a placeholder beyond the values it was given: a store bug. */
export class MissingSqlValueError extends RangeError {
  readonly code = 'STORE_MISSING_SQL_VALUE';

  constructor(slot: number, given: number) {
    super(`store: $${slot + 1} has no value (${given} given)`);
    this.name = 'MissingSqlValueError';
  }
}

/**
 * The values in the statement's slot order, as SQLite takes them: a boolean is 1 or 0 (SQLite has
 * no boolean type), a list of text its JSON (read through json_each).
 */
export function positionalValues(
  slots: readonly number[],
  values: SqlValues | undefined,
): SqliteValue[] {
  const given = values?.length ?? 0;
  const bound = new Array<SqliteValue>(slots.length);
  for (let i = 0; i < slots.length; i += 1) {
    const slot = slots[i] as number;
    if (slot >= given) throw new MissingSqlValueError(slot, given);
    const value = (values as SqlValues)[slot];
    bound[i] =
      typeof value === 'boolean'
        ? Number(value)
        : Array.isArray(value)
          ? JSON.stringify(value)
          : (value as SqliteValue);
  }
  return bound;
}
