import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCairnError } from '../src/core/errors.js';
import type { Store } from '../src/core/ports.js';
import { createMemoryStore } from '../src/engine/embedded-stores.js';
import { createEngine } from '../src/engine/engine.js';
import { openEngine } from '../src/engine/open-engine.js';
import { openStore, registerStoreScheme, storeSchemes } from '../src/engine/store-schemes.js';
import { OpenAIEmbedder } from '../src/providers/openai/openai-embedder.js';
import { tempDir } from './support/corpus.js';
import { ensureBuilt } from './support/ensure-built.js';
import { type FakeServer, startOpenAICompatibleServer } from './support/openai-compatible-server.js';

const none = { env: {} };

/** A folder with `files` (name → text). */
function folder(files: Record<string, string>): string {
  const dir = tempDir();
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('store schemes', () => {
  it('opens a registered scheme through its factory, and a new scheme takes one call', async () => {
    const opened: string[] = [];
    registerStoreScheme('test-mem', async (location) => {
      opened.push(location.rest);
      return createMemoryStore();
    });
    expect(storeSchemes()).toEqual(
      expect.arrayContaining([
        'chroma',
        'memory',
        'opensearch',
        'pglite',
        'postgres',
        'qdrant',
        'sqlite',
        'test-mem',
      ]),
    );
    const store = await openStore('test-mem://bucket/a');
    expect(store.backend).toBe('memory');
    expect(opened).toEqual(['bucket/a']);
    await store.close();
  });

  it('refuses an unknown scheme naming the registered ones, and a mistyped path when create is false', async () => {
    const error = await openStore('milvus://localhost:19530').catch((e) => e);
    expect(isCairnError(error) && error.code).toBe('CONFIG_ERROR');
    expect(error.message).toMatch(
      /unknown store scheme "milvus:"; registered: .*chroma.*memory.*opensearch.*qdrant.*sqlite/,
    );
    const missing = path.join(tempDir(), 'nothere', 'x.db');
    await expect(openStore(missing, { create: false, settingName: '--db' })).rejects.toThrow(
      /no database at .*x\.db; ingest documents into it first, or check --db/,
    );
    expect(existsSync(missing)).toBe(false);
  });
});

describe('openEngine', () => {
  it('resolves specs from settings, else from the environment it is given, naming settings as asked', async () => {
    const db = path.join(tempDir(), 'env.db');
    const engine = await openEngine({
      store: db,
      env: { CAIRN_EMBEDDER: 'openai:text-embedding-3-small', CAIRN_CHAT_MODEL: 'anthropic:claude-x' },
    });
    expect(engine.adapters.embedder?.model).toBe('text-embedding-3-small');
    expect(engine.adapters.chatModel?.provider).toBe('anthropic');
    await engine.close();
    const plain = await openEngine({ store: db, embedder: 'none', env: { CAIRN_EMBEDDER: 'openai:x' } });
    expect(plain.adapters.embedder).toBeUndefined();
    await plain.close();
    await expect(openEngine({ store: db, env: { CAIRN_CHAT_MODEL: 'gpt-4o' } })).rejects.toThrow(
      /^chatModel "gpt-4o" must look like provider:model/,
    );
    await expect(
      openEngine({ store: db, chatModel: 'gpt-4o', settingNames: { chatModel: '--chat' }, ...none }),
    ).rejects.toThrow(/^--chat "gpt-4o" must look like provider:model/);
  });

  it('keeps cairn’s own database and cache out of an ingest of the folder that holds them', async () => {
    const dir = folder({ 'notes.md': '# Notes\n\nOtters hold hands.' });
    const engine = await openEngine({ store: path.join(dir, 'cairn.db'), ...none });
    const first = await engine.ingestPaths([dir]);
    expect(first.items.map((i) => i.documentId)).toEqual(['notes.md']);
    expect(existsSync(path.join(dir, 'cache.db'))).toBe(true);
    await engine.close();
  });

  it('stops its own OCR worker in close(), so a process exits at once without disposeOcr', () => {
    ensureBuilt();
    const dir = folder({});
    copyFileSync(path.resolve('test/fixtures/parsers/scan.png'), path.join(dir, 'scan.png'));
    const script = [
      `const { openEngine } = await import(${JSON.stringify(pathToFileURL(path.resolve('dist/index.js')).href)});`,
      `const engine = await openEngine({ store: 'memory:', cache: false, env: {} });`,
      `const report = await engine.ingestPaths([${JSON.stringify(dir)}]);`,
      'await engine.close();',
      'console.log(JSON.stringify({ status: report.items[0].status, closedAt: Date.now() }));',
    ].join('\n');
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    const exitedAt = Date.now();
    const { status, closedAt } = JSON.parse(output) as { status: string; closedAt: number };
    expect(status).toBe('ingested');
    // An idle worker would keep the process alive for its 5 s idle time.
    expect(exitedAt - closedAt).toBeLessThan(2_500);
  });

  it('closes the store and the cache in close(), and a second close waits for the first', async () => {
    const dir = folder({ 'a.md': '# A\n\nAlpha.' });
    const engine = await openEngine({ store: path.join(dir, 'db', 'c.db'), ...none });
    await engine.ingestPaths([dir]);
    await engine.close();
    await expect(engine.store.listCollections()).rejects.toMatchObject({ code: 'STORE_CLOSED' });
    await engine.close(); // a second close waits for the first and succeeds
  });
});

describe('ingest, as a user expects (issue 12)', () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await startOpenAICompatibleServer({ dimension: 8 });
  });
  afterAll(() => server.close());

  it('keeps stored metadata when a re-ingest gives none, and clears it with {}', async () => {
    const dir = folder({ 'ops.md': '# Runbook\n\nRotate the signing keys every quarter.' });
    const engine = await createEngine({ store: createMemoryStore() });
    await engine.ingestPaths([dir], { metadata: { team: 'ops' } });
    const again = await engine.ingestPaths([dir]);
    expect(again.totals).toMatchObject({ unchanged: 1, ingested: 0 });
    writeFileSync(path.join(dir, 'ops.md'), '# Runbook\n\nRotate the signing keys every month.');
    expect((await engine.ingestPaths([dir])).totals.ingested).toBe(1);
    expect((await engine.search('signing keys', { filter: { team: 'ops' } })).hits).toHaveLength(1);
    await engine.ingestPaths([dir], { metadata: {} });
    expect((await engine.search('signing keys', { filter: { team: 'ops' } })).hits).toEqual([]);
    expect((await engine.listDocuments())[0]!.metadata).toEqual({});
    await engine.close();
  });

  it('pins a collection to a model only when its first chunk is written', async () => {
    const dir = folder({ 'a.md': '# A\n\nOtters float on kelp.', 'b.md': '# B\n\nBeavers build dams.' });
    const store: Store = createMemoryStore();
    server.failures.push(...Array(20).fill(400));
    const failing = await createEngine({
      store,
      embedder: new OpenAIEmbedder({ model: 'hash-8', dimension: 8, baseURL: server.baseURL, maxRetries: 0 }),
    });
    const report = await failing.ingestPaths([dir]);
    expect(report.totals).toMatchObject({ failed: 2, ingested: 0 });
    expect(await store.getCollection('default')).toBeUndefined();
    server.failures.length = 0;

    const lexical = await createEngine({ store });
    expect((await lexical.ingestPaths([dir])).totals).toMatchObject({ ingested: 2, failed: 0 });
    expect(await store.getCollection('default')).toMatchObject({ model: null, dimension: null });
    await lexical.close();
  });

  it('prunes only documents that --include/--exclude would select, and a dry run writes nothing', async () => {
    const dir = folder({
      'faq.json': '{"q":"hours","a":"nine to five"}',
      'rates.csv': 'item,price\ntea,2\n',
    });
    const engine = await createEngine({ store: createMemoryStore() });
    await engine.ingestPaths([dir]);
    const csvOnly = await engine.ingestPaths([dir], { include: ['*.csv'], prune: true });
    expect(csvOnly.pruned).toEqual([]);
    expect((await engine.listDocuments()).map((d) => d.documentId).sort()).toEqual(['faq.json', 'rates.csv']);

    const other = folder({ 'rates.csv': 'item,price\ncoffee,3\n' });
    const plan = await engine.ingestPaths([other], { include: ['*.csv'], prune: true, dryRun: true });
    expect(plan.planned).toEqual([{ documentId: 'rates.csv', stored: true }]);
    expect(plan.pruned).toEqual([]);
    const planAll = await engine.ingestPaths([other], { prune: true, dryRun: true });
    expect(planAll.pruned).toEqual(['faq.json']);
    expect(planAll.items).toEqual([]);
    expect((await engine.listDocuments()).map((d) => d.documentId).sort()).toEqual(['faq.json', 'rates.csv']);
    expect((await engine.search('tea')).hits).toHaveLength(1);

    const pruned = await engine.ingestPaths([other], { prune: true });
    expect(pruned.pruned).toEqual(['faq.json']);
    expect((await engine.listDocuments()).map((d) => d.documentId)).toEqual(['rates.csv']);
    await engine.close();
  });

  it('stops before the first file, with one message, when the embedder has no API key', async () => {
    const dir = folder({ 'a.md': 'Alpha.', 'b.md': 'Beta.', 'c.md': 'Gamma.' });
    const store = createMemoryStore();
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const engine = await createEngine({
        store,
        embedder: new OpenAIEmbedder({ model: 'text-embedding-3-small', dimension: 1536 }),
      });
      const before = server.requests.length;
      const error = await engine.ingestPaths([dir]).catch((e) => e);
      expect(isCairnError(error) && error.code).toBe('CONFIG_ERROR');
      expect(error.message).toBe(
        'the embedder (text-embedding-3-small) cannot run: openai-compatible: no API key: set OPENAI_API_KEY or pass apiKey',
      );
      expect(server.requests.length).toBe(before);
      expect(await store.getCollection('default')).toBeUndefined();
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
  });

  it('checks the key up front behind an embedding cache too: ingestPaths and ingestSource fail once', async () => {
    const dir = folder({ 'a.md': 'Alpha.', 'b.md': 'Beta.' });
    const store = createMemoryStore();
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const entries = new Map<string, string>();
      const engine = await createEngine({
        store,
        embedder: new OpenAIEmbedder({ model: 'text-embedding-3-small', dimension: 1536 }),
        cache: {
          get: async (key) => entries.get(key),
          set: async (key, value) => void entries.set(key, value),
        },
      });
      const message =
        'the embedder (text-embedding-3-small) cannot run: openai-compatible: no API key: set OPENAI_API_KEY or pass apiKey';
      const paths = await engine.ingestPaths([dir]).catch((e) => e);
      expect(isCairnError(paths) && paths.code).toBe('CONFIG_ERROR');
      expect(paths.message).toBe(message);
      const source = await engine
        .ingestSource({ name: 'c.md', bytes: new TextEncoder().encode('Gamma.') })
        .catch((e) => e);
      expect(isCairnError(source) && source.code).toBe('CONFIG_ERROR');
      expect(source.message).toBe(message);
      expect(await store.getCollection('default')).toBeUndefined();
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
  });
});
