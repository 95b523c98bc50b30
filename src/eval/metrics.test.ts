import { describe, expect, it } from 'vitest';
import { mrrAt, ndcgAt, recallAt } from './metrics.js';

const judged = new Map([
  ['a', 1],
  ['b', 2],
  ['x', 0],
]);

describe('ndcgAt', () => {
  it('is 1 for the ideal ranking and lower when relevant documents rank late', () => {
    expect(ndcgAt(10, ['b', 'a'], judged)).toBeCloseTo(1, 12);
    const dcg = 1 / Math.log2(2) + 2 / Math.log2(3);
    const ideal = 2 / Math.log2(2) + 1 / Math.log2(3);
    expect(ndcgAt(10, ['a', 'b'], judged)).toBeCloseTo(dcg / ideal, 12);
  });

  it('ignores documents past the cut-off and unjudged ones', () => {
    expect(ndcgAt(1, ['z', 'b'], judged)).toBe(0);
    expect(ndcgAt(10, ['z', 'x'], judged)).toBe(0);
  });
});

describe('recallAt and mrrAt', () => {
  it('count relevant documents within the cut-off', () => {
    expect(recallAt(2, ['a', 'z', 'b'], judged)).toBe(0.5);
    expect(recallAt(3, ['a', 'z', 'b'], judged)).toBe(1);
    expect(mrrAt(10, ['z', 'x', 'b'], judged)).toBeCloseTo(1 / 3, 12);
    expect(mrrAt(2, ['z', 'x', 'b'], judged)).toBe(0);
  });
});
