/**
 * A local stand-in for Cohere's v2 API (`POST /v2/embed`, `POST /v2/rerank`; request and
 * response shapes from https://docs.cohere.com/v2/reference/embed and
 * https://docs.cohere.com/v2/reference/rerank). Embeddings are hashed bags of words, rerank
 * scores are query-term overlap, and requests Cohere would refuse (too many texts, a missing
 * `input_type`, an unknown embedding type) get a 400.
 */

import { hashEmbedding, termOverlapScore } from '../../src/exports/testing.js';
import { type JsonApiServer, type JsonReply, startJsonApiServer } from './json-api-server.js';

/** Options of {@link startCohereServer}. */
export interface CohereServerOptions {
  /** Embedding dimension; default 32. */
  dimension?: number;
  failures?: number[];
  apiKey?: string;
}

const bad = (message: string): JsonReply => ({ status: 400, body: { message } });

function embed(body: Record<string, unknown>, dimension: number): JsonReply {
  const texts = body.texts as string[] | undefined;
  if (!Array.isArray(texts) || texts.length === 0) return bad('texts must be a non-empty array');
  if (texts.length > 96) return bad(`too many texts: ${texts.length} > 96`);
  if (
    !['search_document', 'search_query', 'classification', 'clustering'].includes(String(body.input_type))
  ) {
    return bad('input_type is required for v3+ models');
  }
  const types = (body.embedding_types as string[] | undefined) ?? ['float'];
  if (!types.every((t) => t === 'float')) return bad('this stand-in only returns float embeddings');
  return {
    body: {
      id: 'embed-1',
      texts,
      embeddings: { float: texts.map((t) => hashEmbedding(t, dimension)) },
      meta: {
        api_version: { version: '2' },
        billed_units: { input_tokens: texts.join(' ').split(/\s+/).length },
      },
      response_type: 'embeddings_by_type',
    },
  };
}

function rerank(body: Record<string, unknown>): JsonReply {
  const documents = body.documents as string[] | undefined;
  if (typeof body.query !== 'string' || !Array.isArray(documents))
    return bad('query and documents are required');
  if (documents.length > 1000) return bad('too many documents');
  const ranked = documents
    .map((d, index) => ({ index, relevance_score: termOverlapScore(body.query as string, d) }))
    .sort((a, b) => b.relevance_score - a.relevance_score);
  const topN = typeof body.top_n === 'number' ? body.top_n : ranked.length;
  return {
    body: { id: 'rerank-1', results: ranked.slice(0, topN), meta: { billed_units: { search_units: 1 } } },
  };
}

/** Starts the stand-in; `baseURL` is its `/v2` root. */
export async function startCohereServer(
  options: CohereServerOptions = {},
): Promise<JsonApiServer & { baseURL: string }> {
  const dimension = options.dimension ?? 32;
  const server = await startJsonApiServer({
    failures: options.failures,
    apiKey: options.apiKey,
    routes: { '/v2/embed': (body) => embed(body, dimension), '/v2/rerank': rerank },
  });
  return { ...server, baseURL: `${server.origin}/v2` };
}
