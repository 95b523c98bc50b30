/**
 * Embedder for Voyage AI's embeddings API (`POST {baseURL}/embeddings`,
 * https://docs.voyageai.com/reference/embeddings-api). Documents are embedded with
 * `input_type: document` and queries with `query`, which makes Voyage prepend its retrieval
 * prompts.
 * @module
 */

import { z } from 'zod';
import type { EmbedResult } from '../../core/ports.js';
import { type Endpoint, HostedEmbedder } from '../http/hosted-models.js';
import { requestLimit } from '../http/limits.js';
import { modelDimension, vectorsByIndex } from '../http/response-json.js';
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
export class VoyageEmbedder extends HostedEmbedder<VoyageEmbedderOptions, z.infer<typeof responseSchema>> {
  readonly provider = VOYAGE_PROVIDER;
  protected readonly replySchema = responseSchema;

  /**
   * @throws {ConfigError} when the model's dimension is unknown and none is given.
   * @throws {InvalidArgumentError} for a batch size outside 1–1000.
   */
  constructor(options: VoyageEmbedderOptions) {
    super(options, {
      model: options.model,
      dimension: modelDimension('Voyage', options.model, VOYAGE_EMBEDDING_DIMENSIONS, options.dimension),
      maxBatchSize: requestLimit(
        'maxBatchSize',
        options.maxBatchSize,
        VOYAGE_DEFAULT_EMBED_BATCH,
        VOYAGE_MAX_EMBED_BATCH,
      ),
    });
  }

  protected endpoint(): Endpoint {
    return voyageRequest(this.options, 'embeddings');
  }

  protected body(texts: string[], kind: 'document' | 'query'): Record<string, unknown> {
    return {
      model: this.model,
      input: texts,
      input_type: kind,
      truncation: this.options.truncation ?? true,
      ...(this.options.sendDimension ? { output_dimension: this.dimension } : {}),
    };
  }

  protected read(reply: z.infer<typeof responseSchema>, count: number): EmbedResult {
    const embeddings = vectorsByIndex(reply.data, count, this.provider);
    const tokens = reply.usage?.total_tokens;
    return tokens === undefined ? { embeddings } : { embeddings, usage: { tokens } };
  }
}
