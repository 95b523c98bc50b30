/**
 * Reranker for Cohere's v2 rerank API (`POST {baseURL}/rerank`,
 * https://docs.cohere.com/v2/reference/rerank): a hosted cross-encoder that scores each
 * query-document pair with a relevance in [0, 1].
 * @module
 */

import { z } from 'zod';
import { ProviderError } from '../../core/errors.js';
import type { Reranker } from '../../core/ports.js';
import { rerankInSlices, scoresByIndex } from '../../retrieve/rerank/scores-by-index.js';
import { requestLimit } from '../http/limits.js';
import { checkCredentials, postJson } from '../http/post-json.js';
import { COHERE_PROVIDER, type CohereConnectionOptions, cohereRequest } from './cohere-api.js';

/** Most documents one request may carry (Cohere recommends at most 1,000). */
export const COHERE_MAX_RERANK_DOCUMENTS = 1000;

/** Cohere rerank model ids: the known ones, or any other string. */
export type CohereRerankModelId =
  | 'rerank-v3.5'
  | 'rerank-english-v3.0'
  | 'rerank-multilingual-v3.0'
  | (string & {});

/** Options of {@link CohereReranker}. */
export interface CohereRerankerOptions extends CohereConnectionOptions {
  /** Model id; default `rerank-v3.5`. */
  model?: CohereRerankModelId;
  /** Tokens of each document the model reads (longer ones are truncated); default the server's (4,096). */
  maxTokensPerDoc?: number;
  /** Documents per request, 1–1000; default 1000. Longer lists are sent in slices. */
  maxDocumentsPerCall?: number;
}

const responseSchema = z.object({
  results: z.array(z.object({ index: z.number(), relevance_score: z.number() })),
});

/** Cohere rerank model. */
export class CohereReranker implements Reranker {
  readonly specificationVersion = 'v1' as const;
  readonly provider = COHERE_PROVIDER;
  readonly model: string;
  readonly maxDocumentsPerCall: number;
  readonly #options: CohereRerankerOptions;

  /** @throws {InvalidArgumentError} for a `maxDocumentsPerCall` outside 1–1000. */
  constructor(options: CohereRerankerOptions = {}) {
    const limit = requestLimit(
      'maxDocumentsPerCall',
      options.maxDocumentsPerCall,
      COHERE_MAX_RERANK_DOCUMENTS,
      COHERE_MAX_RERANK_DOCUMENTS,
    );
    this.model = options.model ?? 'rerank-v3.5';
    this.maxDocumentsPerCall = limit;
    this.#options = options;
  }

  /**
   * Throws a {@link ConfigError} naming the variable when no API key is given or set; sends nothing.
   */
  checkReady(): void {
    checkCredentials(() => cohereRequest(this.#options, 'rerank'));
  }

  /** Scores aligned with `documents`; one request per {@link maxDocumentsPerCall} documents, none for an empty list. */
  doRerank(options: { query: string; documents: string[]; signal?: AbortSignal }): Promise<number[]> {
    return rerankInSlices(options.documents, this.maxDocumentsPerCall, async (documents) => {
      const { url, headers } = cohereRequest(this.#options, 'rerank');
      const response = await postJson({
        ...this.#options,
        provider: this.provider,
        url,
        headers,
        body: {
          model: this.model,
          query: options.query,
          documents,
          top_n: documents.length,
          ...(this.#options.maxTokensPerDoc ? { max_tokens_per_doc: this.#options.maxTokensPerDoc } : {}),
        },
        signal: options.signal,
      });
      const parsed = responseSchema.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success) {
        throw new ProviderError({ provider: this.provider, message: 'malformed rerank response' });
      }
      return scoresByIndex(parsed.data.results, documents.length, this.provider);
    });
  }
}
