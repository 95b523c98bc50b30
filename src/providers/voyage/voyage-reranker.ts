/**
 * Reranker for Voyage AI's rerank API (`POST {baseURL}/rerank`,
 * https://docs.voyageai.com/reference/reranker-api): a hosted cross-encoder that scores each
 * query-document pair.
 * @module
 */

import { z } from 'zod';
import { scoresByIndex } from '../../retrieve/rerank/scores-by-index.js';
import { type Endpoint, HostedReranker } from '../http/hosted-models.js';
import { requestLimit } from '../http/limits.js';
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
export class VoyageReranker extends HostedReranker<VoyageRerankerOptions, z.infer<typeof responseSchema>> {
  readonly provider = VOYAGE_PROVIDER;
  protected readonly replySchema = responseSchema;

  /** @throws {InvalidArgumentError} for a `maxDocumentsPerCall` outside 1–1000. */
  constructor(options: VoyageRerankerOptions = {}) {
    super(options, {
      model: options.model ?? 'rerank-2',
      maxDocumentsPerCall: requestLimit(
        'maxDocumentsPerCall',
        options.maxDocumentsPerCall,
        VOYAGE_MAX_RERANK_DOCUMENTS,
        VOYAGE_MAX_RERANK_DOCUMENTS,
      ),
    });
  }

  protected endpoint(): Endpoint {
    return voyageRequest(this.options, 'rerank');
  }

  protected body(query: string, documents: string[]): Record<string, unknown> {
    return {
      model: this.model,
      query,
      documents,
      truncation: this.options.truncation ?? true,
    };
  }

  protected read(reply: z.infer<typeof responseSchema>, count: number): Array<number | null> {
    return scoresByIndex(reply.data, count, this.provider);
  }
}
