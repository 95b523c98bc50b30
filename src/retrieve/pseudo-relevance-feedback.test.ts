import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCairnError } from '../core/errors.js';
import { createEngine, type Engine } from '../engine/engine.js';
import { openStore } from '../engine/store-schemes.js';
import { DEFAULT_RM3, relevanceModel, rm3Queries, rm3Settings } from './pseudo-relevance-feedback.js';

// Three documents about otters that all speak of kelp and rafts, one about kelp rafts that never
// says "otter" (the vocabulary mismatch feedback bridges), and unrelated ones.
const docs: Record<string, string> = {
  a: 'Sea otters rest in kelp rafts. The otter wraps kelp around its body so the raft holds.',
  b: 'An otter raft drifts over the kelp forest; otters groom their fur in the kelp.',
  c: 'Otters crack urchins on their chests while floating in kelp beds.',
  d: 'Kelp rafts shelter urchins and fish; a raft of kelp can drift for miles.',
  e: 'Marmots hibernate in burrows through the alpine winter.',
  f: 'Glaciers carve valleys; meltwater feeds alpine lakes.',
  g: 'Beavers build dams of branches and mud across streams.',
};

describe('RM3 pseudo-relevance feedback over a SQLite store', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await createEngine({ store: await openStore(':memory:') });
    for (const [id, text] of Object.entries(docs)) {
      await engine.ingestSource(
        { name: id, bytes: new TextEncoder().encode(text), mediaType: 'text/markdown' },
        { documentId: id },
      );
    }
  });
  afterAll(() => engine.close());

  it('estimates expansion terms from the best first-pass hits, weights summing to 1', async () => {
    const { hits } = await engine.search('otter', { mode: 'lexical', topK: 10 });
    expect(hits.map((h) => h.chunk.documentId).sort()).toEqual(['a', 'b', 'c']);
    const model = relevanceModel(hits, rm3Settings({ feedbackTerms: 3 }));
    expect(model).toHaveLength(3);
    expect(model.map((t) => t.stem)).toEqual(expect.arrayContaining(['otter', 'kelp']));
    // The surface form the store analyses, not the stem.
    expect(model.find((t) => t.stem === 'otter')!.term).toMatch(/^otters?$/);
    expect(model.reduce((s, t) => s + t.weight, 0)).toBeCloseTo(1, 12);
    for (let i = 1; i < model.length; i++) expect(model[i]!.weight).toBeLessThanOrEqual(model[i - 1]!.weight);
  });

  it('finds a document that shares the feedback terms but not the query words', async () => {
    const plain = await engine.search('otter', { mode: 'lexical', topK: 10, pseudoRelevanceFeedback: false });
    expect(plain.hits.map((h) => h.chunk.documentId)).not.toContain('d');
    expect(plain.scoring.feedback).toBeUndefined();
    const expanded = await engine.search('otter', {
      mode: 'lexical',
      topK: 10,
      pseudoRelevanceFeedback: true,
    });
    const ranking = expanded.hits.map((h) => h.chunk.documentId);
    expect(ranking).toContain('d');
    expect(ranking).not.toContain('e');
    // The documents that hold the query word still lead.
    expect(ranking.slice(0, 3).sort()).toEqual(['a', 'b', 'c']);
    expect(expanded.scoring.feedback).toBe('rm3');
    // RM3's combined score (the weighted sum of the BM25 scores of the original and expansion
    // queries) is the raw lexical score; `score` is the calibrated relevance in [0, 1].
    const rawFirstPass = plain.hits.map((h) => ({ ...h, score: h.scores.lexical! }));
    const queries = rm3Queries('otter', relevanceModel(rawFirstPass, rm3Settings(true)), rm3Settings(true));
    const top = expanded.hits[0]!;
    let combined = 0;
    for (const q of queries) {
      const ranking = q.original
        ? plain.hits
        : (await engine.search(q.text, { mode: 'lexical', topK: 10, pseudoRelevanceFeedback: false })).hits;
      combined += q.weight * (ranking.find((h) => h.chunk.id === top.chunk.id)?.scores.lexical ?? 0);
    }
    expect(top.scores.lexical).toBeCloseTo(combined, 9);
    expect(top.scores.lexical).toBeGreaterThan(
      plain.hits.find((h) => h.chunk.id === top.chunk.id)!.scores.lexical! / 2,
    );
    for (const hit of expanded.hits) {
      expect(hit.score).toBeGreaterThanOrEqual(0);
      expect(hit.score).toBeLessThanOrEqual(1);
    }
  });

  it('returns the first pass unchanged at original query weight 1', async () => {
    const plain = await engine.search('otter kelp', {
      mode: 'lexical',
      topK: 10,
      pseudoRelevanceFeedback: false,
    });
    const same = await engine.search('otter kelp', {
      mode: 'lexical',
      topK: 10,
      pseudoRelevanceFeedback: { originalQueryWeight: 1 },
    });
    expect(same.hits.map((h) => h.chunk.id)).toEqual(plain.hits.map((h) => h.chunk.id));
  });

  it('refuses settings out of range with an InvalidArgumentError naming the setting', async () => {
    for (const bad of [
      { feedbackTerms: 0 },
      { feedbackDocuments: 1.5 },
      { originalQueryWeight: 2 },
      { groups: -1 },
    ]) {
      const error = await engine
        .search('otter', { mode: 'lexical', pseudoRelevanceFeedback: bad })
        .catch((e: unknown) => e);
      expect(isCairnError(error) && error.code).toBe('INVALID_ARGUMENT');
      expect(String((error as Error).message)).toContain(Object.keys(bad)[0]);
    }
  });
});

describe('rm3Queries', () => {
  const model = [
    { stem: 'kelp', term: 'kelp', weight: 0.4 },
    { stem: 'raft', term: 'raft', weight: 0.3 },
    { stem: 'otter', term: 'otters', weight: 0.2 },
    { stem: 'urchin', term: 'urchins', weight: 0.1 },
  ];

  it('weights the original query α/|q| per word and each group (1 − α) × its mean weight', () => {
    const queries = rm3Queries('sea otter', model, { ...DEFAULT_RM3, groups: 2 });
    expect(queries).toEqual([
      { text: 'sea otter', weight: 0.25, original: true },
      { text: 'kelp raft', weight: expect.closeTo(0.5 * 0.35, 12) },
      { text: 'otters urchins', weight: expect.closeTo(0.5 * 0.15, 12) },
    ]);
  });

  it('with one group per term, the weights are the interpolated RM3 term weights', () => {
    const queries = rm3Queries('otter', model, { ...DEFAULT_RM3, groups: 4, originalQueryWeight: 0.6 });
    expect(queries.map((q) => q.weight)).toEqual(
      [0.6, 0.4 * 0.4, 0.4 * 0.3, 0.4 * 0.2, 0.4 * 0.1].map((w) => expect.closeTo(w, 12)),
    );
  });
});
