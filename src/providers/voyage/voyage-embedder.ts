/**
 * Embedder for Voyage AI's embeddings API (`POST {baseURL}/embeddings`,
 * https://docs.voyageai.com/reference/embeddings-api). Documents are embedded with
 * `input_type: document` and queries with `query`, which makes Voyage prepend its retrieval
 * prompts.
 * @module
 */

import { z } from 'zod';
import { ConfigError, ProviderError } from '../../core/errors.js';
import type { Embedder, EmbedResult } from '../../core/ports.js';
import { requestLimit } from '../http/limits.js';
import { checkCredentials, postJson } from '../http/post-json.js';
import { VOYAGE_PROVIDER, type VoyageConnectionOptions, voyageRequest } from './voyage-api.js';

/** Most inputs one request accepts (Voyage's documented list limit). */
export const VOYAGE_MAX_EMBED_BATCH = 1000;

/**
 * Default texts per request. Voyage also caps the tokens of one request (120K for its larger
 * models), so batches stay well below the list limit: 128 chunks of ~512 tokens is ~65K.
 */
export const VOYAGE_DEFAULT_EMBED_BATCH = 128;

/** Default vector length of Voyage's embedding models. */
export const VOYAGE_EMBEDDING_DIMENSIONS = {
  'voyage-3.5': 1024,
  'voyage-3.5-lite': 1024,
  'voyage-3-large': 1024,
  'voyage-3': 1024,
  'voyage-3-lite': 512,
  'voyage-code-3': 1024,
  'voyage-finance-2': 1024,
  'voyage-law-2': 1024,
  'voyage-multilingual-2': 1024,
  'voyage-code-2': 1536,
  'voyage-large-2': 1536,
  'voyage-2': 1024,
} as const satisfies Record<string, number>;

/** Voyage embedding model ids: the known ones, or any other string. */
export type VoyageEmbeddingModelId = keyof typeof VOYAGE_EMBEDDING_DIMENSIONS | (string & {});

/** Options of {@link VoyageEmbedder}. */
export interface VoyageEmbedderOptions extends VoyageConnectionOptions {
  /** Model id, e.g. `voyage-3`. */
  model: VoyageEmbeddingModelId;
  /** Vector length; default the model's from {@link VOYAGE_EMBEDDING_DIMENSIONS}. */
  dimension?: number;
  /**
   * Send `output_dimension` so the server returns `dimension`-long vectors (voyage-3.5,
   * voyage-3.5-lite, voyage-3-large and voyage-code-3 accept 256, 512, 1024 or 2048); default false.
   */
  sendDimension?: boolean;
  /** Texts per request, 1–1000; default 128. */
  maxBatchSize?: number;
  /** Let the server truncate texts over the model's context (default true); false makes them errors. */
  truncation?: boolean;
}

const responseSchema = z.object({
  data: z.array(z.object({ index: z.number(), embedding: z.array(z.number()) })),
  usage: z.object({ total_tokens: z.number().optional() }).optional(),
});

/** Voyage AI embedding model. */
export class VoyageEmbedder implements Embedder {
  readonly specificationVersion = 'v1' as const;
  readonly provider = VOYAGE_PROVIDER;
  readonly model: string;
  readonly dimension: number;
  readonly maxBatchSize: number;
  readonly #options: VoyageEmbedderOptions;

  /**
   * @throws {ConfigError} when the model's dimension is unknown and none is given.
   * @throws {InvalidArgumentError} for a batch size outside 1–1000.
   */
  constructor(options: VoyageEmbedderOptions) {
    const dimension =
      options.dimension ?? (VOYAGE_EMBEDDING_DIMENSIONS as Record<string, number>)[options.model];
    if (dimension === undefined) {
      throw new ConfigError(`the dimension of Voyage model ${options.model} is unknown; pass dimension`);
    }
    const batch = requestLimit(
      'maxBatchSize',
      options.maxBatchSize,
      VOYAGE_DEFAULT_EMBED_BATCH,
      VOYAGE_MAX_EMBED_BATCH,
    );
    this.model = options.model;
    this.dimension = dimension;
    this.maxBatchSize = batch;
    this.#options = options;
  }

  /**
   * Throws a {@link ConfigError} naming the variable when no API key is given or set; sends nothing.
   */
  checkReady(): void {
    checkCredentials(() => voyageRequest(this.#options, 'embeddings'));
  }

  async doEmbed(options: {
    texts: string[];
    kind: 'document' | 'query';
    signal?: AbortSignal;
  }): Promise<EmbedResult> {
    const { url, headers } = voyageRequest(this.#options, 'embeddings');
    const response = await postJson({
      ...this.#options,
      provider: this.provider,
      url,
      headers,
      body: {
        model: this.model,
        input: options.texts,
        input_type: options.kind,
        truncation: this.#options.truncation ?? true,
        ...(this.#options.sendDimension ? { output_dimension: this.dimension } : {}),
      },
      signal: options.signal,
    });
    const parsed = responseSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new ProviderError({ provider: this.provider, message: 'malformed embeddings response' });
    }
    const embeddings: number[][] = new Array(options.texts.length);
    for (const item of parsed.data.data) embeddings[item.index] = item.embedding;
    // A loop, not `some`: `some` skips the holes a duplicated index leaves.
    let complete = parsed.data.data.length === options.texts.length;
    for (let i = 0; complete && i < embeddings.length; i++) complete = embeddings[i] !== undefined;
    if (!complete) {
      throw new ProviderError({
        provider: this.provider,
        message: `asked for ${options.texts.length} embeddings, got ${parsed.data.data.length}`,
      });
    }
    const tokens = parsed.data.usage?.total_tokens;
    return tokens === undefined ? { embeddings } : { embeddings, usage: { tokens } };
  }
}
