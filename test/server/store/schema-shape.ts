// A database's schema read back from the database itself, in one shape for SQLite and PostgreSQL:
// tables, columns (type, null, default, key, identity), foreign keys, unique and plain indexes
// (columns, predicate), and checks (the columns each reads).
import Database from 'better-sqlite3';
import pg from 'pg';

/** A column as both back ends can say it. */
export interface ColumnShape {
  type: 'int' | 'text' | 'bytes' | 'bool' | string;
  notNull: boolean;
  default: string | null;
  primaryKey: boolean;
  /** always: never given twice nor by an insert; rowid: given when an insert leaves it out; none. */
  identity: 'always' | 'rowid' | 'none';
}

/** An index: its columns in order, whether unique, and its predicate (a partial index). */
export interface IndexShape {
  /** Named by a CREATE INDEX, or by a UNIQUE constraint (a name each back end makes up). */
  name: string | null;
  columns: string[];
  unique: boolean;
  where: string | null;
}

/** A table. */
export interface TableShape {
  columns: Record<string, ColumnShape>;
  /** "column -> table(column)", sorted. */
  foreignKeys: string[];
  indexes: IndexShape[];
  /** The columns each CHECK constraint reads, "a,b", sorted. */
  checks: string[];
}

/** A schema: its tables by name. */
export type SchemaShape = Record<string, TableShape>;

const TYPES: Readonly<Record<string, string>> = {
  integer: 'int',
  bigint: 'int',
  text: 'text',
  blob: 'bytes',
  bytea: 'bytes',
  boolean: 'bool',
};

/** A default or predicate without PostgreSQL's casts, parentheses and spacing. */
function plain(text: string | null): string | null {
  return text === null ? null : text.replace(/::[a-z ]+/g, '').replace(/[()\s]/g, '');
}

/** The text of each CHECK (…) clause of a CREATE TABLE statement. */
function checkClauses(sql: string): string[] {
  const clauses: string[] = [];
  for (const match of sql.matchAll(/\bCHECK\s*\(/gi)) {
    let depth = 0;
    const start = (match.index ?? 0) + match[0].length - 1;
    for (let at = start; at < sql.length; at += 1) {
      if (sql[at] === '(') depth += 1;
      if (sql[at] === ')') depth -= 1;
      if (depth === 0) {
        clauses.push(sql.slice(start, at + 1));
        break;
      }
    }
  }
  return clauses;
}

/** The columns of `names` a clause reads, "a,b". */
function columnsRead(clause: string, names: readonly string[]): string {
  const words = new Set(clause.replace(/'[^']*'/g, '').match(/[a-z_][a-z0-9_]*/gi) ?? []);
  return names
    .filter((name) => words.has(name))
    .sort()
    .join(',');
}

interface SqliteColumn {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}

/** One SQLite table's shape from its pragmas and its CREATE TABLE text. */
function sqliteTable(db: Database.Database, name: string, sql: string): TableShape {
  const info = db.pragma(`table_info(${name})`) as SqliteColumn[];
  const rowid = info.filter((c) => c.pk > 0).length === 1 ? info.find((c) => c.pk > 0) : undefined;
  const columns: Record<string, ColumnShape> = {};
  for (const c of info) {
    const isRowid = c === rowid && c.type.toUpperCase() === 'INTEGER';
    columns[c.name] = {
      type: TYPES[c.type.toLowerCase()] ?? c.type.toLowerCase(),
      notNull: c.notnull === 1 || c.pk > 0,
      default: plain(c.dflt_value),
      primaryKey: c.pk > 0,
      identity: isRowid ? (/AUTOINCREMENT/i.test(sql) ? 'always' : 'rowid') : 'none',
    };
  }
  type Fk = { table: string; from: string; to: string };
  const foreignKeys = (db.pragma(`foreign_key_list(${name})`) as Fk[])
    .map((fk) => `${fk.from} -> ${fk.table}(${fk.to})`)
    .sort();
  type Listed = { name: string; unique: number; origin: string; partial: number };
  const indexes = (db.pragma(`index_list(${name})`) as Listed[])
    .filter((index) => index.origin !== 'pk')
    .map((index) => {
      const text = db
        .prepare<[string], { sql: string | null }>('SELECT sql FROM sqlite_master WHERE name = ?')
        .get(index.name)?.sql;
      const where = index.partial === 1 ? (/\bWHERE\b(.*)$/is.exec(text ?? '')?.[1] ?? '') : null;
      const cols = db.pragma(`index_info(${index.name})`) as { seqno: number; name: string }[];
      return {
        name: index.origin === 'c' ? index.name : null,
        columns: cols.sort((a, b) => a.seqno - b.seqno).map((c) => c.name),
        unique: index.unique === 1,
        where: plain(where),
      };
    });
  const names = info.map((c) => c.name);
  const checks = checkClauses(sql)
    .map((clause) => columnsRead(clause, names))
    .sort();
  return { columns, foreignKeys, indexes: sortIndexes(indexes), checks };
}

function sortIndexes(indexes: IndexShape[]): IndexShape[] {
  return indexes.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** The schema of a SQLite database file (internal sqlite_* tables left out). */
export function sqliteSchema(path: string): SchemaShape {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db
      .prepare<[], { name: string; sql: string }>(
        `SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`,
      )
      .all();
    return Object.fromEntries(tables.map((t) => [t.name, sqliteTable(db, t.name, t.sql)]));
  } finally {
    db.close();
  }
}

const PG_COLUMNS = `SELECT table_name, column_name, data_type, is_nullable, column_default,
    is_identity, identity_generation
  FROM information_schema.columns WHERE table_schema = 'public'`;

const PG_CONSTRAINTS = `SELECT cl.relname AS table_name, con.contype, fcl.relname AS ftable,
    ARRAY(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(n, o)
      JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n ORDER BY k.o) AS cols,
    ARRAY(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(n, o)
      JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n ORDER BY k.o) AS fcols
  FROM pg_constraint con JOIN pg_class cl ON cl.oid = con.conrelid
  JOIN pg_namespace ns ON ns.oid = cl.relnamespace LEFT JOIN pg_class fcl ON fcl.oid = con.confrelid
  WHERE ns.nspname = 'public'`;

const PG_INDEXES = `SELECT t.relname AS table_name, i.relname AS name, ix.indisunique AS uniq,
    ARRAY(SELECT a.attname::text FROM unnest(ix.indkey::int2[]) WITH ORDINALITY k(n, o)
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.n ORDER BY k.o) AS cols,
    pg_get_expr(ix.indpred, ix.indrelid) AS predicate,
    EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.oid) AS by_constraint
  FROM pg_index ix JOIN pg_class i ON i.oid = ix.indexrelid JOIN pg_class t ON t.oid = ix.indrelid
  JOIN pg_namespace ns ON ns.oid = t.relnamespace
  WHERE ns.nspname = 'public' AND NOT ix.indisprimary`;

interface PgColumn {
  table_name: string;
  column_name: string;
  data_type: string;
  is_nullable: string;
  column_default: string | null;
  is_identity: string;
  identity_generation: string | null;
}

/** The schema of a PostgreSQL database's public schema. */
export async function postgresSchema(url: string): Promise<SchemaShape> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const columns = (await client.query<PgColumn>(PG_COLUMNS)).rows;
    type Con = {
      table_name: string;
      contype: string;
      ftable: string;
      cols: string[];
      fcols: string[];
    };
    const constraints = (await client.query<Con>(PG_CONSTRAINTS)).rows;
    type Idx = {
      table_name: string;
      name: string;
      uniq: boolean;
      cols: string[];
      predicate: string | null;
      by_constraint: boolean;
    };
    const indexes = (await client.query<Idx>(PG_INDEXES)).rows;
    const schema: SchemaShape = {};
    for (const c of columns) {
      const table = (schema[c.table_name] ??= {
        columns: {},
        foreignKeys: [],
        indexes: [],
        checks: [],
      });
      const keys = constraints.filter((k) => k.table_name === c.table_name && k.contype === 'p');
      table.columns[c.column_name] = {
        type: TYPES[c.data_type] ?? c.data_type,
        notNull: c.is_nullable === 'NO',
        default: plain(c.column_default),
        primaryKey: keys.some((k) => k.cols.includes(c.column_name)),
        identity:
          c.is_identity !== 'YES'
            ? 'none'
            : c.identity_generation === 'ALWAYS'
              ? 'always'
              : 'rowid',
      };
    }
    for (const [name, table] of Object.entries(schema)) {
      const own = constraints.filter((k) => k.table_name === name);
      table.foreignKeys = own
        .filter((k) => k.contype === 'f')
        .map((k) => `${k.cols.join(',')} -> ${k.ftable}(${k.fcols.join(',')})`)
        .sort();
      table.checks = own
        .filter((k) => k.contype === 'c')
        .map((k) => [...k.cols].sort().join(','))
        .sort();
      table.indexes = sortIndexes(
        indexes
          .filter((i) => i.table_name === name)
          .map((i) => ({
            name: i.by_constraint ? null : i.name,
            columns: i.cols,
            unique: i.uniq,
            where: plain(i.predicate),
          })),
      );
    }
    return schema;
  } finally {
    await client.end();
  }
}
