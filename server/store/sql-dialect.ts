// What the store's two SQL back ends spell differently, and nothing else: every other statement
// is the same text on SQLite and PostgreSQL (docs/architecture.md, The store).

/** Which back end a store runs on. */
export type StoreBackend = 'sqlite' | 'postgres';

/**
 * The words a statement takes from its back end. Booleans and new ids need none: the SQLite
 * session binds a boolean as 1 or 0 and rows read either back through Boolean(), and a new row's
 * id comes from SqlSession.insertRow (SQLite's last insert rowid, PostgreSQL's RETURNING).
 */
export interface SqlDialect {
  readonly backend: StoreBackend;
  /** The larger of two values (SQLite's two-argument max, PostgreSQL's greatest). */
  greatest(a: string, b: string): string;
  /** The text under `key` of a JSON object kept as text in `column`; NULL when absent. */
  jsonText(column: string, key: string): string;
  /**
   * A FROM item yielding one row per element of a text-array parameter, in a column `value` (the
   * SQLite session binds an array as JSON text, read by json_each).
   */
  eachText(param: string): string;
  /**
   * Appended to a SELECT inside a store transaction, the rows of `alias` it reads are locked until
   * the commit; '' where writers take turns at one connection (SQLite).
   */
  lockOf(alias: string): string;
  /**
   * Appended to a SELECT that takes rows for itself: rows another open transaction locked are
   * passed over without waiting (PostgreSQL's FOR UPDATE SKIP LOCKED); '' on SQLite.
   */
  readonly skipLocked: string;
}

/** SQLite 3.44 or later (string_agg, ->>, IS NOT DISTINCT FROM, RETURNING, UPDATE FROM). */
export const SQLITE_DIALECT: SqlDialect = {
  backend: 'sqlite',
  greatest: (a, b) => `max(${a}, ${b})`,
  jsonText: (column, key) => `json_extract(${column}, '$.${key}')`,
  eachText: (param) => `json_each(${param})`,
  lockOf: () => '',
  skipLocked: '',
};

/** PostgreSQL 13 or later. */
export const POSTGRES_DIALECT: SqlDialect = {
  backend: 'postgres',
  greatest: (a, b) => `greatest(${a}, ${b})`,
  jsonText: (column, key) => `(CAST(${column} AS jsonb) ->> '${key}')`,
  eachText: (param) => `unnest(CAST(${param} AS text[])) AS value`,
  lockOf: (alias) => ` FOR UPDATE OF ${alias}`,
  skipLocked: ' FOR UPDATE SKIP LOCKED',
};
