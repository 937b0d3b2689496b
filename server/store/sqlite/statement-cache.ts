// The SQLite session's compiled statements: placeholders by position, rows read as arrays
// (docs/architecture.md, CPU per sale; better-sqlite3's Statement#raw).
import type Database from 'better-sqlite3';
import { positionalSql } from './positional-sql.ts';

/**
 * A compiled statement, for each of its anonymous placeholders the index of its value, and for a
 * statement that returns rows the names of its columns (its rows are read as arrays).
 */
export interface Prepared {
  readonly statement: Database.Statement;
  readonly slots: readonly number[];
  readonly columns: readonly string[];
}

/**
 * Statements compiled once per connection and reused, by their SQL text: $1, $2, … compiled as
 * anonymous placeholders (positional-sql.ts); one that returns rows reads them as arrays of values,
 * made into objects by rowOf, which spares better-sqlite3 making each column's name a V8 string
 * again for every row.
 */
export function statementCache(db: Database.Database): (sql: string) => Prepared {
  const statements = new Map<string, Prepared>();
  return (sql) => {
    let prepared = statements.get(sql);
    if (prepared === undefined) {
      const positional = positionalSql(sql);
      const statement = db.prepare(positional.sql);
      const columns = statement.reader
        ? statement
            .raw(true)
            .columns()
            .map((c) => c.name)
        : [];
      prepared = { statement, slots: positional.slots, columns };
      statements.set(sql, prepared);
    }
    return prepared;
  };
}

/** A row read as an array, as the object better-sqlite3 would make of it (a later name wins). */
export function rowOf(columns: readonly string[], values: readonly unknown[]): unknown {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i += 1) row[columns[i] as string] = values[i];
  return row;
}
