import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Filter } from '../../core/filter/filter.js';
import { matchesFilter } from '../../core/filter/match-filter.js';
import { validateFilter } from '../../core/filter/validate-filter.js';
import type { JsonValue, Metadata } from '../../core/types.js';
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
    const keys = ['a', 'b', 'c d', 'q"k', "'; x", 'é'];
    const strings = [
      '',
      'a',
      'A',
      'b',
      'é',
      'e\u0301',
      '😀',
      '\uFF5E',
      'a"b',
      "it's",
      'x\u0000y',
      '10',
      'true',
    ];
    const scalar = fc.oneof(
      fc.constantFrom(...strings),
      fc.integer({ min: -3, max: 3 }),
      fc.constantFrom(0.5, -1.5, 1e20, 2 ** 53),
      fc.boolean(),
      fc.constant(null),
    );
    const { value } = fc.letrec<{ value: JsonValue }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        scalar,
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom(...keys), tie('value'), { maxKeys: 3 }),
      ),
    }));
    const metadata = fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 4 }) as fc.Arbitrary<Metadata>;
    const path = fc
      .array(fc.constantFrom(...keys), { minLength: 1, maxLength: 2 })
      .map((parts) => parts.join('.'));
    const ordered = fc.oneof(fc.constantFrom(...strings), fc.integer({ min: -3, max: 3 }), fc.constant(0.5));
    const operator = fc.oneof(
      scalar.map((operand) => ({ $eq: operand })),
      scalar.map((operand) => ({ $ne: operand })),
      ordered.map((operand) => ({ $gt: operand })),
      ordered.map((operand) => ({ $gte: operand })),
      ordered.map((operand) => ({ $lt: operand })),
      ordered.map((operand) => ({ $lte: operand })),
      fc.array(scalar, { maxLength: 3 }).map((operand) => ({ $in: operand })),
      fc.array(scalar, { maxLength: 3 }).map((operand) => ({ $nin: operand })),
      fc.boolean().map((operand) => ({ $exists: operand })),
    );
    const leaf = fc
      .tuple(path, fc.oneof(scalar, operator))
      .map(([key, condition]) => ({ [key]: condition }) as Filter);
    const { filter } = fc.letrec<{ filter: Filter }>((tie) => ({
      filter: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        leaf,
        fc.array(tie('filter'), { minLength: 1, maxLength: 3 }).map((children) => ({ $and: children })),
        fc.array(tie('filter'), { minLength: 1, maxLength: 3 }).map((children) => ({ $or: children })),
        tie('filter').map((child) => ({ $not: child })),
      ),
    }));
    fc.assert(
      fc.property(fc.array(metadata, { minLength: 1, maxLength: 8 }), filter, (rows, condition) => {
        expect(sqliteMatches(rows, condition)).toEqual(referenceMatches(rows, condition));
      }),
      { numRuns: 400 },
    );
  });
});
