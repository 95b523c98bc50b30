import { describe, expect, it } from 'vitest';
import type { Hit } from '../core/types.js';
import { reciprocalRankFusion } from './reciprocal-rank-fusion.js';

function hit(id: string, scores: Hit['scores']): Hit {
  return {
    chunk: {
      id,
      documentId: id,
      sourceId: id,
      ordinal: 0,
      text: id,
      headingPath: [],
      pageStart: 1,
      pageEnd: 1,
      tokenCount: 1,
      metadata: {},
    },
    score: scores.dense ?? scores.lexical ?? 0,
    scores,
  };
}

describe('reciprocalRankFusion', () => {
  it('sums 1/(k+rank) over lists and keeps each input score', () => {
    const dense = [hit('a', { dense: 0.9 }), hit('b', { dense: 0.8 })];
    const lexical = [hit('b', { lexical: 12 }), hit('c', { lexical: 5 })];
    const fused = reciprocalRankFusion([dense, lexical], { k: 60 });
    expect(fused.map((h) => h.chunk.id)).toEqual(['b', 'a', 'c']);
    expect(fused[0]!.score).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(fused[0]!.scores).toMatchObject({ dense: 0.8, lexical: 12 });
    expect(fused[1]!.score).toBeCloseTo(1 / 61, 12);
  });

  it('weights change which list dominates', () => {
    const dense = [hit('a', { dense: 0.9 }), hit('b', { dense: 0.1 })];
    const lexical = [hit('b', { lexical: 3 }), hit('a', { lexical: 1 })];
    expect(reciprocalRankFusion([dense, lexical], { weights: [1, 3] })[0]!.chunk.id).toBe('b');
    expect(reciprocalRankFusion([dense, lexical], { weights: [3, 1] })[0]!.chunk.id).toBe('a');
  });

  it('rejects a negative k and mismatched weights', () => {
    expect(() => reciprocalRankFusion([[]], { k: -1 })).toThrow(/k: must be/);
    expect(() => reciprocalRankFusion([[], []], { weights: [1] })).toThrow(/weights/);
  });

  it('returns nothing for empty inputs', () => {
    expect(reciprocalRankFusion([[], []])).toEqual([]);
  });
});
