import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPglite } from '../../../test/support/pglite.js';
import { describeOnPostgresServer } from '../../../test/support/postgres-server.js';
import { storedChunk } from '../../../test/support/store-records.js';
import type { DistanceMetric } from '../../core/ports.js';
import { createMemoryStore } from '../memory/memory-store.js';
import { pgliteDriver } from './pglite-driver.js';
import { vectorOperatorClass } from './postgres-metric.js';
import { openPostgresStore, type PostgresStore } from './postgres-store.js';

// Three embeddings: a points the query's way but is long; b is the query; c is short and close.
const EMBEDDINGS: Record<string, number[]> = { a: [10, 0.5, 0, 0], b: [1, 0, 0, 0], c: [0.5, 0.4, 0, 0] };
const QUERY = [1, 0, 0, 0];
const METRICS: DistanceMetric[] = ['cosine', 'euclidean', 'dot'];

/** Each metric's dense ranking and scores, and its hybrid dense scores, on `store`. */
async function rankings(store: PostgresStore | ReturnType<typeof createMemoryStore>) {
  const out: Record<string, { ids: string[]; scores: number[]; hybrid: number[]; metric?: string }> = {};
  for (const metric of METRICS) {
    const name = `m_${metric}`;
    await store.createCollection(name, { model: 'm', dimension: 4, metric });
    const scope = { collection: name };
    await store.upsertChunks(
      scope,
      Object.entries(EMBEDDINGS).map(([id, embedding]) =>
        storedChunk(id, 0, { embedding, text: `chunk ${id}` }),
      ),
    );
    const dense = await store.denseSearch({ ...scope, vector: QUERY, topK: 3 });
    const hybrid =
      store.capabilities.hybrid &&
      (await store.hybridSearch?.({ ...scope, vector: QUERY, query: 'chunk', topK: 3 }));
    out[metric] = {
      ids: dense.map((hit) => hit.chunk.documentId),
      scores: dense.map((hit) => hit.score),
      hybrid: (hybrid || []).map((hit) => hit.scores?.dense ?? Number.NaN),
      ...((await store.getCollection(name))?.metric
        ? { metric: (await store.getCollection(name))!.metric }
        : {}),
    };
  }
  return out;
}

function expectSameAsMemory(
  found: Awaited<ReturnType<typeof rankings>>,
  memory: Awaited<ReturnType<typeof rankings>>,
): void {
  expect(found.cosine!.ids).toEqual(['b', 'a', 'c']);
  expect(found.euclidean!.ids).toEqual(['b', 'c', 'a']);
  expect(found.dot!.ids).toEqual(['a', 'b', 'c']);
  for (const metric of METRICS) {
    expect(found[metric]!.ids).toEqual(memory[metric]!.ids);
    found[metric]!.scores.forEach((score, i) => {
      expect(score).toBeCloseTo(memory[metric]!.scores[i]!, 5);
    });
    expect(found[metric]!.metric).toBe(memory[metric]!.metric);
  }
  expect(found.euclidean!.scores[1]).toBeCloseTo(1 / (1 + Math.hypot(0.5, 0.4)), 5);
  expect(found.dot!.scores[0]).toBeCloseTo(10, 5);
  // Hybrid search reports the same dense similarity for each fused hit.
  expect([...found.dot!.hybrid].sort((x, y) => y - x)[0]).toBeCloseTo(10, 5);
  expect(Math.max(...found.euclidean!.hybrid)).toBeCloseTo(1, 5);
}

describe('vectorOperatorClass', () => {
  it("names pgvector's operator class of each metric for vector and halfvec columns", () => {
    expect(vectorOperatorClass('float32', undefined)).toBe('vector_cosine_ops');
    expect(vectorOperatorClass('float32', 'euclidean')).toBe('vector_l2_ops');
    expect(vectorOperatorClass('float16', 'dot')).toBe('halfvec_ip_ops');
  });
});

describe('distance metrics on PostgreSQL (PGlite)', () => {
  let store: PostgresStore;
  beforeAll(async () => {
    store = await openPostgresStore({ driver: pgliteDriver(await freshPglite(), true) });
  });
  afterAll(() => store.close());

  it('ranks and scores by the metric chosen at creation, as the memory store does', async () => {
    expect(store.capabilities.metrics).toEqual(['cosine', 'euclidean', 'dot']);
    expectSameAsMemory(await rankings(store), await rankings(createMemoryStore()));
  });

  it("builds the collection's vector index with its metric's operators, and keeps the metric", async () => {
    const info = await store.getCollection('m_euclidean');
    expect(info?.metric).toBe('euclidean');
    await store.buildVectorIndex('m_dot', { method: 'ivfflat', lists: 1 });
    expect(await store.vectorIndex('m_dot')).toMatchObject({ method: 'ivfflat' });
    const hits = await store.denseSearch({ collection: 'm_dot', vector: QUERY, topK: 1 });
    expect(hits[0]!.score).toBeCloseTo(10, 5);
    await expect(
      store.createCollection('m_dot', { model: 'm', dimension: 4, metric: 'cosine' }),
    ).rejects.toMatchObject({ code: 'COLLECTION_CONFLICT' });
  });
});

describeOnPostgresServer('distance metrics on the PostgreSQL server', (database) => {
  it('ranks and scores by the metric chosen at creation, as the memory store does', async () => {
    const store = await openPostgresStore({ url: database().url });
    try {
      expectSameAsMemory(await rankings(store), await rankings(createMemoryStore()));
      // A second store object reads the metric back from the registry.
      const again = await openPostgresStore({ url: database().url });
      expect((await again.getCollection('m_dot'))?.metric).toBe('dot');
      expect((await again.getCollection('m_cosine'))?.metric).toBeUndefined();
      await again.close();
    } finally {
      await store.close();
    }
  });
});
