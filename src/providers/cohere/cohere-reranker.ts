/**
 * Reranker for Cohere's v2 rerank API (`POST {baseURL}/rerank`,
 * https://docs.cohere.com/v2/reference/rerank): a hosted cross-encoder that scores each
 * query-document pair with a relevance in [0, 1].
 * @module
 */

import { z } from 'zod';
import { scoresByIndex } from '../../retrieve/rerank/scores-by-index.js';
import { type Endpoint, HostedReranker } from '../http/hosted-models.js';
import { requestLimit } from '../http/limits.js';
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
export class CohereReranker extends HostedReranker<CohereRerankerOptions, z.infer<typeof responseSchema>> {
  readonly provider = COHERE_PROVIDER;
  protected readonly replySchema = responseSchema;

  /** @throws {InvalidArgumentError} for a `maxDocumentsPerCall` outside 1–1000. */
  constructor(options: CohereRerankerOptions = {}) {
    super(options, {
      model: options.model ?? 'rerank-v3.5',
      maxDocumentsPerCall: requestLimit(
        'maxDocumentsPerCall',
        options.maxDocumentsPerCall,
        COHERE_MAX_RERANK_DOCUMENTS,
        COHERE_MAX_RERANK_DOCUMENTS,
      ),
    });
  }

  protected endpoint(): Endpoint {
    return cohereRequest(this.options, 'rerank');
  }

  protected body(query: string, documents: string[]): Record<string, unknown> {
    return {
      model: this.model,
      query,
      documents,
      top_n: documents.length,
      ...(this.options.maxTokensPerDoc ? { max_tokens_per_doc: this.options.maxTokensPerDoc } : {}),
    };
  }

  protected read(reply: z.infer<typeof responseSchema>, count: number): Array<number | null> {
    return scoresByIndex(reply.results, count, this.provider);
  }
}
