/**
 * Embedder for any server speaking the OpenAI embeddings API (`POST {baseURL}/embeddings`):
 * OpenAI, Azure-compatible gateways, Ollama, vLLM, LM Studio, llama.cpp server.
 * @module
 */
import { z } from 'zod';
import { ProviderError } from '../../core/errors.js';
import type { Embedder, EmbedResult } from '../../core/ports.js';
import { checkCredentials, postJson, type RequestPolicy } from '../http/post-json.js';
import { OPENAI_COMPATIBLE_PROVIDER, type OpenAIConnectionOptions, openaiRequest } from './openai-api.js';

/** Options of {@link OpenAIEmbedder}. */
export interface OpenAIEmbedderOptions extends RequestPolicy, OpenAIConnectionOptions {
  /** Model id, e.g. `text-embedding-3-small`. */
  model: string;
  /** Vector length the model returns (e.g. 1536 for text-embedding-3-small). */
  dimension: number;
  /** Most inputs per request; default 256 (OpenAI allows 2,048). */
  maxBatchSize?: number;
  /** Ask the server to shorten vectors to `dimension` (text-embedding-3 models only). */
  sendDimensions?: boolean;
}

const responseSchema = z.object({
  data: z.array(z.object({ index: z.number(), embedding: z.array(z.number()) })),
  usage: z.object({ prompt_tokens: z.number().optional(), total_tokens: z.number().optional() }).optional(),
});

/** OpenAI-compatible embedding model. */
export class OpenAIEmbedder implements Embedder {
  readonly specificationVersion = 'v1' as const;
  readonly provider = OPENAI_COMPATIBLE_PROVIDER;
  readonly model: string;
  readonly dimension: number;
  readonly maxBatchSize: number;
  readonly #options: OpenAIEmbedderOptions;

  constructor(options: OpenAIEmbedderOptions) {
    this.model = options.model;
    this.dimension = options.dimension;
    this.maxBatchSize = options.maxBatchSize ?? 256;
    this.#options = options;
  }

  /**
   * Throws a {@link ConfigError} naming the variable when no API key is given or set; sends nothing.
   */
  checkReady(): void {
    checkCredentials(() => openaiRequest(this.#options, 'embeddings'));
  }

  async doEmbed(options: {
    texts: string[];
    kind: 'document' | 'query';
    signal?: AbortSignal;
  }): Promise<EmbedResult> {
    const { url, headers } = openaiRequest(this.#options, 'embeddings');
    const response = await postJson({
      ...this.#options,
      provider: this.provider,
      url,
      headers,
      body: {
        model: this.model,
        input: options.texts,
        encoding_format: 'float',
        ...(this.#options.sendDimensions ? { dimensions: this.dimension } : {}),
      },
      signal: options.signal,
    });
    const parsed = responseSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new ProviderError({ provider: this.provider, message: 'malformed embeddings response' });
    }
    const embeddings: number[][] = new Array(options.texts.length);
    for (const item of parsed.data.data) embeddings[item.index] = item.embedding;
    if (parsed.data.data.length !== options.texts.length || embeddings.some((e) => e === undefined)) {
      throw new ProviderError({
        provider: this.provider,
        message: `asked for ${options.texts.length} embeddings, got ${parsed.data.data.length}`,
      });
    }
    const tokens = parsed.data.usage?.prompt_tokens ?? parsed.data.usage?.total_tokens;
    return tokens === undefined ? { embeddings } : { embeddings, usage: { tokens } };
  }
}
