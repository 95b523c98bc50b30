/**
 * Contract suites for {@link Embedder} adapters, through the core helpers.
 *
 * - {@link runEmbedderPortContract}: what every embedder promises, local or remote: one vector
 *   per text in order, of the declared dimension, deterministic, batched under `maxBatchSize`,
 *   usage reported per call, a vector of the wrong length refused.
 * - {@link runEmbedderContract}: the port contract plus what a remote adapter adds, against the
 *   provider's local stand-in server: document/query input types, retries, typed errors, keys
 *   read at call time.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../test/support/openai-compatible-server.js';
import { ProviderError } from '../core/errors.js';
import type { Embedder, EmbeddingUsage } from '../core/ports.js';
import { hashEmbedding } from '../exports/testing.js';
import { embedDocuments, embedQuery } from './embed.js';

/** A running stand-in and an embedder pointed at it. */
export interface EmbedderFixture {
  embedder: Embedder;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** An embedder for the port contract, and how to release what it holds. */
export interface PortEmbedderFixture {
  embedder: Embedder;
  close(): Promise<void>;
}

/**
 * Builds an embedder declaring `dimension` (default 16) over a model whose vectors are
 * `modelDimension` long (default `dimension`), with `maxBatchSize` when given.
 */
export type PortEmbedderSetup = (options: {
  maxBatchSize?: number;
  dimension?: number;
  modelDimension?: number;
}) => Promise<PortEmbedderFixture>;

/** Registers the tests every embedder must pass. */
export function runEmbedderPortContract(name: string, setup: PortEmbedderSetup): void {
  describe(`${name} (embedder port contract)`, () => {
    let fixture: PortEmbedderFixture | undefined;
    afterEach(async () => {
      await fixture?.close();
      fixture = undefined;
    });

    it('returns one vector of the declared dimension per text, in order, deterministically', async () => {
      fixture = await setup({});
      const { embedder } = fixture;
      const texts = ['marmots hibernate in burrows', 'otters float on kelp', 'pikas gather hay'];
      const together = await embedDocuments(embedder, texts);
      expect(together).toHaveLength(texts.length);
      for (const vector of together) {
        expect(vector).toHaveLength(embedder.dimension);
        expect(vector.every((value) => Number.isFinite(value))).toBe(true);
      }
      for (const [i, text] of texts.entries()) {
        const [alone] = await embedDocuments(embedder, [text]);
        expect(alone).toEqual(together[i]);
      }
      expect(together[0]).not.toEqual(together[1]);
      const query = await embedQuery(embedder, texts[0]!);
      expect(query).toHaveLength(embedder.dimension);
      expect(await embedQuery(embedder, texts[0]!)).toEqual(query);
    });

    it('calls the model in batches no larger than maxBatchSize, with the same vectors', async () => {
      fixture = await setup({ maxBatchSize: 2 });
      const { embedder } = fixture;
      expect(embedder.maxBatchSize).toBe(2);
      const calls: number[] = [];
      const counted: Embedder = {
        ...embedder,
        specificationVersion: embedder.specificationVersion,
        provider: embedder.provider,
        model: embedder.model,
        dimension: embedder.dimension,
        maxBatchSize: embedder.maxBatchSize,
        doEmbed: (options) => {
          calls.push(options.texts.length);
          return embedder.doEmbed(options);
        },
      };
      const texts = ['a b', 'c d', 'e f', 'g h', 'i j'];
      const vectors = await embedDocuments(counted, texts);
      expect(calls).toEqual([2, 2, 1]);
      expect(vectors[4]).toEqual((await embedDocuments(embedder, ['i j']))[0]);
    });

    it('reports usage per call and makes no call for no text', async () => {
      fixture = await setup({});
      const usage: EmbeddingUsage[] = [];
      await embedDocuments(fixture.embedder, ['alpha beta', 'gamma'], { onUsage: (u) => usage.push(u) });
      expect(usage).toEqual([
        expect.objectContaining({ model: fixture.embedder.model, texts: 2, tokens: expect.any(Number) }),
      ]);
      expect(usage[0]!.tokens).toBeGreaterThan(0);
      expect(usage[0]!.milliseconds).toBeGreaterThanOrEqual(0);
      expect(await embedDocuments(fixture.embedder, [], { onUsage: (u) => usage.push(u) })).toEqual([]);
      expect(usage).toHaveLength(1);
    });

    it('refuses vectors whose length differs from the declared dimension, naming the model, both lengths and the setting', async () => {
      fixture = await setup({ dimension: 12, modelDimension: 8 });
      const { embedder } = fixture;
      const error = await embedQuery(embedder, 'x').catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: 'DIMENSION_MISMATCH', expected: 12, actual: 8 });
      const message = (error as Error).message;
      expect(message).toContain(
        `embedder ${embedder.provider}:${embedder.model} is configured for 12 dimensions`,
      );
      expect(message).toMatch(/returned 8 for text 0; set its dimension to 8 \(--embedding-dimension/);
      expect(message).not.toMatch(/collection/);
    });
  });
}

/** What the suite needs from one remote adapter. */
export interface EmbedderContractOptions {
  provider: string;
  apiKeyVar: string;
  /**
   * Whether a call without a key fails before any request (default true). OpenAI-compatible
   * adapters pointed at a local server (`baseURL`) need no key.
   */
  requiresKey?: boolean;
  /** The texts field of a request body. */
  texts(body: Record<string, unknown>): string[];
  /** The provider's input type for documents and for queries, when its API has them. */
  inputTypes?: { document: string; query: string };
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

/** Registers the port contract and the remote-transport tests for one remote adapter. */
export function runEmbedderContract(name: string, options: EmbedderContractOptions): void {
  runEmbedderPortContract(name, ({ maxBatchSize, dimension, modelDimension }) =>
    options.setup({ maxBatchSize, dimension, serverDimension: modelDimension ?? dimension }),
  );
  describe(`${name} (remote embedder contract)`, () => {
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
      if (options.inputTypes) expect(fixture.requests[0]!.body.input_type).toBe(options.inputTypes.document);
      expect(fixture.requests[0]!.headers.authorization).toBe('Bearer k');
      expect(usage).toEqual([expect.objectContaining({ texts: 2, tokens: 3 })]);
    });

    it('embeds queries with the query input type', async () => {
      fixture = await options.setup({});
      expect(await embedQuery(fixture.embedder, 'where')).toEqual(hashEmbedding('where', 16));
      if (options.inputTypes) expect(fixture.requests[0]!.body.input_type).toBe(options.inputTypes.query);
    });

    it('sends one request per batch of at most maxBatchSize texts', async () => {
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

    if (options.requiresKey !== false) {
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
    }
  });
}
