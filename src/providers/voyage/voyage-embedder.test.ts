import { afterEach, describe, expect, it } from 'vitest';
import { startVoyageServer } from '../../../test/support/voyage-server.js';
import { embedDocuments } from '../../embed/embed.js';
import { runEmbedderContract } from '../../embed/embedder.contract.js';
import { VoyageEmbedder } from './voyage-embedder.js';

runEmbedderContract('VoyageEmbedder', {
  provider: 'voyage',
  apiKeyVar: 'VOYAGE_API_KEY',
  texts: (body) => body.input as string[],
  inputTypes: { document: 'document', query: 'query' },
  async setup({ failures, maxBatchSize, dimension, serverDimension, apiKey }) {
    const server = await startVoyageServer({ failures, apiKey: 'k', dimension: serverDimension ?? 16 });
    const embedder = new VoyageEmbedder({
      model: 'voyage-3',
      dimension: dimension ?? 16,
      baseURL: server.baseURL,
      apiKey: apiKey === null ? undefined : (apiKey ?? 'k'),
      maxBatchSize,
      minBackoffMs: 1,
    });
    return { embedder, requests: server.requests, close: server.close };
  },
});

describe('VoyageEmbedder', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('knows the dimensions of Voyage models and batches 128 texts by default', () => {
    expect(new VoyageEmbedder({ model: 'voyage-3' })).toMatchObject({
      provider: 'voyage',
      dimension: 1024,
      maxBatchSize: 128,
    });
    expect(new VoyageEmbedder({ model: 'voyage-3-lite' }).dimension).toBe(512);
    expect(() => new VoyageEmbedder({ model: 'voyage-9' })).toThrow(/dimension of Voyage model voyage-9/);
    expect(() => new VoyageEmbedder({ model: 'voyage-3', maxBatchSize: 1001 })).toThrow(/maxBatchSize/);
  });

  it('posts input, input_type, truncation and, when asked, output_dimension to /v1/embeddings', async () => {
    const server = await startVoyageServer({ apiKey: 'k', dimension: 256 });
    close = server.close;
    const embedder = new VoyageEmbedder({
      model: 'voyage-3.5',
      dimension: 256,
      sendDimension: true,
      baseURL: server.baseURL,
      apiKey: 'k',
    });
    const texts = Array.from({ length: 130 }, (_, i) => `text ${i}`);
    expect(await embedDocuments(embedder, texts)).toHaveLength(130);
    expect(server.requests.map((r) => (r.body.input as string[]).length)).toEqual([128, 2]);
    expect(server.requests[1]!.path).toBe('/v1/embeddings');
    expect(server.requests[1]!.body).toMatchInlineSnapshot(`
      {
        "input": [
          "text 128",
          "text 129",
        ],
        "input_type": "document",
        "model": "voyage-3.5",
        "output_dimension": 256,
        "truncation": true,
      }
    `);
  });
});
