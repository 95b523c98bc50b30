/**
 * Contract suite for remote {@link Embedder} adapters, run against each provider's local
 * stand-in server through the core helpers: order, batching, document/query input types,
 * usage, retries, typed errors, keys read at call time and dimension checks.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hashEmbedding, type RecordedRequest } from '../../test/support/openai-compatible-server.js';
import { ProviderError } from '../core/errors.js';
import type { Embedder, EmbeddingUsage } from '../core/ports.js';
import { embedDocuments, embedQuery } from './embed.js';

/** A running stand-in and an embedder pointed at it. */
export interface EmbedderFixture {
  embedder: Embedder;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** What the suite needs from one adapter. */
export interface EmbedderContractOptions {
  provider: string;
  apiKeyVar: string;
  /** The texts field of a request body. */
  texts(body: Record<string, unknown>): string[];
  /** The provider's input type for documents and for queries. */
  inputTypes: { document: string; query: string };
  /**
   * Starts a stand-in returning `serverDimension`-long vectors (default 16) and builds an
   * embedder declaring `dimension` (default 16), keyed `k` unless `apiKey` is null.
   */
  setup(options: {
    failures?: number[];
    maxBatchSize?: number;
    dimension?: number;
    serverDimension?: number;
    apiKey?: string | null;
  }): Promise<EmbedderFixture>;
}

/** Registers the contract tests for one adapter. */
export function runEmbedderContract(name: string, options: EmbedderContractOptions): void {
  describe(`${name} (embedder contract)`, () => {
    let fixture: EmbedderFixture | undefined;
    afterEach(async () => {
      await fixture?.close();
      fixture = undefined;
    });

    it('embeds documents in order with the document input type and reports usage', async () => {
      fixture = await options.setup({});
      const usage: EmbeddingUsage[] = [];
      const vectors = await embedDocuments(fixture.embedder, ['alpha beta', 'gamma'], {
        onUsage: (u) => usage.push(u),
      });
      expect(vectors).toEqual([hashEmbedding('alpha beta', 16), hashEmbedding('gamma', 16)]);
      expect(options.texts(fixture.requests[0]!.body)).toEqual(['alpha beta', 'gamma']);
      expect(fixture.requests[0]!.body.input_type).toBe(options.inputTypes.document);
      expect(fixture.requests[0]!.headers.authorization).toBe('Bearer k');
      expect(usage).toEqual([expect.objectContaining({ texts: 2, tokens: 3 })]);
    });

    it('embeds queries with the query input type', async () => {
      fixture = await options.setup({});
      expect(await embedQuery(fixture.embedder, 'where')).toEqual(hashEmbedding('where', 16));
      expect(fixture.requests[0]!.body.input_type).toBe(options.inputTypes.query);
    });

    it('splits work into batches no larger than maxBatchSize', async () => {
      fixture = await options.setup({ maxBatchSize: 2 });
      const vectors = await embedDocuments(fixture.embedder, ['a', 'b', 'c', 'd', 'e']);
      expect(vectors[4]).toEqual(hashEmbedding('e', 16));
      expect(fixture.requests.map((r) => options.texts(r.body).length)).toEqual([2, 2, 1]);
    });

    it('retries 429 and 5xx, then succeeds', async () => {
      fixture = await options.setup({ failures: [429, 502] });
      expect(await embedQuery(fixture.embedder, 'x')).toEqual(hashEmbedding('x', 16));
      expect(fixture.requests).toHaveLength(3);
    });

    it('fails at once on a 400 with a typed, non-retryable error naming the provider and status', async () => {
      fixture = await options.setup({ failures: [400] });
      const error = await embedQuery(fixture.embedder, 'x').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ provider: options.provider, statusCode: 400, isRetryable: false });
      expect((error as Error).message).toMatch(
        new RegExp(`^${options.provider} \\(HTTP 400\\): .*scripted failure`),
      );
      expect(fixture.requests).toHaveLength(1);
    });

    it('refuses vectors whose length differs from the declared dimension', async () => {
      fixture = await options.setup({ dimension: 12, serverDimension: 8 });
      await expect(embedQuery(fixture.embedder, 'x')).rejects.toMatchObject({
        code: 'DIMENSION_MISMATCH',
        expected: 12,
        actual: 8,
      });
    });

    it('reads the API key at call time and names the variable when it is missing', async () => {
      const saved = process.env[options.apiKeyVar];
      delete process.env[options.apiKeyVar];
      try {
        fixture = await options.setup({ apiKey: null });
        await expect(embedQuery(fixture.embedder, 'x')).rejects.toThrow(new RegExp(options.apiKeyVar));
        expect(fixture.requests).toHaveLength(0);
        process.env[options.apiKeyVar] = 'k';
        expect(await embedQuery(fixture.embedder, 'x')).toHaveLength(16);
      } finally {
        if (saved === undefined) delete process.env[options.apiKeyVar];
        else process.env[options.apiKeyVar] = saved;
      }
    });
  });
}
