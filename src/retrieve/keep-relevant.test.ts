import { describe, expect, it } from 'vitest';
import type { Hit } from '../core/types.js';
import { keepRelevant } from './retriever.js';

function hit(id: string): Hit {
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
    score: 0,
    scores: {},
  };
}
const ids = (hits: Hit[]) => hits.map((h) => h.chunk.id);

describe('keepRelevant', () => {
  it('keeps the best relevant hits near the top when a boost buries them', () => {
    const fused = ['f1', 'f2', 'f3', 'f4', 'f5', 'r1', 'r2', 'r3'].map(hit);
    const relevance = ['r1', 'r2', 'r3', 'f1'].map(hit);
    expect(ids(keepRelevant(fused, relevance, 3))).toEqual(['f1', 'r1', 'f2', 'r2', 'f3', 'r3', 'f4', 'f5']);
  });

  it('changes nothing when the relevant hits already rank high enough', () => {
    const fused = ['r1', 'f1', 'r2', 'f2'].map(hit);
    expect(ids(keepRelevant(fused, ['r1', 'r2'].map(hit), 2))).toEqual(['r1', 'f1', 'r2', 'f2']);
  });

  it('adds a relevant hit the fusion lost', () => {
    expect(ids(keepRelevant(['f1', 'f2', 'f3'].map(hit), ['r1'].map(hit), 1))).toEqual([
      'f1',
      'r1',
      'f2',
      'f3',
    ]);
  });
});
