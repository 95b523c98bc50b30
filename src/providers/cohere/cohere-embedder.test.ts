import { afterEach, describe, expect, it } from 'vitest';
import { startCohereServer } from '../../../test/support/cohere-server.js';
import { embedDocuments } from '../../embed/embed.js';
import { runEmbedderContract } from '../../embed/embedder.contract.js';
import { CohereEmbedder } from './cohere-embedder.js';

runEmbedderContract('CohereEmbedder', {
  provider: 'cohere',
  apiKeyVar: 'COHERE_API_KEY',
  texts: (body) => body.texts as string[],
  inputTypes: { document: 'search_document', query: 'search_query' },
  async setup({ failures, maxBatchSize, dimension, serverDimension, apiKey }) {
    const server = await startCohereServer({ failures, apiKey: 'k', dimension: serverDimension ?? 16 });
    const embedder = new CohereEmbedder({
      model: 'embed-english-v3.0',
      dimension: dimension ?? 16,
      baseURL: server.baseURL,
      apiKey: apiKey === null ? undefined : (apiKey ?? 'k'),
      maxBatchSize,
      minBackoffMs: 1,
    });
    return { embedder, requests: server.requests, close: server.close };
  },
});

describe('CohereEmbedder', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('knows the dimensions of Cohere models, batches 96 texts by default, and refuses more', () => {
    const embedder = new CohereEmbedder({ model: 'embed-english-v3.0' });
    expect(embedder).toMatchObject({ provider: 'cohere', dimension: 1024, maxBatchSize: 96 });
    expect(new CohereEmbedder({ model: 'embed-english-light-v3.0' }).dimension).toBe(384);
    expect(() => new CohereEmbedder({ model: 'embed-x' })).toThrow(
      /dimension of Cohere model embed-x is unknown/,
    );
    expect(() => new CohereEmbedder({ model: 'embed-v4.0', maxBatchSize: 97 })).toThrow(/maxBatchSize/);
  });

  it('posts float embedding types, truncation and, when asked, output_dimension to /v2/embed', async () => {
    const server = await startCohereServer({ apiKey: 'k', dimension: 256 });
    close = server.close;
    const embedder = new CohereEmbedder({
      model: 'embed-v4.0',
      dimension: 256,
      sendDimension: true,
      baseURL: server.baseURL,
      apiKey: 'k',
    });
    const texts = Array.from({ length: 100 }, (_, i) => `text ${i}`);
    expect(await embedDocuments(embedder, texts)).toHaveLength(100);
    expect(server.requests.map((r) => r.path)).toEqual(['/v2/embed', '/v2/embed']);
    expect(server.requests.map((r) => (r.body.texts as string[]).length)).toEqual([96, 4]);
    expect(server.requests[1]!.body).toMatchInlineSnapshot(`
      {
        "embedding_types": [
          "float",
        ],
        "input_type": "search_document",
        "model": "embed-v4.0",
        "output_dimension": 256,
        "texts": [
          "text 96",
          "text 97",
          "text 98",
          "text 99",
        ],
        "truncate": "END",
      }
    `);
  });
});
