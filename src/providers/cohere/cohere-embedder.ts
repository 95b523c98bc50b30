/**
 * Embedder for Cohere's v2 embed API (`POST {baseURL}/embed`,
 * https://docs.cohere.com/v2/reference/embed). Documents are embedded with
 * `input_type: search_document` and queries with `search_query`, as Cohere's v3+ models require.
 * @module
 */

import { z } from 'zod';
import type { EmbedResult } from '../../core/ports.js';
import { type Endpoint, HostedEmbedder } from '../http/hosted-models.js';
import { requestLimit } from '../http/limits.js';
import { modelDimension, vectorsInOrder } from '../http/response-json.js';
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
export class CohereEmbedder extends HostedEmbedder<CohereEmbedderOptions, z.infer<typeof responseSchema>> {
  readonly provider = COHERE_PROVIDER;
  protected readonly replySchema = responseSchema;

  /**
   * @throws {ConfigError} when the model's dimension is unknown and none is given.
   * @throws {InvalidArgumentError} for a batch size outside 1–96.
   */
  constructor(options: CohereEmbedderOptions) {
    super(options, {
      model: options.model,
      dimension: modelDimension('Cohere', options.model, COHERE_EMBEDDING_DIMENSIONS, options.dimension),
      maxBatchSize: requestLimit(
        'maxBatchSize',
        options.maxBatchSize,
        COHERE_MAX_EMBED_BATCH,
        COHERE_MAX_EMBED_BATCH,
      ),
    });
  }

  protected endpoint(): Endpoint {
    return cohereRequest(this.options, 'embed');
  }

  protected body(texts: string[], kind: 'document' | 'query'): Record<string, unknown> {
    return {
      model: this.model,
      texts,
      input_type: kind === 'query' ? 'search_query' : 'search_document',
      embedding_types: ['float'],
      truncate: this.options.truncate ?? 'END',
      ...(this.options.sendDimension ? { output_dimension: this.dimension } : {}),
    };
  }

  protected read(reply: z.infer<typeof responseSchema>, count: number): EmbedResult {
    const embeddings = vectorsInOrder(reply.embeddings.float, count, this.provider);
    const tokens = reply.meta?.billed_units?.input_tokens;
    return tokens === undefined ? { embeddings } : { embeddings, usage: { tokens } };
  }
}
