import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ConnectionGate } from '../../../server/store/sqlite/connection-gate.ts';
import {
  MissingSqlValueError,
  positionalSql,
  positionalValues,
} from '../../../server/store/sqlite/positional-sql.ts';
import { sqliteSessions } from '../../../server/store/sqlite/sqlite-session.ts';

describe('positional placeholders on SQLite', () => {
  it('rewrites $N to ? in order of appearance, a slot each time a number appears', () => {
    expect(positionalSql('SELECT $2, $1, $2, $10 FROM t WHERE a = $1')).toEqual({
      sql: 'SELECT ?, ?, ?, ? FROM t WHERE a = ?',
      slots: [1, 0, 1, 9, 0],
    });
  });

  it('leaves $ inside quoted text, quoted names and comments alone', () => {
    const sql = `SELECT '$1', 'it''s $2', "col$3", $1 -- $4\n /* $5 */ , json_extract(x, '$.a')`;
    expect(positionalSql(sql)).toEqual({
      sql: `SELECT '$1', 'it''s $2', "col$3", ? -- $4\n /* $5 */ , json_extract(x, '$.a')`,
      slots: [0],
    });
  });

  it('binds booleans as 1 or 0 and a list of text as its JSON', () => {
    expect(positionalValues([2, 0, 1, 0], [true, ['a', 'b'], null])).toEqual([
      null,
      1,
      '["a","b"]',
      1,
    ]);
  });

  it('refuses a placeholder with no value, naming it', () => {
    expect(() => positionalValues([0, 2], ['x', 'y'])).toThrow(new MissingSqlValueError(2, 2));
    expect(() => positionalValues([0, 2], ['x', 'y'])).toThrow('store: $3 has no value (2 given)');
  });

  it('reads, writes and counts through a session with numbers repeated and out of order', async () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, a TEXT, b INTEGER, c TEXT)');
    const { top } = sqliteSessions(db, new ConnectionGate(), undefined);
    const id = await top.insertRow(
      'INSERT INTO t (b, a, c) VALUES ($3, $1, $1 || $2)',
      ['x', 'y', 7],
      'id',
    );
    expect(await top.get('SELECT a, b, c FROM t WHERE id = $1', [id])).toEqual({
      a: 'x',
      b: 7,
      c: 'xy',
    });
    expect(await top.run('UPDATE t SET b = $2 WHERE a = $1 AND $2 > b', ['x', 9])).toBe(1);
    const rows = await top.all(
      `SELECT value FROM json_each($2) WHERE value <> $1 AND $3 ORDER BY value`,
      ['b', ['c', 'b', 'a'], true],
    );
    expect(rows).toEqual([{ value: 'a' }, { value: 'c' }]);
    await expect(top.get('SELECT $2', ['only one'])).rejects.toBeInstanceOf(MissingSqlValueError);
    db.close();
  });

  it('reads rows as arrays and makes them the objects better-sqlite3 makes, a later name winning', async () => {
    const db = new Database(':memory:');
    db.exec("CREATE TABLE t (a TEXT, b INTEGER, c BLOB); INSERT INTO t VALUES ('x', 1, x'00ff')");
    const { top } = sqliteSessions(db, new ConnectionGate(), undefined);
    for (const sql of ['SELECT *, b AS a FROM t', 'SELECT a, b, c, 2 AS b FROM t WHERE b = 9']) {
      const own = db.prepare(sql);
      expect(await top.get(sql)).toEqual(own.get());
      expect(await top.all(sql)).toEqual(own.all());
    }
    expect(await top.get('SELECT *, b AS a FROM t')).toEqual({
      a: 1,
      b: 1,
      c: Buffer.from([0, 255]),
    });
    db.close();
  });
});
