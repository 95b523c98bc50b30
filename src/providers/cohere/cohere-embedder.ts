/**
 * Embedder for Cohere's v2 embed API (`POST {baseURL}/embed`,
 * https://docs.cohere.com/v2/reference/embed). Documents are embedded with
 * `input_type: search_document` and queries with `search_query`, as Cohere's v3+ models require.
 * @module
 */

import { z } from 'zod';
import { ConfigError, ProviderError } from '../../core/errors.js';
import type { Embedder, EmbedResult } from '../../core/ports.js';
import { requestLimit } from '../http/limits.js';
import { checkCredentials, postJson } from '../http/post-json.js';
import { COHERE_PROVIDER, type CohereConnectionOptions, cohereRequest } from './cohere-api.js';

/** Most texts one embed request accepts (Cohere's documented limit). */
export const COHERE_MAX_EMBED_BATCH = 96;

/** Native vector length of Cohere's embedding models. */
export const COHERE_EMBEDDING_DIMENSIONS = {
  'embed-v4.0': 1536,
  'embed-english-v3.0': 1024,
  'embed-multilingual-v3.0': 1024,
  'embed-english-light-v3.0': 384,
  'embed-multilingual-light-v3.0': 384,
} as const satisfies Record<string, number>;

/** Cohere embedding model ids: the known ones, or any other string. */
export type CohereEmbeddingModelId = keyof typeof COHERE_EMBEDDING_DIMENSIONS | (string & {});

/** Options of {@link CohereEmbedder}. */
export interface CohereEmbedderOptions extends CohereConnectionOptions {
  /** Model id, e.g. `embed-english-v3.0`. */
  model: CohereEmbeddingModelId;
  /** Vector length; default the model's native length from {@link COHERE_EMBEDDING_DIMENSIONS}. */
  dimension?: number;
  /**
   * Send `output_dimension` so the server shortens vectors to `dimension` (embed-v4.0 accepts
   * 256, 512, 1024 or 1536); default false.
   */
  sendDimension?: boolean;
  /** Texts per request, 1–96; default 96. */
  maxBatchSize?: number;
  /** What the server does with texts over the model's context: `END` (default), `START` or `NONE` (error). */
  truncate?: 'NONE' | 'START' | 'END';
}

const responseSchema = z.object({
  embeddings: z.object({ float: z.array(z.array(z.number())) }),
  meta: z.object({ billed_units: z.object({ input_tokens: z.number().optional() }).optional() }).optional(),
});

/** Cohere embedding model. */
export class CohereEmbedder implements Embedder {
  readonly specificationVersion = 'v1' as const;
  readonly provider = COHERE_PROVIDER;
  readonly model: string;
  readonly dimension: number;
  readonly maxBatchSize: number;
  readonly #options: CohereEmbedderOptions;

  /**
   * @throws {ConfigError} when the model's dimension is unknown and none is given.
   * @throws {InvalidArgumentError} for a batch size outside 1–96.
   */
  constructor(options: CohereEmbedderOptions) {
    const dimension =
      options.dimension ?? (COHERE_EMBEDDING_DIMENSIONS as Record<string, number>)[options.model];
    if (dimension === undefined) {
      throw new ConfigError(`the dimension of Cohere model ${options.model} is unknown; pass dimension`);
    }
    const batch = requestLimit(
      'maxBatchSize',
      options.maxBatchSize,
      COHERE_MAX_EMBED_BATCH,
      COHERE_MAX_EMBED_BATCH,
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
    checkCredentials(() => cohereRequest(this.#options, 'embed'));
  }

  async doEmbed(options: {
    texts: string[];
    kind: 'document' | 'query';
    signal?: AbortSignal;
  }): Promise<EmbedResult> {
    const { url, headers } = cohereRequest(this.#options, 'embed');
    const response = await postJson({
      ...this.#options,
      provider: this.provider,
      url,
      headers,
      body: {
        model: this.model,
        texts: options.texts,
        input_type: options.kind === 'query' ? 'search_query' : 'search_document',
        embedding_types: ['float'],
        truncate: this.#options.truncate ?? 'END',
        ...(this.#options.sendDimension ? { output_dimension: this.dimension } : {}),
      },
      signal: options.signal,
    });
    const parsed = responseSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new ProviderError({ provider: this.provider, message: 'malformed embed response' });
    }
    const embeddings = parsed.data.embeddings.float;
    if (embeddings.length !== options.texts.length) {
      throw new ProviderError({
        provider: this.provider,
        message: `asked for ${options.texts.length} embeddings, got ${embeddings.length}`,
      });
    }
    const tokens = parsed.data.meta?.billed_units?.input_tokens;
    return tokens === undefined ? { embeddings } : { embeddings, usage: { tokens } };
  }
}
