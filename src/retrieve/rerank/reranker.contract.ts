/**
 * Contract suites for {@link Reranker} adapters.
 *
 * - {@link runRerankerPortContract}: what every reranker promises, local or remote: one finite
 *   score per document, in document order, a document that shares the query's words above one
 *   that shares none, the same scores however the list is sliced, nothing done for no document.
 * - {@link runRerankerContract}: the port contract plus, against the provider's local stand-in
 *   server, retries, typed errors, keys read at call time and slicing under the per-request cap.
 */

import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../test/support/openai-compatible-server.js';
import { ProviderError } from '../../core/errors.js';
import type { Reranker } from '../../core/ports.js';
import { DEFAULT_REQUEST_POLICY } from '../../providers/http/post-json.js';
import { rerankHits } from './rerank-hits.js';

/** A running stand-in and a reranker pointed at it. */
export interface RerankerFixture {
  reranker: Reranker;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** A reranker for the port contract, and how to release what it holds. */
export interface PortRerankerFixture {
  reranker: Reranker;
  close(): Promise<void>;
}

/** Builds a reranker that sends at most `maxDocumentsPerCall` documents to its model at once, when given. */
export type PortRerankerSetup = (options: { maxDocumentsPerCall?: number }) => Promise<PortRerankerFixture>;

/** Registers the tests every reranker must pass. */
export function runRerankerPortContract(name: string, setup: PortRerankerSetup): void {
  describe(`${name} (reranker port contract)`, () => {
    let fixture: PortRerankerFixture | undefined;
    afterEach(async () => {
      await fixture?.close();
      fixture = undefined;
    });
    const query = 'where do marmots hibernate';
    const documents = ['pikas gather hay', 'marmots hibernate in burrows', 'otters float', 'marmots whistle'];

    it('returns one finite score per document, in order, relevant documents above unrelated ones', async () => {
      fixture = await setup({});
      const scores = await fixture.reranker.doRerank({ query, documents });
      expect(scores).toHaveLength(documents.length);
      expect(scores.every((score) => Number.isFinite(score))).toBe(true);
      expect(scores[1]!).toBeGreaterThan(scores[0]!);
      expect(scores[1]!).toBeGreaterThan(scores[2]!);
    });

    it('gives the same scores however the list is sliced', async () => {
      fixture = await setup({});
      const whole = await fixture.reranker.doRerank({ query, documents });
      await fixture.close();
      fixture = await setup({ maxDocumentsPerCall: 1 });
      expect(await fixture.reranker.doRerank({ query, documents })).toEqual(whole);
    });

    it('does nothing for an empty list, and orders hits by its scores through rerankHits', async () => {
      fixture = await setup({});
      expect(await fixture.reranker.doRerank({ query, documents: [] })).toEqual([]);
      expect(await rerankHits(fixture.reranker, query, [])).toEqual([]);
      const hits = documents.map((text, i) => ({
        chunk: {
          id: `d:${i}`,
          documentId: 'd',
          sourceId: 'd',
          ordinal: i,
          text,
          headingPath: [],
          pageStart: 1,
          pageEnd: 1,
          tokenCount: 3,
          metadata: {},
        },
        score: 0,
        scores: {},
      }));
      const reranked = await rerankHits(fixture.reranker, query, hits, { topK: 2 });
      expect(reranked[0]?.chunk.id).toBe('d:1');
      expect(reranked).toHaveLength(2);
      expect(reranked[0]!.scores.rerank).toBe(reranked[0]!.score);
      expect(reranked[0]!.score).toBeGreaterThanOrEqual(reranked[1]!.score);
    });
  });
}

/** What the suite needs from one remote adapter. */
export interface RerankerContractOptions {
  /** Provider name the errors carry. */
  provider: string;
  /** Environment variable the adapter reads its key from. */
  apiKeyVar: string;
  /** Starts a stand-in (answering `failures` first) and builds the reranker, keyed `k` unless `apiKey` is null. */
  setup(options: {
    failures?: number[];
    maxDocumentsPerCall?: number;
    apiKey?: string | null;
  }): Promise<RerankerFixture>;
}

/** Registers the port contract and the remote-transport tests for one remote adapter. */
export function runRerankerContract(name: string, options: RerankerContractOptions): void {
  runRerankerPortContract(name, ({ maxDocumentsPerCall }) => options.setup({ maxDocumentsPerCall }));
  describe(`${name} (remote reranker contract)`, () => {
    let fixture: RerankerFixture | undefined;
    afterEach(async () => {
      await fixture?.close();
      fixture = undefined;
    });

    it('returns one score per document, in document order', async () => {
      fixture = await options.setup({});
      const scores = await fixture.reranker.doRerank({
        query: 'marmots hibernate',
        documents: ['pikas gather hay', 'marmots hibernate in burrows', 'marmots whistle'],
      });
      expect(scores).toEqual([0, 1, 0.5]);
      expect(fixture.requests).toHaveLength(1);
      expect(fixture.requests[0]!.headers.authorization).toBe('Bearer k');
    });

    it('makes no request for an empty list, through rerankHits or directly', async () => {
      fixture = await options.setup({});
      expect(await rerankHits(fixture.reranker, 'q', [])).toEqual([]);
      expect(await fixture.reranker.doRerank({ query: 'q', documents: [] })).toEqual([]);
      expect(fixture.requests).toHaveLength(0);
    });

    it('sends long lists in slices under the per-request cap', async () => {
      fixture = await options.setup({ maxDocumentsPerCall: 2 });
      const scores = await fixture.reranker.doRerank({ query: 'a', documents: ['a', 'b', 'a b', 'c', 'a'] });
      expect(scores).toEqual([1, 0, 1, 0, 1]);
      expect(fixture.requests.map((r) => (r.body.documents as string[]).length)).toEqual([2, 2, 1]);
    });

    it('retries 429 and 5xx, then succeeds', async () => {
      fixture = await options.setup({ failures: [429, 503] });
      expect(await fixture.reranker.doRerank({ query: 'x', documents: ['x'] })).toEqual([1]);
      expect(fixture.requests).toHaveLength(3);
    });

    it('fails at once on a 400 with a typed error naming the provider and status', async () => {
      fixture = await options.setup({ failures: [400] });
      const error = await fixture.reranker
        .doRerank({ query: 'x', documents: ['x'] })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ provider: options.provider, statusCode: 400, isRetryable: false });
      expect((error as Error).message).toMatch(
        new RegExp(`^${options.provider} \\(HTTP 400\\): .*scripted failure`),
      );
      expect(fixture.requests).toHaveLength(1);
    });

    it('says retrying may help when 5xx persists', async () => {
      // The first attempt and every retry fail.
      fixture = await options.setup({ failures: Array(DEFAULT_REQUEST_POLICY.maxRetries + 1).fill(500) });
      const error = await fixture.reranker
        .doRerank({ query: 'x', documents: ['x'] })
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ statusCode: 500, isRetryable: true });
      expect((error as Error).message).toMatch(/retrying may help/);
    });

    it('reads the API key at call time and names the variable when it is missing', async () => {
      const saved = process.env[options.apiKeyVar];
      delete process.env[options.apiKeyVar];
      try {
        fixture = await options.setup({ apiKey: null });
        await expect(fixture.reranker.doRerank({ query: 'x', documents: ['x'] })).rejects.toThrow(
          new RegExp(options.apiKeyVar),
        );
        process.env[options.apiKeyVar] = 'k';
        expect(await fixture.reranker.doRerank({ query: 'x', documents: ['x'] })).toEqual([1]);
        expect(fixture.requests[0]!.headers.authorization).toBe('Bearer k');
      } finally {
        if (saved === undefined) delete process.env[options.apiKeyVar];
        else process.env[options.apiKeyVar] = saved;
      }
    });
  });
}
