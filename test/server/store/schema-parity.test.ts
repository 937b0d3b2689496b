// One schema on both back ends: migrations rendered from one source give SQLite and PostgreSQL the
// same tables, columns, keys, indexes and checks but for the differences listed here, and a
// database made by the migrations of before the one source (test/fixtures/schema-012, one file per
// back end), at schema 011 or 012, ends up the same as a fresh one once the service opens it.
import Database from 'better-sqlite3';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMigration, SchemaSourceError } from '../../../server/store/schema-migrations.ts';
import { openServiceStore, parseStoreLocation } from '../../../server/store/store-location.ts';
import {
  skipWithoutPostgres,
  startPostgresCluster,
  type PostgresCluster,
} from '../helpers/postgres-cluster.ts';
import { useTempDirs } from '../helpers/temp-dirs.ts';
import {
  postgresSchema,
  sqliteSchema,
  type ColumnShape,
  type SchemaShape,
} from './schema-shape.ts';

const tempDir = useTempDirs('laneterm-schema-');
const FIXTURES = join(import.meta.dirname, '../../fixtures/schema-012');

/**
 * Where the back ends differ on purpose. PostgreSQL keeps its schema version in a table (SQLite in
 * PRAGMA user_version), and its in-flight records name the instance working on them, whose leases
 * it keeps (docs/architecture.md, In flight); a flag is boolean there and 0 or 1 under a check on
 * SQLite, which has no boolean type.
 */
const INTENDED = [
  'column in_flight.owner: postgres only',
  'table instances: postgres only',
  'table schema_version: postgres only',
  'column transaction_emv.card_decline: sqlite int not null default 0, postgres bool not null default false',
  'checks of transaction_emv: sqlite [card_decline,receipt_json], postgres [receipt_json]',
];

function described(column: ColumnShape): string {
  const parts = [column.type, column.notNull ? 'not null' : 'null'];
  if (column.default !== null) parts.push(`default ${column.default}`);
  if (column.primaryKey) parts.push('primary key');
  if (column.identity !== 'none') parts.push(`identity ${column.identity}`);
  return parts.join(' ');
}

/**
 * Every difference between the two schemas, in words. A SQLite INTEGER PRIMARY KEY is always a row
 * id (given when an insert leaves it out), so a key column that is no identity on PostgreSQL is
 * taken as the same.
 */
function differences(sqlite: SchemaShape, postgres: SchemaShape): string[] {
  const found: string[] = [];
  const names = [...new Set([...Object.keys(sqlite), ...Object.keys(postgres)])].sort();
  for (const name of names) {
    const [s, p] = [sqlite[name], postgres[name]];
    if (s === undefined || p === undefined) {
      found.push(`table ${name}: ${s === undefined ? 'postgres' : 'sqlite'} only`);
      continue;
    }
    for (const column of [...new Set([...Object.keys(s.columns), ...Object.keys(p.columns)])]) {
      const [sc, pc] = [s.columns[column], p.columns[column]];
      if (sc === undefined || pc === undefined) {
        found.push(`column ${name}.${column}: ${sc === undefined ? 'postgres' : 'sqlite'} only`);
        continue;
      }
      const sqliteSide =
        sc.identity === 'rowid' && pc.identity === 'none'
          ? { ...sc, identity: 'none' as const }
          : sc;
      if (described(sqliteSide) !== described(pc))
        found.push(
          `column ${name}.${column}: sqlite ${described(sqliteSide)}, postgres ${described(pc)}`,
        );
    }
    const pairs = [
      ['foreign keys', s.foreignKeys, p.foreignKeys],
      ['indexes', s.indexes, p.indexes],
      ['checks', s.checks, p.checks],
    ] as const;
    for (const [what, a, b] of pairs) {
      if (JSON.stringify(a) !== JSON.stringify(b))
        found.push(
          `${what} of ${name}: sqlite ${JSON.stringify(a).replace(/"/g, '')}, postgres ${JSON.stringify(b).replace(/"/g, '')}`,
        );
    }
  }
  return found;
}

/** The schema files of before the one source up to version `last`, in order. */
function oldSteps(
  backend: 'sqlite' | 'postgres',
  last: number,
): { version: number; sql: string }[] {
  const dir = join(FIXTURES, backend);
  return readdirSync(dir)
    .sort()
    .map((name) => ({
      version: Number(name.slice(0, 3)),
      sql: readFileSync(join(dir, name), 'utf8'),
    }))
    .filter((step) => step.version <= last);
}

/** A SQLite file the service makes fresh, and its path. */
async function freshSqlite(): Promise<string> {
  const path = join(tempDir(), 'service.db');
  await (await openServiceStore(parseStoreLocation(`sqlite:${path}`))).close();
  return path;
}

describe('one schema from one source', () => {
  it('renders a back end its own words and refuses a word neither back end spells', () => {
    const source = 'CREATE TABLE t (id {{ID}}, n {{INT}}, b {{BYTES}} {{postgres:, o BIGINT}});';
    expect(renderMigration('t.sql', source, 'sqlite')).toBe(
      'CREATE TABLE t (id INTEGER PRIMARY KEY, n INTEGER, b BLOB );',
    );
    expect(renderMigration('t.sql', source, 'postgres')).toBe(
      'CREATE TABLE t (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, n BIGINT, b BYTEA , o BIGINT);',
    );
    expect(() => renderMigration('t.sql', 'CREATE TABLE t (n {{INTEGER}});', 'sqlite')).toThrow(
      new SchemaSourceError('t.sql', '{{INTEGER}}'),
    );
    expect(() => renderMigration('t.sql', 'CREATE TABLE t (n {{mysql:INT}});', 'sqlite')).toThrow(
      SchemaSourceError,
    );
  });

  it.each([11, 12])(
    'gives a SQLite file made by the migrations of before the one source to %i the schema of a fresh one',
    async (last) => {
      const old = join(tempDir(), 'service.db');
      const db = new Database(old);
      const steps = oldSteps('sqlite', last);
      expect(steps.at(-1)?.version).toBe(last);
      for (const step of steps) {
        db.exec(step.sql);
        db.pragma(`user_version = ${step.version}`);
      }
      db.close();
      await (await openServiceStore(parseStoreLocation(`sqlite:${old}`))).close();
      const fresh = await freshSqlite();
      expect(sqliteSchema(old)).toEqual(sqliteSchema(fresh));
      const version = (path: string) => {
        const file = new Database(path, { readonly: true });
        const found = file.pragma('user_version', { simple: true });
        file.close();
        return found;
      };
      expect(version(old)).toBe(version(fresh));
    },
  );
});

describe('one schema on SQLite and PostgreSQL', () => {
  const skip = skipWithoutPostgres('schema parity tests');
  let cluster: PostgresCluster | undefined;
  beforeAll(async () => {
    if (!skip) cluster = await startPostgresCluster();
  }, 120_000);
  afterAll(async () => cluster?.stop());

  /** A fresh PostgreSQL database the service has migrated, by its URL. */
  async function freshPostgres(): Promise<string> {
    if (cluster === undefined) throw new Error('the PostgreSQL cluster did not start');
    const url = await cluster.createDatabase();
    await (await openServiceStore(parseStoreLocation(url))).close();
    return url;
  }

  it.skipIf(skip)('differs between the back ends only where it is meant to', async () => {
    const sqlite = sqliteSchema(await freshSqlite());
    const postgres = await postgresSchema(await freshPostgres());
    expect(Object.keys(sqlite).length).toBeGreaterThan(20);
    expect(differences(sqlite, postgres)).toEqual(INTENDED);
  });

  it.skipIf(skip)(
    'gives a PostgreSQL database made by the migrations of before the one source to 12 the schema of a fresh one',
    async () => {
      if (cluster === undefined) throw new Error('the PostgreSQL cluster did not start');
      const old = await cluster.createDatabase();
      const client = new pg.Client({ connectionString: old });
      await client.connect();
      await client.query('CREATE TABLE schema_version (version BIGINT NOT NULL)');
      for (const step of oldSteps('postgres', 12)) {
        await client.query(step.sql);
        await client.query('DELETE FROM schema_version');
        await client.query('INSERT INTO schema_version (version) VALUES ($1)', [step.version]);
      }
      await client.end();
      await (await openServiceStore(parseStoreLocation(old))).close();
      expect(await postgresSchema(old)).toEqual(await postgresSchema(await freshPostgres()));
    },
  );
});
