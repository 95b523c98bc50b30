import { describe, expect, it } from 'vitest';
import type { Reranker } from '../../core/ports.js';
import type { Hit } from '../../core/types.js';
import { TermOverlapReranker } from '../../exports/testing.js';
import { rerankHits, rerankText } from './rerank-hits.js';
import { scoresByIndex } from './scores-by-index.js';

function hit(id: string, text: string, scores: Hit['scores'], headingPath: string[] = []): Hit {
  return {
    chunk: {
      id,
      documentId: id,
      sourceId: id,
      ordinal: 0,
      text,
      headingPath,
      pageStart: 1,
      pageEnd: 1,
      tokenCount: 1,
      metadata: {},
    },
    score: scores.fused ?? scores.lexical ?? scores.dense ?? 0,
    scores,
  };
}

const hits = [
  hit('a', 'marmots sleep', { lexical: 9, dense: 0.4, fused: 0.032 }),
  hit('b', 'marmots hibernate in burrows', { lexical: 7, fused: 0.016 }),
  hit('c', 'pikas gather hay', { dense: 0.7, fused: 0.016 }),
];

describe('rerankHits', () => {
  it('orders by the rerank score, keeps earlier scores, and sets score to the rerank score', async () => {
    const reranker = new TermOverlapReranker();
    const out = await rerankHits(reranker, 'marmots hibernate burrows', hits);
    expect(out.map((h) => h.chunk.id)).toEqual(['b', 'a', 'c']);
    expect(out[0]!.scores).toEqual({ lexical: 7, fused: 0.016, rerank: 1 });
    expect(out[0]!.score).toBe(1);
    expect(out[1]!.scores).toMatchObject({ lexical: 9, dense: 0.4, fused: 0.032 });
    expect(out[1]!.score).toBeCloseTo(1 / 3, 12);
    expect(out[2]!.score).toBe(0);
    expect(reranker.calls).toEqual([
      {
        query: 'marmots hibernate burrows',
        documents: ['marmots sleep', 'marmots hibernate in burrows', 'pikas gather hay'],
      },
    ]);
    expect(hits[0]!.scores.rerank).toBeUndefined();
  });

  it('trims to topK after reranking', async () => {
    const out = await rerankHits(new TermOverlapReranker(), 'pikas hay', hits, { topK: 1 });
    expect(out.map((h) => h.chunk.id)).toEqual(['c']);
  });

  it('makes no call for empty input', async () => {
    const reranker = new TermOverlapReranker();
    expect(await rerankHits(reranker, 'anything', [], { topK: 3 })).toEqual([]);
    expect(reranker.calls).toHaveLength(0);
  });

  it('keeps the incoming order among equal scores', async () => {
    const out = await rerankHits(new TermOverlapReranker(), 'zebra', hits);
    expect(out.map((h) => h.chunk.id)).toEqual(['a', 'b', 'c']);
  });

  it('rejects a bad topK and a reranker returning the wrong number of scores', async () => {
    await expect(rerankHits(new TermOverlapReranker(), 'x', hits, { topK: 0 })).rejects.toThrow(
      /topK: must be a positive integer/,
    );
    const short: Reranker = { specificationVersion: 'v1', model: 'short', doRerank: async () => [1] };
    await expect(rerankHits(short, 'x', hits)).rejects.toMatchObject({
      code: 'PROVIDER_ERROR',
      message: expect.stringMatching(/returned 1 scores for 3 documents/),
    });
    const nan: Reranker = {
      specificationVersion: 'v1',
      model: 'nan',
      doRerank: async () => [1, Number.NaN, 0],
    };
    await expect(rerankHits(nan, 'x', hits)).rejects.toThrow(/score 1 is NaN/);
  });

  it('reads the heading path when the chunk text lacks the innermost heading', () => {
    expect(rerankText(hit('x', 'Body only.', {}, ['Guide', 'Keys']))).toBe('Guide > Keys\n\nBody only.');
    expect(rerankText(hit('y', '## Keys\n\nBody.', {}, ['Guide', 'Keys']))).toBe('## Keys\n\nBody.');
  });
});

describe('scoresByIndex', () => {
  it('keeps the first score per index, drops out-of-range and repeated entries, and reports each', () => {
    const dropped: unknown[] = [];
    const scores = scoresByIndex(
      [
        { index: 2, relevance_score: 0.5 },
        { index: -1, relevance_score: 1 },
        { index: 2, relevance_score: 0.9 },
        { index: 1.5, relevance_score: 1 },
        { index: 0, relevance_score: 0.1 },
      ],
      4,
      'cohere',
      (d) => dropped.push(d),
    );
    expect(scores).toEqual([0.1, null, 0.5, null]);
    expect(dropped).toEqual([
      { entry: 1, index: -1, reason: 'out of range' },
      { entry: 2, index: 2, reason: 'repeated' },
      { entry: 3, index: 1.5, reason: 'out of range' },
    ]);
  });
});
