import { afterEach, describe, expect, it } from 'vitest';
import {
  type FakeServer,
  hashEmbedding,
  startOpenAICompatibleServer,
} from '../../../test/support/openai-compatible-server.js';
import { embedDocuments, embedQuery } from '../../embed/embed.js';
import { runEmbedderContract } from '../../embed/embedder.contract.js';
import { OpenAIEmbedder } from './openai-embedder.js';

runEmbedderContract('OpenAIEmbedder', {
  provider: 'openai-compatible',
  apiKeyVar: 'OPENAI_API_KEY',
  requiresKey: false,
  texts: (body) => body.input as string[],
  async setup({ failures, maxBatchSize, dimension, serverDimension, apiKey }) {
    const stand = await startOpenAICompatibleServer({ failures, dimension: serverDimension ?? 16 });
    const embedder = new OpenAIEmbedder({
      model: 'm1',
      dimension: dimension ?? 16,
      baseURL: stand.baseURL,
      apiKey: apiKey === null ? undefined : (apiKey ?? 'k'),
      maxBatchSize,
      minBackoffMs: 1,
    });
    return { embedder, requests: stand.requests, close: stand.close };
  },
});

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('OpenAIEmbedder', () => {
  it('sends the model and the inputs, and no input type', async () => {
    server = await startOpenAICompatibleServer({ dimension: 16 });
    const embedder = new OpenAIEmbedder({ model: 'm1', dimension: 16, baseURL: server.baseURL, apiKey: 'k' });
    const vectors = await embedDocuments(embedder, ['alpha beta', 'gamma']);
    expect(vectors).toEqual([hashEmbedding('alpha beta', 16), hashEmbedding('gamma', 16)]);
    expect(server.requests[0]!.body).toMatchObject({ model: 'm1', input: ['alpha beta', 'gamma'] });
    expect(server.requests[0]!.body).not.toHaveProperty('input_type');
  });

  it('reads the API key from the environment at call time and names the variable when OpenAI itself is addressed without one', async () => {
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

describe('OpenAIEmbedder retries', () => {
  it('waits out Retry-After in seconds and as an HTTP-date before retrying', async () => {
    // Whole seconds, so 4 to 5 s ahead: the first request comes well within that.
    const later = new Date(Date.now() + 5000).toUTCString();
    server = await startOpenAICompatibleServer({
      dimension: 16,
      failures: [
        { status: 503, retryAfter: later },
        { status: 429, retryAfter: '1' },
      ],
    });
    const embedder = new OpenAIEmbedder({
      model: 'm',
      dimension: 16,
      baseURL: server.baseURL,
      minBackoffMs: 1,
    });
    expect(await embedQuery(embedder, 'alpha')).toEqual(hashEmbedding('alpha', 16));
    const [first, second, third] = server.arrivals;
    expect(server.arrivals).toHaveLength(3);
    // At least what the server asked for (a busy machine only makes the gaps longer).
    expect(second! - first!).toBeGreaterThanOrEqual(2000);
    expect(third! - second!).toBeGreaterThanOrEqual(990);
  });

  it('keeps retrying past three failures within the budget, and gives up at once when Retry-After exceeds it', async () => {
    server = await startOpenAICompatibleServer({ dimension: 16, failures: [500, 502, 503, 500, 429, 500] });
    const patient = new OpenAIEmbedder({
      model: 'm',
      dimension: 16,
      baseURL: server.baseURL,
      minBackoffMs: 1,
    });
    expect(await embedQuery(patient, 'alpha')).toHaveLength(16);
    expect(server.requests).toHaveLength(7);
    await server.close();

    server = await startOpenAICompatibleServer({
      dimension: 16,
      failures: [{ status: 429, retryAfter: '30' }],
    });
    const hurried = new OpenAIEmbedder({
      model: 'm',
      dimension: 16,
      baseURL: server.baseURL,
      minBackoffMs: 1,
      retryBudgetMs: 5000,
    });
    await expect(embedQuery(hurried, 'alpha')).rejects.toMatchObject({ statusCode: 429, isRetryable: true });
    expect(server.requests).toHaveLength(1);
  });

  it("ends with the last failure when the caller's deadline stops the retrying, and with the abort when the caller cancels", async () => {
    server = await startOpenAICompatibleServer({ dimension: 16, failures: Array(100).fill(503) });
    const embedder = new OpenAIEmbedder({
      model: 'm',
      dimension: 16,
      baseURL: server.baseURL,
      minBackoffMs: 20,
    });
    // A deadline (as `cairn doctor` sets) reports what the server did, not only that time ran out.
    await expect(
      embedder.doEmbed({ texts: ['alpha'], kind: 'query', signal: AbortSignal.timeout(300) }),
    ).rejects.toMatchObject({ provider: 'openai-compatible', statusCode: 503 });
    const cancel = new AbortController();
    setTimeout(() => cancel.abort(), 300);
    await expect(
      embedder.doEmbed({ texts: ['alpha'], kind: 'query', signal: cancel.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
