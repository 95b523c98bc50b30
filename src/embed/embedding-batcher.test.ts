import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/support/corpus.js';
import { type FakeServer, startOpenAICompatibleServer } from '../../test/support/openai-compatible-server.js';
import { createEngine } from '../engine/engine.js';
import { OpenAIEmbedder } from '../providers/openai/openai-embedder.js';
import { createMemoryStore } from '../store/memory/memory-store.js';
import { batchBounds } from './embed.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** `count` one-chunk Markdown notes in a fresh folder. */
function notes(count: number): string {
  const dir = path.join(tempDir(), 'notes');
  mkdirSync(dir);
  for (let i = 0; i < count; i++) {
    writeFileSync(
      path.join(dir, `note-${i}.md`),
      `# Note ${i}\n\nMarmot sighting number ${i} near the ridge.\n`,
    );
  }
  return dir;
}

describe('batchBounds', () => {
  it('cuts at the text limit and at the estimated token limit, a long text alone', () => {
    expect(batchBounds(['a', 'b', 'c', 'd', 'e'], { maxBatchSize: 2 })).toEqual([0, 2, 4, 5]);
    // 'x'.repeat(30) is 10 estimated tokens.
    const ten = 'x'.repeat(30);
    expect(
      batchBounds([ten, ten, ten, 'x'.repeat(300), ten], { maxBatchSize: 100, maxBatchTokens: 25 }),
    ).toEqual([0, 2, 3, 4, 5]);
    expect(batchBounds([], { maxBatchSize: 4 })).toEqual([0]);
  });
});

describe('embedding requests span documents', () => {
  it('ingests 300 one-chunk notes in at most one request per 64 chunks, every vector its own', async () => {
    server = await startOpenAICompatibleServer({ dimension: 1024 });
    const engine = await createEngine({
      store: createMemoryStore(),
      embedder: new OpenAIEmbedder({ model: 'hash', dimension: 1024, baseURL: server.baseURL }),
    });
    const report = await engine.ingestPaths([notes(300)]);
    expect(report.totals.ingested).toBe(300);
    expect(report.items.map((item) => item.documentId)).toEqual(
      Array.from({ length: 300 }, (_, i) => `note-${i}.md`).sort((a, b) => (a < b ? -1 : 1)),
    );
    const embeddingRequests = server.requests.filter((r) => r.path.endsWith('/embeddings'));
    expect(embeddingRequests.length).toBeLessThanOrEqual(Math.ceil(300 / 64));
    // The vectors landed on their own chunks: each note is found by its own number first.
    for (const i of [0, 137, 299]) {
      const { hits } = await engine.search(`marmot sighting number ${i}`, { mode: 'dense', topK: 1 });
      expect(hits[0]!.chunk.documentId).toBe(`note-${i}.md`);
    }
    await engine.close();
  });

  it('holds at most maxInFlightBytes of source files in flight; a larger file goes alone', async () => {
    server = await startOpenAICompatibleServer({ dimension: 16 });
    const engine = await createEngine({
      store: createMemoryStore(),
      embedder: new OpenAIEmbedder({ model: 'hash', dimension: 16, baseURL: server.baseURL }),
    });
    const dir = notes(21);
    await engine.ingestPaths([path.join(dir, 'note-0.md')]); // creates the collection
    const noteBytes = readFileSync(path.join(dir, 'note-10.md')).byteLength;
    const sizes = (from: number) =>
      server!.requests
        .slice(from)
        .filter((r) => r.path.endsWith('/embeddings'))
        .map((r) => (r.body.input as string[]).length);

    // Room for four notes (the two-digit ones are a byte longer): no request holds a fifth's text.
    let from = server.requests.length;
    let report = await engine.ingestPaths([dir], { maxInFlightBytes: 4 * noteBytes, force: true });
    expect(report.totals.ingested).toBe(21);
    expect(Math.max(...sizes(from))).toBeLessThanOrEqual(4);
    expect(sizes(from).reduce((a, b) => a + b, 0)).toBe(21);

    // Every file larger than the window: one at a time, each still ingested.
    from = server.requests.length;
    report = await engine.ingestPaths([dir], { maxInFlightBytes: 1, force: true });
    expect(report.totals.ingested).toBe(21);
    expect(sizes(from)).toEqual(new Array(21).fill(1));

    // The default window holds all 21 (well under 64 MiB): their texts share requests.
    from = server.requests.length;
    await engine.ingestPaths([dir], { force: true });
    expect(sizes(from).length).toBeLessThan(21);

    await expect(engine.ingestPaths([dir], { maxInFlightBytes: 0 })).rejects.toMatchObject({
      code: 'INVALID_ARGUMENT',
      message: expect.stringContaining('maxInFlightBytes'),
    });
    await engine.close();
  });

  it('fails only the documents of a failed request, and reports the others', async () => {
    server = await startOpenAICompatibleServer({ dimension: 16 });
    const engine = await createEngine({
      store: createMemoryStore(),
      embedder: new OpenAIEmbedder({ model: 'hash', dimension: 16, baseURL: server.baseURL, maxRetries: 0 }),
    });
    const dir = notes(10);
    // The first note alone creates the collection; the next request fails for good.
    await engine.ingestPaths([path.join(dir, 'note-0.md')]);
    server.failures.push(400);
    const report = await engine.ingestPaths([dir]);
    expect(report.totals.unchanged).toBe(1);
    expect(report.totals.failed).toBe(9);
    expect(report.items.find((i) => i.status === 'failed')!.reason).toMatch(/HTTP 400/);
    await engine.close();
  });
});
