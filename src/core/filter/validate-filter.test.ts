import { describe, expect, it } from 'vitest';
import { MATCH_ALL } from './filter-node.js';
import { MAX_FILTER_CONDITIONS, MAX_FILTER_DEPTH, validateFilter } from './validate-filter.js';

describe('validateFilter', () => {
  it('normalises undefined and {} to match-everything', () => {
    expect(validateFilter(undefined)).toBe(MATCH_ALL);
    expect(validateFilter({})).toEqual({ kind: 'and', children: [] });
  });

  it('refuses __proto__ as a field or a dotted part, as JSON.parse leaves it', () => {
    for (const text of [
      '{"__proto__":{"$eq":1}}',
      '{"a.__proto__":1}',
      '{"$or":[{"x":1},{"__proto__":2}]}',
    ]) {
      expect(() => validateFilter(JSON.parse(text)), text).toThrow(/__proto__ cannot name a metadata field/);
    }
    expect(() => validateFilter(JSON.parse('{"__proto__":{"team":"nope"}}'))).toThrow(/at __proto__:/);
    expect(validateFilter({ constructor: 1 })).toEqual({
      kind: 'cmp',
      path: ['constructor'],
      op: 'eq',
      value: 1,
    });
  });

  it('splits dotted keys into paths and joins keys with AND', () => {
    expect(validateFilter({ 'a.b': 1, c: { $gte: 'x', $lt: 'y' } })).toEqual({
      kind: 'and',
      children: [
        {
          kind: 'or',
          children: [
            { kind: 'cmp', path: ['a', 'b'], op: 'eq', value: 1 },
            { kind: 'cmp', path: ['a.b'], op: 'eq', value: 1 },
          ],
        },
        { kind: 'cmp', path: ['c'], op: 'gte', value: 'x' },
        { kind: 'cmp', path: ['c'], op: 'lt', value: 'y' },
      ],
    });
  });

  it('pushes $ne, $nin and $exists: false into not(...)', () => {
    expect(validateFilter({ a: { $ne: null } })).toEqual({
      kind: 'not',
      child: { kind: 'cmp', path: ['a'], op: 'eq', value: null },
    });
    expect(validateFilter({ a: { $nin: [1, 'x'] } })).toEqual({
      kind: 'not',
      child: { kind: 'cmp', path: ['a'], op: 'in', value: [1, 'x'] },
    });
    expect(validateFilter({ a: { $exists: false } })).toEqual({
      kind: 'not',
      child: { kind: 'exists', path: ['a'] },
    });
  });

  it('keeps logical structure, collapsing single children', () => {
    expect(validateFilter({ $or: [{ a: 1 }, { $not: { b: true } }], $and: [{ c: 'x' }] })).toEqual({
      kind: 'and',
      children: [
        {
          kind: 'or',
          children: [
            { kind: 'cmp', path: ['a'], op: 'eq', value: 1 },
            { kind: 'not', child: { kind: 'cmp', path: ['b'], op: 'eq', value: true } },
          ],
        },
        { kind: 'cmp', path: ['c'], op: 'eq', value: 'x' },
      ],
    });
  });

  it('treats keys as data (quotes, SQL, unicode)', () => {
    expect(validateFilter({ 'it\'s "x"; DROP TABLE t; --': 'é' })).toEqual({
      kind: 'cmp',
      path: ['it\'s "x"; DROP TABLE t; --'],
      op: 'eq',
      value: 'é',
    });
  });

  const invalid: Array<[unknown, string, RegExp]> = [
    [null, '', /filter object/],
    [[{ a: 1 }], '', /filter object/],
    [{ a: { $regex: 'x' } }, 'a.$regex', /unknown operator \$regex/],
    [{ $foo: 1 }, '$foo', /unknown operator \$foo/],
    [{ a: { $in: 'x' } }, 'a.$in', /array/],
    [{ a: { $in: [{}] } }, 'a.$in[0]', /string, finite number/],
    [{ $and: { a: 1 } }, '$and', /non-empty array/],
    [{ $or: [] }, '$or', /non-empty array/],
    [{ $and: [{ a: 1 }, 3] }, '$and[1]', /filter object/],
    [{ a: { $exists: 1 } }, 'a.$exists', /true or false/],
    [{ '': 1 }, '""', /non-empty/],
    [{ 'a.': 1 }, 'a.', /non-empty/],
    [{ a: [1] }, 'a', /\$in/],
    [{ a: {} }, 'a', /at least one operator/],
    [{ a: { b: 1 } }, 'a.b', /dotted path/],
    [{ a: undefined }, 'a', /got undefined/],
    [{ a: Number.POSITIVE_INFINITY }, 'a', /finite/],
    [{ a: { $gt: null } }, 'a.$gt', /finite number or a string/],
    [{ a: { $eq: [1] } }, 'a.$eq', /string, finite number/],
    [{ $and: [{ $or: [{ a: { $lte: {} } }] }] }, '$and[0].$or[0].a.$lte', /finite number/],
  ];

  for (const [filter, path, message] of invalid) {
    it(`refuses ${JSON.stringify(filter) ?? String(filter)} at "${path}"`, () => {
      expect(() => validateFilter(filter)).toThrow(message);
      try {
        validateFilter(filter);
      } catch (error) {
        expect(error).toMatchObject({ code: 'INVALID_FILTER', path });
      }
    });
  }

  it('limits nesting depth and the number of conditions', () => {
    let deep: Record<string, unknown> = { a: 1 };
    for (let i = 0; i <= MAX_FILTER_DEPTH; i++) deep = { $not: deep };
    expect(() => validateFilter(deep)).toThrow(/nested deeper/);
    const wide = Object.fromEntries(
      Array.from({ length: MAX_FILTER_CONDITIONS + 1 }, (_, i) => [`k${i}`, i]),
    );
    expect(() => validateFilter(wide)).toThrow(/at most/);
    const bigIn = { a: { $in: Array.from({ length: 10_000 }, (_, i) => i) } };
    expect(validateFilter(bigIn)).toMatchObject({ kind: 'cmp', op: 'in' });
  });
});
