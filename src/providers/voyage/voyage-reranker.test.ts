import { afterEach, describe, expect, it } from 'vitest';
import { startVoyageServer } from '../../../test/support/voyage-server.js';
import { runRerankerContract } from '../../retrieve/rerank/reranker.contract.js';
import { VoyageReranker } from './voyage-reranker.js';

runRerankerContract('VoyageReranker', {
  provider: 'voyage',
  apiKeyVar: 'VOYAGE_API_KEY',
  async setup({ failures, maxDocumentsPerCall, apiKey }) {
    const server = await startVoyageServer({ failures, apiKey: 'k' });
    const reranker = new VoyageReranker({
      baseURL: server.baseURL,
      apiKey: apiKey === null ? undefined : (apiKey ?? 'k'),
      maxDocumentsPerCall,
      minBackoffMs: 1,
    });
    return { reranker, requests: server.requests, close: server.close };
  },
});

describe('VoyageReranker request', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('posts the model, query, documents and truncation to /v1/rerank', async () => {
    const server = await startVoyageServer({ apiKey: 'k' });
    close = server.close;
    const reranker = new VoyageReranker({ baseURL: server.baseURL, apiKey: 'k', model: 'rerank-2-lite' });
    await reranker.doRerank({ query: 'otter dam', documents: ['otter', 'dam otter'] });
    expect(server.requests[0]!.path).toBe('/v1/rerank');
    expect(server.requests[0]!.body).toMatchInlineSnapshot(`
      {
        "documents": [
          "otter",
          "dam otter",
        ],
        "model": "rerank-2-lite",
        "query": "otter dam",
        "truncation": true,
      }
    `);
  });

  it('defaults to rerank-2 and rejects a per-call cap above the API limit', () => {
    expect(new VoyageReranker().model).toBe('rerank-2');
    expect(() => new VoyageReranker({ maxDocumentsPerCall: 0 })).toThrow(/maxDocumentsPerCall/);
  });
});
