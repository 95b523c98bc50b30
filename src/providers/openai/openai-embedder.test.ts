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
