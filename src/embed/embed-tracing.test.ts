import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HashingEmbedder, MemoryCache, type SpanRecorder, startSpanRecorder } from '../exports/testing.js';
import { cachedEmbedder } from './cached-embedder.js';
import { embedDocuments } from './embed.js';

describe('embeddings spans with an embedding cache', () => {
  let recorder: SpanRecorder;
  beforeAll(() => {
    recorder = startSpanRecorder();
  });
  afterAll(() => recorder.stop());
  beforeEach(() => recorder.reset());

  it('a batch found whole in the cache makes no request and no span; a partial hit sends only the misses', async () => {
    const model = new HashingEmbedder({ dimension: 16 });
    const embedder = cachedEmbedder(model, new MemoryCache());
    const first = await embedDocuments(embedder, ['alpha', 'beta']);
    expect(recorder.spans().map((s) => s.name)).toEqual(['embeddings hashing-16']);
    expect(recorder.spans()[0]!.attributes).toMatchObject({ 'cairn.texts': 2, 'cairn.embedding.cached': 0 });

    recorder.reset();
    const usage: number[] = [];
    const again = await embedDocuments(embedder, ['alpha', 'beta'], { onUsage: (u) => usage.push(u.tokens) });
    expect(again).toEqual(first);
    expect(model.calls).toHaveLength(1);
    expect(recorder.spans()).toEqual([]);
    expect(usage).toEqual([0]);
    expect(embedder.hits).toBe(2);

    recorder.reset();
    await embedDocuments(embedder, ['alpha', 'gamma']);
    expect(model.calls.at(-1)!.texts).toEqual(['gamma']);
    const [span] = recorder.spans();
    expect(span!.name).toBe('embeddings hashing-16');
    expect(span!.attributes).toMatchObject({ 'cairn.texts': 2, 'cairn.embedding.cached': 1 });
    // A local model reports no server.
    expect(span!.attributes).not.toHaveProperty('server.address');
  });

  it('the cache wrapper keeps the token limit of the model it wraps', () => {
    const model = Object.assign(new HashingEmbedder({ dimension: 16 }), { maxBatchTokens: 1000 });
    expect(cachedEmbedder(model, new MemoryCache()).maxBatchTokens).toBe(1000);
  });
});
