import { describe, expect, it } from 'vitest';
import { compareCodePoints, matchesFilter, resolvePath } from './match-filter.js';
import { validateFilter } from './validate-filter.js';

describe('matchesFilter', () => {
  const metadata = { a: { b: [1, 'x', null] }, n: 2, s: 'é', t: true };
  const check = (filter: object) => matchesFilter(validateFilter(filter), metadata);

  it('walks dotted paths through objects only', () => {
    expect(resolvePath(metadata, ['a', 'b'])).toEqual([1, 'x', null]);
    expect(resolvePath(metadata, ['a', 'b', '0'])).toBeUndefined();
    expect(resolvePath(metadata, ['n', 'x'])).toBeUndefined();
    expect(resolvePath({ ['__proto__']: 1 } as never, ['constructor'])).toBeUndefined();
  });

  it('compares with type awareness and any-element array semantics', () => {
    expect(check({ 'a.b': 1 })).toBe(true);
    expect(check({ 'a.b': '1' })).toBe(false);
    expect(check({ 'a.b': null })).toBe(true);
    expect(check({ 'a.b': { $gt: 0 } })).toBe(true);
    expect(check({ 'a.b': { $in: ['x', 9] } })).toBe(true);
    expect(check({ t: 1 })).toBe(false);
    expect(check({ t: true })).toBe(true);
    expect(check({ n: { $gte: 2, $lt: 3 } })).toBe(true);
    expect(check({ s: { $gt: 'z' } })).toBe(true);
  });

  it('matches missing fields with negations only', () => {
    expect(check({ missing: { $ne: 1 } })).toBe(true);
    expect(check({ missing: { $nin: [1] } })).toBe(true);
    expect(check({ missing: { $exists: false } })).toBe(true);
    expect(check({ missing: null })).toBe(false);
    expect(check({ missing: { $lt: 5 } })).toBe(false);
  });
});

describe('compareCodePoints', () => {
  it('orders by code point, unlike UTF-16 comparison', () => {
    const astral = '\u{1F600}';
    const highBmp = '\uFF5E';
    expect(astral < highBmp).toBe(true);
    expect(compareCodePoints(astral, highBmp)).toBeGreaterThan(0);
    expect(compareCodePoints('a', 'ab')).toBeLessThan(0);
    expect(compareCodePoints('b', 'ab')).toBeGreaterThan(0);
    expect(compareCodePoints('same', 'same')).toBe(0);
  });
});
