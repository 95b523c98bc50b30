import { afterEach, describe, expect, it } from 'vitest';
import {
  type FakeServer,
  hashEmbedding,
  startOpenAICompatibleServer,
} from '../../../test/support/openai-compatible-server.js';
import { isCairnError, ProviderError } from '../../core/errors.js';
import type { EmbeddingUsage } from '../../core/ports.js';
import { embedDocuments, embedQuery } from '../../embed/embed.js';
import { OpenAIEmbedder } from './openai-embedder.js';

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('OpenAIEmbedder', () => {
  it('sends the model and inputs, restores response order, and reports usage', async () => {
    server = await startOpenAICompatibleServer({ dimension: 16 });
    const embedder = new OpenAIEmbedder({ model: 'm1', dimension: 16, baseURL: server.baseURL, apiKey: 'k' });
    const usage: EmbeddingUsage[] = [];
    const vectors = await embedDocuments(embedder, ['alpha beta', 'gamma'], {
      onUsage: (u) => usage.push(u),
    });
    expect(vectors).toEqual([hashEmbedding('alpha beta', 16), hashEmbedding('gamma', 16)]);
    expect(server.requests[0]!.body).toMatchObject({ model: 'm1', input: ['alpha beta', 'gamma'] });
    expect(server.requests[0]!.headers.authorization).toBe('Bearer k');
    expect(usage).toHaveLength(1);
    expect(usage[0]).toMatchObject({ model: 'm1', texts: 2, tokens: 3 });
  });

  it('splits work into batches no larger than maxBatchSize', async () => {
    server = await startOpenAICompatibleServer({ dimension: 8 });
    const embedder = new OpenAIEmbedder({
      model: 'm',
      dimension: 8,
      baseURL: server.baseURL,
      maxBatchSize: 2,
    });
    const texts = ['a', 'b', 'c', 'd', 'e'];
    const vectors = await embedDocuments(embedder, texts);
    expect(vectors).toHaveLength(5);
    expect(server.requests.map((r) => (r.body.input as string[]).length)).toEqual([2, 2, 1]);
    expect(vectors[4]).toEqual(hashEmbedding('e', 8));
  });

  it('retries 429 and 5xx, then succeeds', async () => {
    server = await startOpenAICompatibleServer({ dimension: 8, failures: [429, 503] });
    const embedder = new OpenAIEmbedder({
      model: 'm',
      dimension: 8,
      baseURL: server.baseURL,
      minBackoffMs: 1,
    });
    const vector = await embedQuery(embedder, 'hello');
    expect(vector).toEqual(hashEmbedding('hello', 8));
    expect(server.requests).toHaveLength(3);
  });

  it('fails at once on a 400 with a typed, non-retryable error naming the provider and status', async () => {
    server = await startOpenAICompatibleServer({ failures: [400] });
    const embedder = new OpenAIEmbedder({
      model: 'm',
      dimension: 64,
      baseURL: server.baseURL,
      minBackoffMs: 1,
    });
    const error = await embedQuery(embedder, 'x').catch((e: unknown) => e);
    expect(isCairnError(error)).toBe(true);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).statusCode).toBe(400);
    expect((error as ProviderError).isRetryable).toBe(false);
    expect((error as Error).message).toMatch(/openai-compatible \(HTTP 400\): scripted failure 400/);
    expect(server.requests).toHaveLength(1);
  });

  it('refuses vectors whose length differs from the declared dimension', async () => {
    server = await startOpenAICompatibleServer({ dimension: 8 });
    const embedder = new OpenAIEmbedder({ model: 'm', dimension: 12, baseURL: server.baseURL });
    await expect(embedQuery(embedder, 'x')).rejects.toMatchObject({
      code: 'DIMENSION_MISMATCH',
      expected: 12,
      actual: 8,
    });
  });

  it('reads the API key from the environment at call time and names the variable when missing', async () => {
    const saved = process.env.OPENAI_API_KEY;
    delete process.env.OPENAI_API_KEY;
    try {
      const embedder = new OpenAIEmbedder({ model: 'm', dimension: 8 });
      await expect(embedQuery(embedder, 'x')).rejects.toThrow(/OPENAI_API_KEY/);
    } finally {
      if (saved !== undefined) process.env.OPENAI_API_KEY = saved;
    }
  });
});
