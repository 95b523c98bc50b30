import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, startOpenAICompatibleServer } from '../../test/support/openai-compatible-server.js';
import type { Hit, SearchMode } from '../core/types.js';
import { createEngine, type Engine } from '../engine/engine.js';
import { OpenAIEmbedder } from '../providers/openai/openai-embedder.js';
import { createMemoryStore } from '../store/memory/memory-store.js';
import { relevanceScores } from './relevance-score.js';

function hit(text: string, scores: Hit['scores'], sourceName = 'notes.md'): Hit {
  return {
    chunk: {
      id: `${sourceName}:0`,
      documentId: sourceName,
      sourceId: sourceName,
      ordinal: 0,
      text,
      headingPath: [],
      pageStart: 1,
      pageEnd: 1,
      tokenCount: 1,
      metadata: {},
    },
    score: 99,
    scores,
    sourceName,
  };
}

describe('relevanceScores', () => {
  it('lexical: the share of the query terms a hit holds, its source name included', () => {
    const hits = [
      hit('Marmots hibernate in burrows.', { lexical: 10.7 }),
      hit('Marmots eat grasses.', { lexical: 3.1 }),
      hit('They hibernate all winter.', { fused: 0.05 }, 'marmots.md'),
    ];
    const scored = relevanceScores('where do marmots hibernate?', hits, { mode: 'lexical' });
    expect(scored.map((h) => h.score)).toEqual([1, 0.5, 1]);
    // Raw scores and order untouched.
    expect(scored.map((h) => h.scores)).toEqual(hits.map((h) => h.scores));
  });

  it('dense: the cosine clamped to [0, 1]', () => {
    const hits = [hit('a', { dense: 0.83 }), hit('b', { dense: -0.2 })];
    expect(relevanceScores('x', hits, { mode: 'dense' }).map((h) => h.score)).toEqual([0.83, 0]);
  });

  it('hybrid: the weighted mean of both; lexical alone without a cosine', () => {
    const hits = [hit('marmots burrow', { dense: 0.6, fused: 0.03 }), hit('marmots', { lexical: 2 })];
    const even = relevanceScores('marmots hibernate', hits, { mode: 'hybrid' });
    expect(even[0]!.score).toBeCloseTo(0.55, 12);
    expect(even[1]!.score).toBe(0.5);
    const leaning = relevanceScores('marmots hibernate', hits, { mode: 'hybrid', weights: [3, 1] });
    expect(leaning[0]!.score).toBeCloseTo((3 * 0.6 + 0.5) / 4, 4);
  });
});

/** Notes about animals, one chunk each; a question's relevant notes are listed with it. */
const NOTES: Record<string, string> = {
  'marmots.md': '# Marmots\n\nMarmots hibernate in burrows under granite boulders from October to April.\n',
  'beavers.md': '# Beavers\n\nBeavers build dams of branches and mud across slow rivers.\n',
  'otters.md': '# Otters\n\nSea otters float on their backs and crack shellfish with stones.\n',
  'pikas.md': '# Pikas\n\nPikas gather grasses into hay piles for the winter on rocky slopes.\n',
  'eagles.md': '# Eagles\n\nGolden eagles nest on cliffs and hunt hares.\n',
  'salmon.md': '# Salmon\n\nSalmon swim upstream in autumn to spawn in gravel beds.\n',
  'lichens.md': '# Lichens\n\nLichens grow on bare granite and survive long droughts.\n',
  'glaciers.md': '# Glaciers\n\nGlaciers carve valleys and leave moraines of boulders behind.\n',
};
const QUESTIONS: Array<{ query: string; relevant: string[]; focused?: boolean }> = [
  { query: 'marmots hibernate burrows', relevant: ['marmots.md'] },
  { query: 'beavers build dams rivers', relevant: ['beavers.md'] },
  { query: 'otters crack shellfish', relevant: ['otters.md'] },
  { query: 'eagles nest cliffs', relevant: ['eagles.md'] },
  // Name a note: the lexical and hybrid searches add a focused search of it (RRF-fused).
  { query: 'pikas winter hay piles', relevant: ['pikas.md'], focused: true },
  { query: 'salmon spawn gravel', relevant: ['salmon.md'], focused: true },
];

describe('score: one scale on every query and mode', () => {
  let server: FakeServer;
  let engine: Engine;
  beforeAll(async () => {
    server = await startOpenAICompatibleServer({ dimension: 256 });
    engine = await createEngine({
      store: createMemoryStore(),
      embedder: new OpenAIEmbedder({ model: 'hash', dimension: 256, baseURL: server.baseURL }),
    });
    for (const [name, text] of Object.entries(NOTES)) {
      await engine.ingestSource(
        { name, bytes: new TextEncoder().encode(text), mediaType: 'text/markdown' },
        { documentId: name },
      );
    }
  });
  afterAll(async () => {
    await engine.close();
    await server.close();
  });

  /** Share of the relevant hits (in the top 3) a 0.3 threshold keeps, and of the others. */
  async function kept(mode: SearchMode, focused: boolean) {
    let relevant = 0;
    let relevantKept = 0;
    let other = 0;
    let otherKept = 0;
    for (const question of QUESTIONS.filter((q) => (q.focused ?? false) === focused)) {
      const result = await engine.search(question.query, { mode, topK: 3 });
      if (focused && mode !== 'dense') expect(result.scoring.fused).toBe('rrf-engine');
      for (const h of result.hits) {
        expect(h.score).toBeGreaterThanOrEqual(0);
        expect(h.score).toBeLessThanOrEqual(1);
        if (question.relevant.includes(h.chunk.documentId)) {
          relevant++;
          if (h.score >= 0.3) relevantKept++;
        } else {
          other++;
          if (h.score >= 0.3) otherKept++;
        }
      }
      expect(result.hits.map((h) => h.chunk.documentId)).toContain(question.relevant[0]);
    }
    return { relevant: relevantKept / relevant, other: other === 0 ? 0 : otherKept / other };
  }

  it('keeps the same share of relevant hits at 0.3 in lexical, dense, hybrid and focused searches', async () => {
    const shares = {
      lexical: await kept('lexical', false),
      dense: await kept('dense', false),
      hybrid: await kept('hybrid', false),
      focusedLexical: await kept('lexical', true),
      focusedHybrid: await kept('hybrid', true),
    };
    for (const share of Object.values(shares)) {
      expect(share.relevant).toBe(1);
      // Hits about another animal that share no word with the query fall below the threshold.
      expect(share.other).toBeLessThanOrEqual(0.5);
    }
  });

  it('minScore drops the hits below it, on every mode', async () => {
    for (const mode of ['lexical', 'dense', 'hybrid'] as const) {
      const all = await engine.search('marmots hibernate burrows', { mode, topK: 8 });
      const above = await engine.search('marmots hibernate burrows', { mode, topK: 8, minScore: 0.3 });
      expect(above.hits.map((h) => h.chunk.id)).toEqual(
        all.hits.filter((h) => h.score >= 0.3).map((h) => h.chunk.id),
      );
      expect(above.hits.length).toBeLessThan(all.hits.length + (mode === 'lexical' ? 1 : 0));
      expect(above.hits[0]!.chunk.documentId).toBe('marmots.md');
    }
    await expect(engine.search('marmots', { minScore: 1.5 })).rejects.toThrow(/minScore/);
  });
});
