import { afterEach, describe, expect, it } from 'vitest';
import { startCohereServer } from '../../../test/support/cohere-server.js';
import { startJsonApiServer } from '../../../test/support/json-api-server.js';
import { rerankHits } from '../../retrieve/rerank/rerank-hits.js';
import { runRerankerContract } from '../../retrieve/rerank/reranker.contract.js';
import { CohereReranker } from './cohere-reranker.js';

runRerankerContract('CohereReranker', {
  provider: 'cohere',
  apiKeyVar: 'COHERE_API_KEY',
  async setup({ failures, maxDocumentsPerCall, apiKey }) {
    const server = await startCohereServer({ failures, apiKey: 'k' });
    const reranker = new CohereReranker({
      baseURL: server.baseURL,
      apiKey: apiKey === null ? undefined : (apiKey ?? 'k'),
      maxDocumentsPerCall,
      minBackoffMs: 1,
    });
    return { reranker, requests: server.requests, close: server.close };
  },
});

describe('CohereReranker request', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('posts the model, query, documents and top_n to /v2/rerank', async () => {
    const server = await startCohereServer({ apiKey: 'k' });
    close = server.close;
    const reranker = new CohereReranker({ baseURL: `${server.baseURL}/`, apiKey: 'k', maxTokensPerDoc: 512 });
    expect(reranker.model).toBe('rerank-v3.5');
    await reranker.doRerank({ query: 'otter dam', documents: ['otter', 'dam otter'] });
    expect(server.requests[0]!.path).toBe('/v2/rerank');
    expect(server.requests[0]!.body).toMatchInlineSnapshot(`
      {
        "documents": [
          "otter",
          "dam otter",
        ],
        "max_tokens_per_doc": 512,
        "model": "rerank-v3.5",
        "query": "otter dam",
        "top_n": 2,
      }
    `);
  });

  it('reads COHERE_BASE_URL at call time', async () => {
    const server = await startCohereServer({ apiKey: 'k' });
    close = server.close;
    const saved = process.env.COHERE_BASE_URL;
    const reranker = new CohereReranker({ apiKey: 'k', model: 'rerank-english-v3.0' });
    process.env.COHERE_BASE_URL = server.baseURL;
    try {
      expect(await reranker.doRerank({ query: 'a', documents: ['a'] })).toEqual([1]);
      expect(server.requests[0]!.body.model).toBe('rerank-english-v3.0');
    } finally {
      if (saved === undefined) delete process.env.COHERE_BASE_URL;
      else process.env.COHERE_BASE_URL = saved;
    }
  });

  it('rejects a per-call cap above the API limit', () => {
    expect(() => new CohereReranker({ maxDocumentsPerCall: 1001 })).toThrow(/maxDocumentsPerCall/);
  });
});

describe('CohereReranker malformed replies', () => {
  it('drops an out-of-range or repeated index, keeps the rest, and rerankHits says so', async () => {
    const server = await startJsonApiServer({
      routes: {
        '/v2/rerank': () => ({
          body: {
            id: 'r',
            results: [
              { index: 7, relevance_score: 0.99 },
              { index: 0, relevance_score: 0.9 },
              { index: 0, relevance_score: 0.1 },
              { index: 1, relevance_score: 0.3 },
            ],
          },
        }),
      },
    });
    try {
      const reranker = new CohereReranker({ baseURL: `${server.origin}/v2`, apiKey: 'k' });
      expect(await reranker.doRerank({ query: 'q', documents: ['a', 'b', 'c'] })).toEqual([0.9, 0.3, null]);
      const warnings: string[] = [];
      const hits = ['a', 'b', 'c'].map((id) => ({
        chunk: {
          id,
          documentId: id,
          sourceId: id,
          ordinal: 0,
          text: id,
          headingPath: [],
          pageStart: 1,
          pageEnd: 1,
          tokenCount: 1,
          metadata: {},
        },
        score: 0,
        scores: {},
      }));
      const out = await rerankHits(reranker, 'q', hits, { onWarning: (m) => warnings.push(m) });
      expect(out.map((h) => [h.chunk.id, h.scores.rerank])).toEqual([
        ['a', 0.9],
        ['b', 0.3],
      ]);
      expect(warnings).toEqual([expect.stringMatching(/no usable score for 1 of 3 candidates/)]);
    } finally {
      await server.close();
    }
  });
});
