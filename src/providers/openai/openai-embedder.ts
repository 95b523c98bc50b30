/**
 * Embedder for any server speaking the OpenAI embeddings API (`POST {baseURL}/embeddings`):
 * OpenAI, Azure-compatible gateways, Ollama, vLLM, LM Studio, llama.cpp server.
 * @module
 */
import { z } from 'zod';
import type { EmbedResult } from '../../core/ports.js';
import { type Endpoint, HostedEmbedder } from '../http/hosted-models.js';
import type { RequestPolicy } from '../http/post-json.js';
import { vectorsByIndex } from '../http/response-json.js';
import { OPENAI_COMPATIBLE_PROVIDER, type OpenAIConnectionOptions, openaiRequest } from './openai-api.js';

/** Options of {@link OpenAIEmbedder}. */
export interface OpenAIEmbedderOptions extends RequestPolicy, OpenAIConnectionOptions {
  /** Model id, e.g. `text-embedding-3-small`. */
  model: string;
  /** Vector length the model returns (e.g. 1536 for text-embedding-3-small). */
  dimension: number;
  /** Most inputs per request; default 256 (OpenAI allows 2,048). */
  maxBatchSize?: number;
  /**
   * Most tokens per request, summed over the inputs (estimated; see `estimateTokens`); default
   * 300,000, OpenAI's documented per-request limit for its embedding models.
   */
  maxBatchTokens?: number;
  /** Ask the server to shorten vectors to `dimension` (text-embedding-3 models only). */
  sendDimensions?: boolean;
}

const responseSchema = z.object({
  data: z.array(z.object({ index: z.number(), embedding: z.array(z.number()) })),
  model: z.string().optional(),
  usage: z.object({ prompt_tokens: z.number().optional(), total_tokens: z.number().optional() }).optional(),
});

/** OpenAI-compatible embedding model. */
export class OpenAIEmbedder extends HostedEmbedder<OpenAIEmbedderOptions, z.infer<typeof responseSchema>> {
  readonly provider = OPENAI_COMPATIBLE_PROVIDER;
  protected readonly replySchema = responseSchema;
  readonly maxBatchTokens: number;

  constructor(options: OpenAIEmbedderOptions) {
    super(options, {
      model: options.model,
      dimension: options.dimension,
      maxBatchSize: options.maxBatchSize ?? 256,
    });
    this.maxBatchTokens = options.maxBatchTokens ?? 300_000;
  }

  protected endpoint(): Endpoint {
    return openaiRequest(this.options, 'embeddings');
  }

  protected body(texts: string[]): Record<string, unknown> {
    return {
      model: this.model,
      input: texts,
      encoding_format: 'float',
      ...(this.options.sendDimensions ? { dimensions: this.dimension } : {}),
    };
  }

  protected override describe(reply: z.infer<typeof responseSchema>): { model?: string } {
    return reply.model === undefined ? {} : { model: reply.model };
  }

  protected read(reply: z.infer<typeof responseSchema>, count: number): EmbedResult {
    const embeddings = vectorsByIndex(reply.data, count, this.provider);
    const tokens = reply.usage?.prompt_tokens ?? reply.usage?.total_tokens;
    return tokens === undefined ? { embeddings } : { embeddings, usage: { tokens } };
  }
}
