import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenSearchDouble, startOpenSearchDouble } from '../../test/support/opensearch-double.js';
import { freshPglite } from '../../test/support/pglite.js';
import { type QdrantDouble, startQdrantDouble } from '../../test/support/qdrant-double.js';
import { documentWrite, storedChunk } from '../../test/support/store-records.js';
import type { Store } from '../core/ports.js';
import type { StoredChunk } from '../core/types.js';
import { createMemoryStore } from './memory/memory-store.js';
import { migrateStore } from './migrate.js';
import { openOpenSearchStore } from './opensearch/opensearch-store.js';
import { pgliteDriver } from './postgres/pglite-driver.js';
import { openPostgresStore } from './postgres/postgres-store.js';
import { openQdrantStore } from './qdrant/qdrant-store.js';
import { openSqliteStore } from './sqlite/sqlite-store.js';

const DIM = 16;
const root = mkdtempSync(join(tmpdir(), 'cairn-migrate-'));
let qdrant: QdrantDouble;
let opensearch: OpenSearchDouble;
let opened = 0;

beforeAll(async () => {
  qdrant = await startQdrantDouble();
  opensearch = await startOpenSearchDouble();
});
afterAll(async () => {
  await qdrant.close();
  await opensearch.close();
  rmSync(root, { recursive: true, force: true });
});

/** A deterministic embedding: a seeded xorshift, never zero. */
function embed(seed: number): number[] {
  let state = (seed * 2654435761 + 7) >>> 0 || 1;
  return Array.from({ length: DIM }, () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return (state / 0xffffffff) * 2 - 1 + 1e-3;
  });
}

function chunks(documentId: string, count: number, seed: number): StoredChunk[] {
  return Array.from({ length: count }, (_, i) =>
    storedChunk(documentId, i, {
      text: `${documentId} part ${i} about topic ${(seed + i) % 3}`,
      headingPath: ['Guide', documentId],
      metadata: { topic: (seed + i) % 3, tags: ['x', `t${i}`] },
      embedding: embed(seed * 100 + i),
    }),
  );
}

/** Fills a store: two namespaces, documents with records, and chunks without one. */
async function fill(store: Store): Promise<void> {
  await store.createCollection('docs', {
    model: 'test-embedder',
    dimension: DIM,
    metadata: { owner: 'ops' },
  });
  for (let d = 0; d < 6; d++) {
    await store.replaceDocument(
      { collection: 'docs' },
      documentWrite(`doc${d}`, chunks(`doc${d}`, 3 + (d % 3), d), { contentHash: `h${d}` }),
    );
  }
  await store.replaceDocument(
    { collection: 'docs', namespace: 'tenant' },
    documentWrite('private', chunks('private', 2, 50)),
  );
  await store.upsertChunks({ collection: 'docs' }, chunks('loose', 2, 60));
}

/** Everything a store holds for the copied scopes, as comparable data. */
async function snapshot(store: Store) {
  const [info] = await store.listCollections();
  // The layout version is the backend's own (SQL tables are at 2, a fresh memory store at 1).
  const { createdAt: _createdAt, schemaVersion: _schemaVersion, ...definition } = info!;
  const scopes = [{ collection: 'docs' }, { collection: 'docs', namespace: 'tenant' }];
  const per = [];
  for (const scope of scopes) {
    const records = (await store.listDocuments(scope)).map(({ ingestedAt: _at, ...record }) => record);
    const all = [];
    // Write times are the target's own (a copy is written now), and remote stores keep none.
    for await (const batch of store.iterChunks({ ...scope, batchSize: 4 })) {
      all.push(...batch.map(({ createdAt: _created, updatedAt: _updated, ...chunk }) => chunk));
    }
    const hits = await store.denseSearch({ ...scope, vector: embed(4242), topK: 5 });
    per.push({ records, chunks: all, hits: hits.map((hit) => [hit.chunk.id, hit.score.toFixed(5)]) });
  }
  return { definition, per };
}

const stores = {
  sqlite: () => openSqliteStore({ path: join(root, `${++opened}.db`) }),
  // In memory, owned by the store (closed with it), from the run's copy of a new data folder.
  pglite: async () => openPostgresStore({ driver: pgliteDriver(await freshPglite(), true) }),
  memory: async () => createMemoryStore(),
  qdrant: () => openQdrantStore({ url: qdrant.url, prefix: `m${++opened}` }),
  opensearch: () => openOpenSearchStore({ node: opensearch.url, prefix: `m${++opened}` }),
} satisfies Record<string, () => Promise<Store>>;

describe('migrateStore', () => {
  const chain = ['sqlite', 'pglite', 'memory', 'qdrant', 'opensearch', 'sqlite'] as const;
  it(`copies collections, records, chunks and embeddings bit for bit along ${chain.join(' → ')}`, async () => {
    let source: Store = await stores[chain[0]]();
    await fill(source);
    const expected = await snapshot(source);
    expect(expected.per[0]!.chunks.length).toBe(26);
    for (const next of chain.slice(1)) {
      const target: Store = await stores[next]();
      const result = await migrateStore(source, target, { namespaces: ['default', 'tenant'], batchSize: 3 });
      expect(result.map((entry) => [entry.namespace, entry.copied, entry.skipped, entry.chunks])).toEqual([
        ['default', 6, 0, 26],
        ['tenant', 1, 0, 2],
      ]);
      expect(await snapshot(target), `after copying into ${next}`).toEqual(expected);
      await source.close();
      source = target;
    }
    await source.close();
  });

  it('resumes an interrupted copy where it stopped', async () => {
    const source = await stores.sqlite();
    await fill(source);
    const target = await stores.pglite();
    const controller = new AbortController();
    const reports: number[] = [];
    const interrupted = migrateStore(source, target, {
      bulk: false,
      signal: controller.signal,
      onProgress: (progress) => {
        reports.push(progress.copied);
        if (progress.copied === 4) controller.abort(new Error('interrupted'));
      },
    });
    await expect(interrupted).rejects.toThrow('interrupted');
    expect((await target.listDocuments({ collection: 'docs' })).length).toBe(4);
    // The target's namespace is no longer empty: the rerun copies document by document by itself.
    const resumed = await migrateStore(source, target);
    expect(resumed).toEqual([
      {
        collection: 'docs',
        namespace: 'default',
        documents: 6,
        copied: 2,
        skipped: 4,
        chunks: 4 + 5 + 2,
        done: true,
      },
    ]);
    const {
      per: [expected],
    } = await snapshot(source);
    const {
      per: [copied],
    } = await snapshot(target);
    expect(copied).toEqual(expected);
    await source.close();
    await target.close();
  });

  it('copies into an empty PostgreSQL namespace with one bulk load, which an interruption leaves empty', async () => {
    const source = await stores.sqlite();
    await fill(source);
    const target = await stores.pglite();
    const controller = new AbortController();
    const interrupted = migrateStore(source, target, {
      signal: controller.signal,
      batchSize: 4,
      onProgress: (progress) => {
        expect(progress.bulk).toBe(true);
        if (progress.copied === 4) controller.abort(new Error('interrupted'));
      },
    });
    await expect(interrupted).rejects.toThrow('interrupted');
    // One transaction: the documents read before the interruption were never committed.
    expect(await target.listDocuments({ collection: 'docs' })).toEqual([]);
    expect(await target.countChunks({ collection: 'docs' })).toBe(0);
    const result = await migrateStore(source, target, { namespaces: ['default', 'tenant'], batchSize: 4 });
    expect(result.map((entry) => [entry.namespace, entry.copied, entry.chunks, entry.bulk])).toEqual([
      ['default', 6, 26, true],
      ['tenant', 1, 2, true],
    ]);
    expect(await snapshot(target)).toEqual(await snapshot(source));
    // The same BM25 statistics as a copy document by document (SQLite's FTS5 counts every
    // namespace of a table, PostgreSQL each namespace on its own, so the source's scores differ).
    const reference = await stores.pglite();
    await migrateStore(source, reference, { namespaces: ['default', 'tenant'], bulk: false });
    for (const query of ['topic part', 'doc3 guide', 'loose']) {
      for (const namespace of ['default', 'tenant']) {
        const scores = async (store: Store) =>
          (await store.lexicalSearch({ collection: 'docs', namespace, query, topK: 30 })).map((hit) => [
            hit.chunk.id,
            hit.score.toFixed(6),
          ]);
        const expected = await scores(reference);
        if (query === 'topic part') expect(expected.length).toBeGreaterThan(0);
        expect(await scores(target), `${query} in ${namespace}`).toEqual(expected);
      }
    }
    await reference.close();
    await source.close();
    await target.close();
  });

  it('with bulk: true replaces each document in a non-empty namespace, and refuses a target without a bulk load', async () => {
    const source = await stores.sqlite();
    await fill(source);
    const target = await stores.pglite();
    await target.createCollection('docs', {
      model: 'test-embedder',
      dimension: DIM,
      metadata: { owner: 'ops' },
    });
    // doc1 is there in an older version with more chunks, one of them an id the new version lacks.
    await target.replaceDocument(
      { collection: 'docs' },
      documentWrite('doc1', chunks('doc1', 7, 99), { contentHash: 'old' }),
    );
    const [entry] = await migrateStore(source, target, { bulk: true });
    expect([entry!.copied, entry!.bulk]).toEqual([6, true]);
    expect((await target.getDocument({ collection: 'docs' }, 'doc1'))?.chunkCount).toBe(4);
    const {
      per: [expected],
    } = await snapshot(source);
    const {
      per: [copied],
    } = await snapshot(target);
    expect(copied).toEqual(expected);
    const memory = await stores.memory();
    await expect(migrateStore(source, memory, { bulk: true })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    await source.close();
    await target.close();
    await memory.close();
  });

  it('refuses a target that holds the collection with another model', async () => {
    const source = await stores.memory();
    await fill(source);
    const target = await stores.memory();
    await target.createCollection('docs', { model: 'other', dimension: DIM });
    await expect(migrateStore(source, target)).rejects.toMatchObject({ code: 'COLLECTION_CONFLICT' });
    await expect(migrateStore(source, target, { collections: ['missing'] })).rejects.toMatchObject({
      code: 'COLLECTION_NOT_FOUND',
    });
  });
});
