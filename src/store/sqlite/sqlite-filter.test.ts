import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { filterArbitrary, metadataArbitrary } from '../../../test/support/filter-arbitraries.js';
import type { Filter } from '../../core/filter/filter.js';
import { matchesFilter } from '../../core/filter/match-filter.js';
import { validateFilter } from '../../core/filter/validate-filter.js';
import type { Metadata } from '../../core/types.js';
import { sqliteFilterFragment, sqliteJsonPath } from './sqlite-filter.js';

const db = new Database(':memory:');
db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, metadata TEXT NOT NULL)');
afterAll(() => db.close());

/** Ids of the rows whose metadata passes `filter`, according to SQLite. */
function sqliteMatches(rows: Metadata[], filter: Filter): number[] {
  db.exec('DELETE FROM t');
  const insert = db.prepare('INSERT INTO t (id, metadata) VALUES (?, ?)');
  rows.forEach((metadata, id) => {
    insert.run(id, JSON.stringify(metadata));
  });
  const { sql, params } = sqliteFilterFragment(validateFilter(filter), 'c.metadata');
  const found = db.prepare(`SELECT id FROM t AS c WHERE ${sql} ORDER BY id`).all(...params) as Array<{
    id: number;
  }>;
  return found.map((row) => row.id);
}

function referenceMatches(rows: Metadata[], filter: Filter): number[] {
  const node = validateFilter(filter);
  return rows.flatMap((metadata, id) => (matchesFilter(node, metadata) ? [id] : []));
}

describe('sqliteJsonPath', () => {
  it('writes each segment as a JSON string', () => {
    expect(sqliteJsonPath(['a'])).toBe('$."a"');
    expect(sqliteJsonPath(['a b', 'c"d', 'e\\f'])).toBe('$."a b"."c\\"d"."e\\\\f"');
  });

  it('reaches keys holding any character', () => {
    const keys = [
      'a"b',
      'a\\b',
      'a.b',
      'a b',
      'x\ny',
      '\u0000z',
      'é',
      '😀',
      "'; DROP TABLE t; --",
      '$',
      '[0]',
      '*',
    ];
    const metadata = Object.fromEntries(keys.map((key, i) => [key, i]));
    for (const [i, key] of keys.entries()) {
      const found = db
        .prepare('SELECT json_extract(?, ?) AS v')
        .get(JSON.stringify(metadata), sqliteJsonPath([key]));
      expect(found).toEqual({ v: i });
    }
  });
});

describe('sqliteFilterFragment', () => {
  it('binds every key and value instead of writing them into the SQL', () => {
    const hostile = "x'); DROP TABLE t; --";
    const { sql, params } = sqliteFilterFragment(
      validateFilter({ [hostile]: hostile, $or: [{ [`${hostile}.y`]: { $in: [hostile, 1] } }] }),
      'c.metadata',
    );
    expect(sql).not.toContain('DROP');
    expect(params.some((param) => typeof param === 'string' && param.includes('DROP'))).toBe(true);
    expect(sql.split('?').length - 1).toBe(params.length);
  });

  it('compiles the empty filter to true and refuses a foreign column reference', () => {
    expect(sqliteFilterFragment(validateFilter({}), 'metadata')).toEqual({ sql: '1', params: [] });
    expect(() => sqliteFilterFragment(validateFilter({}), 'metadata; DROP')).toThrow(/column/);
  });

  it('agrees with the reference evaluator on random metadata and filters', () => {
    fc.assert(
      fc.property(
        fc.array(metadataArbitrary, { minLength: 1, maxLength: 8 }),
        filterArbitrary,
        (rows, condition) => {
          expect(sqliteMatches(rows, condition)).toEqual(referenceMatches(rows, condition));
        },
      ),
      { numRuns: 400 },
    );
  });
});
