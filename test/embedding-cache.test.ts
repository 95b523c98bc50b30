import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteCache, type SqliteCache } from '../src/cache/sqlite-cache.js';
import { cachedEmbedder, embeddingCacheKey } from '../src/embed/cached-embedder.js';
import { embedDocuments } from '../src/embed/embed.js';
import { createEngine } from '../src/engine/engine.js';
import { openStore } from '../src/engine/store-schemes.js';
import { OpenAIEmbedder } from '../src/providers/openai/openai-embedder.js';
import { tempDir, writeMixedCorpus } from './support/corpus.js';
import {
  type FakeServer,
  hashEmbedding,
  startOpenAICompatibleServer,
} from './support/openai-compatible-server.js';

describe('embedding cache', () => {
  let server: FakeServer;
  let cache: SqliteCache;
  const embedded = () =>
    server.requests.filter((r) => r.path.endsWith('/embeddings')).flatMap((r) => r.body.input as string[]);

  beforeAll(async () => {
    server = await startOpenAICompatibleServer({ dimension: 64 });
    cache = openSqliteCache(path.join(tempDir(), 'cache.db'));
  });
  afterAll(async () => {
    cache.close();
    await server.close();
  });

  it('embeds each text once across forced re-ingests and survives reopening', async () => {
    const embedder = new OpenAIEmbedder({ model: 'hash-64', dimension: 64, baseURL: server.baseURL });
    const corpus = writeMixedCorpus();
    const engine = await createEngine({
      store: await openStore(path.join(tempDir(), 'a.db')),
      embedder,
      cache,
    });
    await engine.ingestPaths([corpus]);
    const first = embedded().length;
    expect(first).toBeGreaterThan(0);
    expect(cache.size('embedding/')).toBe(new Set(embedded()).size);
    expect(cache.size('parse/')).toBe(4);
    const again = await engine.ingestPaths([corpus], { force: true });
    expect(again.totals.ingested).toBe(4);
    expect(embedded()).toHaveLength(first);
    await engine.close();

    const reopened = openSqliteCache(cache.path);
    const other = await createEngine({
      store: await openStore(path.join(tempDir(), 'b.db')),
      embedder,
      cache: reopened,
    });
    await other.ingestPaths([corpus]);
    expect(embedded()).toHaveLength(first);
    const { hits } = await other.search('marmots hibernate', { mode: 'dense', topK: 1 });
    expect(hits[0]!.chunk.documentId).toBe('guide.md');
    await other.close();
    reopened.close();
  });

  it('treats a malformed entry as a miss and keeps query and document embeddings apart', async () => {
    const embedder = new OpenAIEmbedder({ model: 'hash-64', dimension: 64, baseURL: server.baseURL });
    await cache.set(embeddingCacheKey(embedder, 'document', 'otter'), '{not json');
    const wrapped = cachedEmbedder(embedder, cache);
    const [vector] = await embedDocuments(wrapped, ['otter']);
    expect(vector).toEqual(hashEmbedding('otter', 64));
    expect(wrapped.misses).toBe(1);
    await embedDocuments(wrapped, ['otter']);
    expect(wrapped.hits).toBe(1);
    expect(await cache.get(embeddingCacheKey(embedder, 'query', 'otter'))).toBeUndefined();
  });

  it("keeps the embedder's readiness check: a missing key stops the batch once, before the first file", async () => {
    const saved = { key: process.env.OPENAI_API_KEY, base: process.env.OPENAI_BASE_URL };
    delete process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_BASE_URL;
    try {
      const engine = await createEngine({
        store: await openStore(path.join(tempDir(), 'no-key.db')),
        embedder: new OpenAIEmbedder({ model: 'text-embedding-3-small', dimension: 8 }),
        cache,
      });
      await expect(engine.ingestPaths([writeMixedCorpus()])).rejects.toThrow(
        /the embedder \(text-embedding-3-small\) cannot run: .*OPENAI_API_KEY/,
      );
      expect(await engine.listDocuments().catch(() => [])).toEqual([]);
      await engine.close();
    } finally {
      if (saved.key !== undefined) process.env.OPENAI_API_KEY = saved.key;
      if (saved.base !== undefined) process.env.OPENAI_BASE_URL = saved.base;
    }
  });
});
