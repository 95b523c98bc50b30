import { describe, expect, it } from 'vitest';
import { documentWrite, storedChunk } from '../../../test/support/store-records.js';
import type { DocumentWrite, Scope, Store } from '../../core/ports.js';
import type { StoredChunk } from '../../core/types.js';
import { openSqliteStore } from '../sqlite/sqlite-store.js';
import { runStoreContract } from '../store.contract.js';
import { MEMORY_CAPABILITIES } from './memory-backend.js';
import { createMemoryStore } from './memory-store.js';

runStoreContract('memory', async () => createMemoryStore(), MEMORY_CAPABILITIES);

const S: Scope = { collection: 'docs' };
const DIM = 4;

function chunk(documentId: string, ordinal: number, overrides: Partial<StoredChunk> = {}): StoredChunk {
  return storedChunk(documentId, ordinal, { embedding: [1, ordinal + 1, 0.5, -1], ...overrides });
}

function write(documentId: string, chunks: StoredChunk[], contentHash = 'h1'): DocumentWrite {
  return documentWrite(documentId, chunks, { contentHash });
}

async function denseStore(): Promise<Store> {
  const store = createMemoryStore();
  await store.createCollection(S.collection, { model: 'm', dimension: DIM });
  return store;
}

async function collectIds(iterable: AsyncIterable<StoredChunk[]>): Promise<string[]> {
  const ids: string[] = [];
  for await (const batch of iterable) ids.push(...batch.map((item) => item.id));
  return ids;
}

describe('createMemoryStore', () => {
  it('stamps createdAt and ingestedAt with options.now', async () => {
    const now = new Date('2024-05-06T07:08:09.000Z');
    const store = createMemoryStore({ now: () => now });
    expect((await store.createCollection('c')).createdAt).toBe(now.toISOString());
    const { embedding: _, ...bare } = chunk('d', 0);
    const record = await store.replaceDocument({ collection: 'c' }, write('d', [bare]));
    expect(record.ingestedAt).toBe(now.toISOString());
    expect(store.backend).toBe('memory');
  });

  it('refuses malformed options, naming them', async () => {
    expect(() => createMemoryStore({ now: 'yesterday' as unknown as () => Date })).toThrow(/options\.now/);
    const store = createMemoryStore({ now: () => new Date(Number.NaN) });
    await expect(store.createCollection('c')).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      argument: 'options.now',
    });
    expect(await store.listCollections()).toEqual([]);
  });
});

describe('stored values', () => {
  it('are copies: changing what went in or came out changes nothing stored', async () => {
    const store = await denseStore();
    const embedding = Float32Array.from([1, 2, 3, 4]);
    const input = chunk('d', 0, { embedding, headingPath: ['H'], metadata: { tags: ['a'] } });
    const written = write('d', [input]);
    written.document.metadata = { owner: 'ann' };
    const record = await store.replaceDocument(S, written);
    embedding[0] = 100;
    input.headingPath.push('changed');
    (input.metadata.tags as string[]).push('b');
    written.document.metadata.owner = 'bob';
    record.metadata.owner = 'cy';
    const [read] = await store.getChunks(S, ['d:0']);
    read!.metadata.tags = 'gone';
    read!.headingPath.length = 0;
    const [hit] = await store.denseSearch({ ...S, vector: [1, 2, 3, 4], topK: 1 });
    hit!.chunk.metadata.tags = 'gone';
    (await store.getCollection(S.collection))!.metadata.x = 1;

    expect(await store.getChunks(S, ['d:0'])).toMatchObject([
      { headingPath: ['H'], metadata: { tags: ['a'] } },
    ]);
    expect((await store.getEmbeddings(S, ['d:0'])).get('d:0')).toEqual([1, 2, 3, 4]);
    expect(hit!.score).toBeCloseTo(1, 6);
    expect((await store.getDocument(S, 'd'))?.metadata).toEqual({ owner: 'ann' });
    expect((await store.getCollection(S.collection))?.metadata).toEqual({});
  });
});

describe('store.iterChunks', () => {
  it('resumes after the last id, seeing writes made between batches', async () => {
    const store = await denseStore();
    await store.upsertChunks(
      S,
      ['b', 'd', 'f', 'h'].map((id, i) => chunk('x', i, { id })),
    );
    const seen: string[] = [];
    for await (const batch of store.iterChunks({ ...S, batchSize: 2 })) {
      seen.push(...batch.map((item) => item.id));
      if (seen.length === 2) {
        await store.upsertChunks(S, [chunk('x', 8, { id: 'a' }), chunk('x', 9, { id: 'e' })]);
        await store.deleteChunks(S, { ids: ['f'] });
      }
    }
    expect(seen).toEqual(['b', 'd', 'e', 'h']);
  });

  it('orders ids by code point, as SQLite does, not by UTF-16 code unit', async () => {
    const store = await denseStore();
    const ids = ['\u{1F680}', '\uFFFD', 'z', 'Z', '\u00E9', 'e\u0301', '10', '9'];
    await store.upsertChunks(
      S,
      ids.map((id, i) => chunk('x', i, { id })),
    );
    expect(await collectIds(store.iterChunks({ ...S, batchSize: 3 }))).toEqual([
      '10',
      '9',
      'Z',
      'e\u0301',
      'z',
      '\u00E9',
      '\uFFFD',
      '\u{1F680}',
    ]);
  });
});

describe('namespaces', () => {
  it('keep their own BM25 statistics', async () => {
    const store = await denseStore();
    const A = { ...S, namespace: 'a' };
    await store.replaceDocument(A, write('d', [chunk('d', 0, { text: 'rare word here' })]));
    const alone = await store.lexicalSearch({ ...A, query: 'rare', topK: 1 });
    await store.replaceDocument(
      { ...S, namespace: 'b' },
      write(
        'e',
        [0, 1, 2].map((i) => chunk('e', i, { text: `rare word ${i}` })),
      ),
    );
    expect(await store.lexicalSearch({ ...A, query: 'rare', topK: 1 })).toEqual(alone);
  });

  it('are created by writes only and forgotten once empty', async () => {
    const store = await denseStore();
    const T = { ...S, namespace: 't' };
    expect(await store.countChunks(T)).toBe(0);
    expect(await store.deleteChunks(T, { ids: ['x'] })).toEqual({ chunks: 0, documents: 0 });
    await store.upsertChunks(T, [chunk('d', 0)]);
    expect(await store.deleteChunks(T, { sourceIds: ['d'] })).toEqual({ chunks: 1, documents: 0 });
    expect(await store.listDocuments(T)).toEqual([]);
    expect(await store.getStats()).toEqual({ collections: 1, documents: 0, chunks: 0 });
  });
});

/** Words whose stems, diacritics and frequencies exercise tokenisation and BM25. */
const WORDS = [
  'run',
  'running',
  'runs',
  'runner',
  'quick',
  'quickly',
  'fox',
  'foxes',
  'café',
  'CAFE',
  'naïve',
  'über',
  'Straße',
  'relational',
  'generalization',
  'hopeful',
  'sky',
  'skies',
  'data',
  'Ωmega',
  'мир',
  '東京',
  'x2',
  '2024',
  'e\u0301te\u0301',
];

function corpusChunk(documentId: string, ordinal: number, random: () => number): StoredChunk {
  const pick = () => WORDS[Math.floor(random() * WORDS.length)]!;
  const text = Array.from({ length: 1 + Math.floor(random() * 12) }, pick).join(random() < 0.5 ? ' ' : ', ');
  return chunk(documentId, ordinal, {
    text,
    headingPath: random() < 0.3 ? [pick(), `${pick()} ${pick()}`] : [],
    sourceId: `s${Math.floor(random() * 5)}`,
    metadata: { bucket: Math.floor(random() * 3) },
    embedding: Array.from({ length: DIM }, () => random() - 0.4),
  });
}

/** A deterministic generator (Park–Miller). */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

/** Runs `run` on each store in turn. */
async function onEach<T>(stores: Store[], run: (store: Store) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (const store of stores) results.push(await run(store));
  return results;
}

const DOCUMENT_IDS = ['doc-a', 'Doc-b', 'doc-\u00E9', 'doc-\u{1F680}', 'doc-\uFFFD', 'doc-z'];
const QUERIES = [...WORDS, 'quick fox', 'running runs', 'cafe café', 'skies sky data', 'über alles'];

describe('parity with the SQLite store', () => {
  it('ranks exactly alike while nothing was deleted or overwritten', async () => {
    const random = generator(42);
    const stores = [await openSqliteStore({ path: ':memory:' }), createMemoryStore()];
    await onEach(stores, (store) => store.createCollection(S.collection, { model: 'm', dimension: DIM }));
    for (const documentId of DOCUMENT_IDS) {
      const chunks = Array.from({ length: 1 + Math.floor(random() * 6) }, (_, i) => ({
        ...corpusChunk(documentId, i, random),
        sourceId: documentId,
      }));
      await onEach(stores, (store) => store.replaceDocument(S, write(documentId, chunks)));
    }
    const loose = Array.from({ length: 12 }, (_, i) => corpusChunk('loose', i, random));
    await onEach(stores, (store) => store.upsertChunks(S, loose));
    for (const query of QUERIES) {
      for (const keepBest of [false, true]) {
        const [expected, actual] = await onEach(stores, (store) =>
          store.lexicalSearch({ ...S, query, topK: 8, keepBest }),
        );
        expect(
          actual!.map((hit) => hit.chunk.id),
          query,
        ).toEqual(expected!.map((hit) => hit.chunk.id));
        actual!.forEach((hit, i) => {
          expect(hit.score).toBeCloseTo(expected![i]!.score, 12);
          expect(hit).toEqual({ ...expected![i], score: hit.score, scores: { lexical: hit.score } });
        });
      }
    }
    for (let i = 0; i < 10; i++) {
      const vector = Array.from({ length: DIM }, () => random() - 0.5);
      const request = { ...S, vector, topK: 6, keepBest: i % 2 === 0, filter: { bucket: { $lt: 2 } } };
      const [expected, actual] = await onEach(stores, (store) => store.denseSearch(request));
      expect(actual!.map((hit) => hit.chunk.id)).toEqual(expected!.map((hit) => hit.chunk.id));
      actual!.forEach((hit, j) => {
        expect(hit.score).toBeCloseTo(expected![j]!.score, 5);
      });
    }
    await onEach(stores, (store) => store.close());
  });

  it('stores, iterates and matches alike through a mixed series of writes', async () => {
    const random = generator(7);
    const stores = [await openSqliteStore({ path: ':memory:' }), createMemoryStore()];
    await onEach(stores, (store) => store.createCollection(S.collection, { model: 'm', dimension: DIM }));
    for (let round = 0; round < 3; round++) {
      for (const documentId of DOCUMENT_IDS) {
        const chunks = Array.from({ length: 1 + Math.floor(random() * 6) }, (_, i) => ({
          ...corpusChunk(documentId, i, random),
          sourceId: documentId,
        }));
        await onEach(stores, (store) => store.replaceDocument(S, write(documentId, chunks)));
      }
      const loose = Array.from({ length: 8 }, (_, i) => corpusChunk(`loose${round}`, i, random));
      const overwrite = corpusChunk('doc-a', 0, random);
      const replacement = corpusChunk(`new${round}`, 0, random);
      await onEach(stores, async (store) => {
        await store.upsertChunks(S, loose);
        await store.upsertChunks(S, [overwrite]);
        await store.deleteChunks(S, { ids: ['doc-z:1', `loose${round}:3`] });
        await store.replaceChunks(S, { sourceIds: ['s1'] }, [replacement]);
        await store.deleteChunks(S, { filter: { bucket: 2 } });
      });
    }
    const [sqliteIds, memoryIds] = await onEach(stores, (store) =>
      collectIds(store.iterChunks({ ...S, batchSize: 7 })),
    );
    expect(memoryIds).toEqual(sqliteIds);
    const [sqliteDocuments, memoryDocuments] = await onEach(stores, (store) => store.listDocuments(S));
    const withoutTime = (records: typeof sqliteDocuments) =>
      records!.map(({ ingestedAt: _, ...rest }) => rest);
    expect(withoutTime(memoryDocuments)).toEqual(withoutTime(sqliteDocuments));
    const [sqliteStats, memoryStats] = await onEach(stores, (store) => store.getStats());
    expect(memoryStats).toEqual({ ...sqliteStats, bytes: undefined });
    for (const query of QUERIES) {
      const [expected, actual] = await onEach(stores, (store) =>
        store.lexicalSearch({ ...S, query, topK: 1000 }),
      );
      expect(actual!.map((hit) => hit.chunk.id).sort(), query).toEqual(
        expected!.map((hit) => hit.chunk.id).sort(),
      );
    }
    await onEach(stores, (store) => store.close());
  });
});

describe('store.lexicalSearch', () => {
  it('scores only live chunks: rewrites and deletes leave no trace in BM25 statistics', async () => {
    const churned = await denseStore();
    const fresh = await denseStore();
    const final = [0, 1, 2, 3].map((i) => chunk('d', i, { text: i < 2 ? 'rare word' : 'common word' }));
    for (let round = 0; round < 20; round++) {
      await churned.upsertChunks(S, [chunk('d', 2, { text: `common word filler ${round} extra` })]);
      await churned.replaceDocument(S, write('gone', [chunk('gone', 0, { text: 'rare rare rare' })]));
      await churned.deleteChunks(S, { documentIds: ['gone'] });
    }
    await churned.upsertChunks(S, final);
    await fresh.upsertChunks(S, final);
    const [expected, actual] = await onEach([fresh, churned], (store) =>
      store.lexicalSearch({ ...S, query: 'rare', topK: 5 }),
    );
    expect(actual).toEqual(expected);
    expect(actual![0]!.score).toBeCloseTo(1e-6 * ((1 * 2.2) / (1 + 1.2)), 15);
  });
});

describe('distance metrics', () => {
  // Three embeddings: a points the query's way but is long; b is the query; c is short and close.
  const embeddings: Record<string, number[]> = { a: [10, 0.5, 0, 0], b: [1, 0, 0, 0], c: [0.5, 0.4, 0, 0] };
  const query = [1, 0, 0, 0];

  async function ranked(metric: 'cosine' | 'euclidean' | 'dot') {
    const store = createMemoryStore();
    const info = await store.createCollection('m', { model: 'm', dimension: DIM, metric });
    const scope = { collection: 'm' };
    await store.upsertChunks(
      scope,
      Object.entries(embeddings).map(([id, embedding]) => storedChunk(id, 0, { embedding })),
    );
    const hits = await store.denseSearch({ ...scope, vector: query, topK: 3 });
    return { info, ids: hits.map((h) => h.chunk.documentId), scores: hits.map((h) => h.score) };
  }

  it('ranks by the metric chosen at creation: cosine, euclidean (1 / (1 + distance)), dot product', async () => {
    const cosine = await ranked('cosine');
    expect(cosine.info.metric).toBeUndefined();
    expect(cosine.ids).toEqual(['b', 'a', 'c']);
    expect(cosine.scores[0]).toBeCloseTo(1, 6);

    const euclidean = await ranked('euclidean');
    expect(euclidean.info.metric).toBe('euclidean');
    expect(euclidean.ids).toEqual(['b', 'c', 'a']);
    expect(euclidean.scores[0]).toBeCloseTo(1, 6);
    expect(euclidean.scores[1]).toBeCloseTo(1 / (1 + Math.hypot(0.5, 0.4)), 6);

    const dot = await ranked('dot');
    expect(dot.info.metric).toBe('dot');
    expect(dot.ids).toEqual(['a', 'b', 'c']);
    expect(dot.scores[0]).toBeCloseTo(10, 6);
  });

  it('keeps the metric with the collection: another metric for the same name conflicts', async () => {
    const store = createMemoryStore();
    await store.createCollection('m', { model: 'm', dimension: DIM, metric: 'dot' });
    expect((await store.getCollection('m'))?.metric).toBe('dot');
    expect(await store.createCollection('m', { model: 'm', dimension: DIM })).toMatchObject({
      metric: 'dot',
    });
    await expect(
      store.createCollection('m', { model: 'm', dimension: DIM, metric: 'cosine' }),
    ).rejects.toMatchObject({
      code: 'COLLECTION_CONFLICT',
    });
    await expect(store.createCollection('x', { metric: 'dot' })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    await expect(
      store.createCollection('y', { model: 'm', dimension: DIM, metric: 'manhattan' as never }),
    ).rejects.toThrow(/metric: must be cosine, euclidean or dot/);
  });

  it('a store that cannot serve a metric refuses it with a typed error before creating anything', async () => {
    const store = await openSqliteStore({ path: ':memory:' });
    try {
      expect(store.capabilities.metrics).toEqual(['cosine']);
      await expect(
        store.createCollection('m', { model: 'm', dimension: DIM, metric: 'euclidean' }),
      ).rejects.toMatchObject({
        code: 'INVALID_ARGUMENT',
        message: expect.stringMatching(/sqlite store ranks by cosine only/),
      });
      expect(await store.getCollection('m')).toBeUndefined();
    } finally {
      await store.close();
    }
  });
});
