/**
 * Reranker for Voyage AI's rerank API (`POST {baseURL}/rerank`,
 * https://docs.voyageai.com/reference/reranker-api): a hosted cross-encoder that scores each
 * query-document pair.
 * @module
 */

import { z } from 'zod';
import { ProviderError } from '../../core/errors.js';
import type { Reranker } from '../../core/ports.js';
import { rerankInSlices, scoresByIndex } from '../../retrieve/rerank/scores-by-index.js';
import { requestLimit } from '../http/limits.js';
import { checkCredentials, postJson } from '../http/post-json.js';
import { VOYAGE_PROVIDER, type VoyageConnectionOptions, voyageRequest } from './voyage-api.js';

/** Most documents one request may carry (Voyage's documented limit). */
export const VOYAGE_MAX_RERANK_DOCUMENTS = 1000;

/** Voyage rerank model ids: the known ones, or any other string. */
export type VoyageRerankModelId =
  | 'rerank-2.5'
  | 'rerank-2.5-lite'
  | 'rerank-2'
  | 'rerank-2-lite'
  | 'rerank-1'
  | 'rerank-lite-1'
  | (string & {});

/** Options of {@link VoyageReranker}. */
export interface VoyageRerankerOptions extends VoyageConnectionOptions {
  /** Model id; default `rerank-2`. */
  model?: VoyageRerankModelId;
  /** Let the server truncate a query or document over the model's context (default true); false makes it an error. */
  truncation?: boolean;
  /** Documents per request, 1–1000; default 1000. Longer lists are sent in slices. */
  maxDocumentsPerCall?: number;
}

const responseSchema = z.object({
  data: z.array(z.object({ index: z.number(), relevance_score: z.number() })),
});

/** Voyage AI rerank model. */
export class VoyageReranker implements Reranker {
  readonly specificationVersion = 'v1' as const;
  readonly provider = VOYAGE_PROVIDER;
  readonly model: string;
  readonly maxDocumentsPerCall: number;
  readonly #options: VoyageRerankerOptions;

  /** @throws {InvalidArgumentError} for a `maxDocumentsPerCall` outside 1–1000. */
  constructor(options: VoyageRerankerOptions = {}) {
    const limit = requestLimit(
      'maxDocumentsPerCall',
      options.maxDocumentsPerCall,
      VOYAGE_MAX_RERANK_DOCUMENTS,
      VOYAGE_MAX_RERANK_DOCUMENTS,
    );
    this.model = options.model ?? 'rerank-2';
    this.maxDocumentsPerCall = limit;
    this.#options = options;
  }

  /**
   * Throws a {@link ConfigError} naming the variable when no API key is given or set; sends nothing.
   */
  checkReady(): void {
    checkCredentials(() => voyageRequest(this.#options, 'rerank'));
  }

  /** Scores aligned with `documents`; one request per {@link maxDocumentsPerCall} documents, none for an empty list. */
  doRerank(options: { query: string; documents: string[]; signal?: AbortSignal }): Promise<number[]> {
    return rerankInSlices(options.documents, this.maxDocumentsPerCall, async (documents) => {
      const { url, headers } = voyageRequest(this.#options, 'rerank');
      const response = await postJson({
        ...this.#options,
        provider: this.provider,
        url,
        headers,
        body: {
          model: this.model,
          query: options.query,
          documents,
          truncation: this.#options.truncation ?? true,
        },
        signal: options.signal,
      });
      const parsed = responseSchema.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success) {
        throw new ProviderError({ provider: this.provider, message: 'malformed rerank response' });
      }
      return scoresByIndex(parsed.data.data, documents.length, this.provider);
    });
  }
}
