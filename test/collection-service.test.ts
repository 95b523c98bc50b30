import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddingUsage } from '../src/core/ports.js';
import { type CollectionService, createCollectionService } from '../src/engine/collection-service.js';
import { OpenAIEmbedder } from '../src/providers/openai/openai-embedder.js';
import { openSqliteStore } from '../src/store/sqlite/sqlite-store.js';
import { tempDir } from './support/corpus.js';
import { type FakeServer, startOpenAICompatibleServer } from './support/openai-compatible-server.js';

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('CollectionService on SQLite with OpenAI-compatible embedders', () => {
  let small: FakeServer;
  let large: FakeServer;
  let service: CollectionService;
  const usage: EmbeddingUsage[] = [];
  const embedSmall = () =>
    new OpenAIEmbedder({ model: 'hash-16', dimension: 16, baseURL: small.baseURL, minBackoffMs: 1 });
  const embedLarge = () => new OpenAIEmbedder({ model: 'hash-48', dimension: 48, baseURL: large.baseURL });

  beforeAll(async () => {
    small = await startOpenAICompatibleServer({ dimension: 16 });
    large = await startOpenAICompatibleServer({ dimension: 48 });
    const store = await openSqliteStore({ path: path.join(tempDir(), 'service.db') });
    service = createCollectionService({
      store,
      embedder: embedSmall(),
      resolveEmbedder: (model) => (model === 'hash-48' ? embedLarge() : undefined),
      onUsage: (u) => usage.push(u),
      normalize: (t) => t.toLowerCase(),
    });
    await service.ensureRegistry();
  });
  afterAll(async () => {
    await service.store.close();
    await small.close();
    await large.close();
  });

  it('indexes with each collection’s own registered model', async () => {
    await service.createCollection('notes');
    await service.createCollection('wide', { model: 'hash-48', dimension: 48 });
    const ids = await service.index('notes', [
      { id: 'n1', content: 'Marmots hibernate in burrows', sourceId: 's1', metadata: { kind: 'animal' } },
      { id: 'n2', content: 'Granite boulders shelter burrows', sourceId: 's1', metadata: { kind: 'rock' } },
      { id: 'n3', content: 'Pikas gather hay', sourceId: 's2', metadata: { kind: 'animal' } },
    ]);
    expect(ids).toEqual(['n1', 'n2', 'n3']);
    await service.index('wide', [{ id: 'w1', content: 'Quokkas live on Rottnest Island' }]);
    expect(large.requests).toHaveLength(1);
    expect((await service.getEmbeddingsByIds('wide', ['w1'])).get('w1')).toHaveLength(48);
    expect((await service.getEmbeddingsByIds('notes', ['n1'])).get('n1')).toHaveLength(16);
    const listed = await service.listCollections();
    expect(listed.map((c) => [c.name, c.model, c.dimension, c.count])).toEqual(
      expect.arrayContaining([
        ['notes', 'hash-16', 16, 3],
        ['wide', 'hash-48', 48, 1],
      ]),
    );
  });

  it('reports usage and normalises texts on both sides', async () => {
    const before = small.requests.length;
    const results = await service.query('notes', 'MARMOTS HIBERNATE', { topK: 1 });
    expect(results[0]).toMatchObject({ id: 'n1', sourceId: 's1', content: 'Marmots hibernate in burrows' });
    expect(results[0]!.similarity).toBeGreaterThan(0.5);
    expect(small.requests[before]!.body.input).toEqual(['marmots hibernate']);
    expect(usage.at(-1)).toMatchObject({ model: 'hash-16', texts: 1 });
    expect(usage.every((u) => u.milliseconds >= 0)).toBe(true);
  });

  it('queryBatch embeds all queries in one call and applies filters, keepBest and includeContent', async () => {
    const before = small.requests.length;
    const [a, b] = await service.queryBatch('notes', ['burrows', 'hay'], {
      filter: { kind: 'animal' },
      includeContent: false,
      topK: 5,
    });
    expect(small.requests.length - before).toBe(1);
    expect(a!.map((r) => r.id).sort()).toEqual(['n1', 'n3']);
    expect(a![0]!.content).toBeUndefined();
    expect(b![0]!.id).toBe('n3');
    const best = await service.query('notes', 'burrows', { keepBest: true, topK: 5 });
    expect(best.map((r) => r.sourceId).sort()).toEqual(['s1', 's2']);
    expect(await service.query('notes', 'burrows', { sourceIds: [] })).toEqual([]);
    expect(await service.countEntries('notes', { filter: { kind: 'animal' } })).toBe(2);
  });

  it('replace embeds first: a failed embedding call leaves the old rows', async () => {
    small.failures.push(400);
    await expect(
      service.replace('notes', [{ id: 'n9', content: 'replacement', sourceId: 's1' }], { sourceId: 's1' }),
    ).rejects.toMatchObject({ code: 'PROVIDER_ERROR' });
    expect(await service.countEntries('notes', { sourceIds: ['s1'] })).toBe(2);
    const result = await service.replace(
      'notes',
      [{ id: 'n9', content: 'Replacement text', sourceId: 's1' }],
      {
        sourceId: 's1',
      },
    );
    expect(result).toEqual({ deleted: 2, inserted: 1 });
    expect(await service.countEntries('notes', { sourceIds: ['s1'] })).toBe(1);
  });

  it('refuses a collection whose model has no embedder, and a dimension mismatch, before writing', async () => {
    await service.createCollection('orphan', { model: 'unknown-model', dimension: 16 });
    await expect(service.index('orphan', [{ content: 'x' }])).rejects.toMatchObject({ code: 'CONFIG_ERROR' });
    await expect(service.createCollection('notes', { model: 'hash-16', dimension: 8 })).rejects.toMatchObject(
      {
        code: 'COLLECTION_CONFLICT',
      },
    );
  });

  it('reads a missing collection as empty: 0, nothing, no-op, [] — and embeds nothing for it', async () => {
    const before = small.requests.length;
    expect(await service.countEntries('absent')).toBe(0);
    expect(await collect(service.iterEntries('absent'))).toEqual([]);
    expect(await service.delete('absent', 'x')).toBe(false);
    expect(await service.deleteMany('absent', ['x'])).toBe(0);
    expect(await service.deleteBySourceId('absent', 's')).toBe(0);
    expect(await service.deleteByMetadata('absent', { kind: 'x' })).toBe(0);
    expect(await service.query('absent', 'marmots')).toEqual([]);
    expect(await service.queryBatch('absent', ['a', 'b'])).toEqual([[], []]);
    expect(await service.queryVector('absent', new Array(16).fill(0.25))).toEqual([]);
    expect(await service.getEmbeddingsByIds('absent', ['x'])).toEqual(new Map());
    expect(await service.replace('absent', [], { sourceId: 's' })).toEqual({ deleted: 0, inserted: 0 });
    expect(small.requests.length).toBe(before);
    expect(await service.store.getCollection('absent')).toBeUndefined();
    await expect(service.deleteByMetadata('absent', {})).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('a query restricted to an empty sourceIds list embeds nothing and returns []', async () => {
    const before = small.requests.length;
    expect(await service.query('notes', 'marmots', { sourceIds: [] })).toEqual([]);
    expect(await service.queryBatch('notes', ['a', 'b'], { sourceIds: [] })).toEqual([[], []]);
    expect(small.requests.length).toBe(before);
  });

  it("indexing into a missing collection provisions it with the service's model", async () => {
    expect(await service.index('fresh', [{ id: 'f1', content: 'Otters float on kelp' }])).toEqual(['f1']);
    expect(await service.store.getCollection('fresh')).toMatchObject({ model: 'hash-16', dimension: 16 });
    expect(
      await service.indexEmbedded('fresh2', [{ id: 'g1', content: 'x' }], [new Array(16).fill(0.5)]),
    ).toEqual(['g1']);
    expect(await service.store.getCollection('fresh2')).toMatchObject({ model: 'hash-16', dimension: 16 });
    expect((await service.query('fresh', 'otters kelp'))[0]?.id).toBe('f1');
  });

  it('iterated entries carry their created and updated times', async () => {
    await service.index('stamped', [{ id: 'e1', content: 'first version' }]);
    const [first] = (await collect(service.iterEntries('stamped'))).flat();
    expect(first!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(first!.updatedAt).toBe(first!.createdAt);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await service.index('stamped', [{ id: 'e1', content: 'second version' }]);
    const [second] = (await collect(service.iterEntries('stamped'))).flat();
    expect(second!.createdAt).toBe(first!.createdAt);
    expect(Date.parse(second!.updatedAt!)).toBeGreaterThan(Date.parse(first!.updatedAt!));
  });

  it('deletes by id, ids, source id and metadata, and iterates in id order', async () => {
    await service.indexBatch(
      'notes',
      Array.from({ length: 7 }, (_, i) => ({
        id: `b${i}`,
        content: `batch entry ${i}`,
        metadata: { group: i % 2 },
      })),
      { batchSize: 3 },
    );
    expect(await service.deleteMany('notes', [])).toBe(0);
    expect(await service.delete('notes', 'b0')).toBe(true);
    expect(await service.delete('notes', 'b0')).toBe(false);
    expect(await service.deleteMany('notes', ['b1', 'b2', 'nope'])).toBe(2);
    expect(await service.deleteByMetadata('notes', { group: 1 })).toBe(2);
    expect(await service.deleteBySourceId('notes', 's2')).toBe(1);
    const ids: string[] = [];
    for await (const batch of service.iterEntries('notes', { batchSize: 2 })) {
      ids.push(...batch.map((c) => c.id));
      expect(batch.every((c) => Array.isArray(c.embedding) && c.embedding.length === 16)).toBe(true);
    }
    expect(ids).toEqual([...ids].sort());
    expect(ids).toEqual(['b4', 'b6', 'n9']);
  });
});

describe('CollectionService with provisioning off', () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await startOpenAICompatibleServer({ dimension: 8 });
  });
  afterAll(() => server.close());

  it('creates nothing on first write, but the explicit admin calls still create', async () => {
    const file = path.join(tempDir(), 'no-provision.db');
    await (await openSqliteStore({ path: file })).close();
    const store = await openSqliteStore({ path: file, provision: false });
    const embedder = new OpenAIEmbedder({ model: 'hash-8', dimension: 8, baseURL: server.baseURL });
    const service = createCollectionService({ store, embedder });
    try {
      expect(service.provision).toBe(false);
      await expect(service.index('docs', [{ content: 'x' }])).rejects.toMatchObject({
        code: 'COLLECTION_NOT_FOUND',
        message: expect.stringMatching(/provision: false.*createCollection/),
      });
      expect(server.requests).toHaveLength(0);
      await service.ensureRegistry();
      expect(await service.createCollection('docs')).toMatchObject({ model: 'hash-8', dimension: 8 });
      expect(await service.index('docs', [{ id: 'a', content: 'x' }])).toEqual(['a']);
      const own = createCollectionService({ store, embedder, provision: true });
      expect(await own.index('other', [{ id: 'b', content: 'y' }])).toEqual(['b']);
    } finally {
      await store.close();
    }
  });
});
