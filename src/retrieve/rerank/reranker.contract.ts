/**
 * Contract suite for remote {@link Reranker} adapters, run against each provider's local
 * stand-in server: scores aligned with the documents, retries, typed errors, keys read at call
 * time, and slicing under the per-request document cap.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../../test/support/openai-compatible-server.js';
import { ProviderError } from '../../core/errors.js';
import type { Reranker } from '../../core/ports.js';
import { rerankHits } from './rerank-hits.js';

/** A running stand-in and a reranker pointed at it. */
export interface RerankerFixture {
  reranker: Reranker;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** What the suite needs from one adapter. */
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

/** Registers the contract tests for one adapter. */
export function runRerankerContract(name: string, options: RerankerContractOptions): void {
  describe(`${name} (reranker contract)`, () => {
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
      fixture = await options.setup({ failures: [500, 500, 500, 500] });
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
