/**
 * A local stand-in for Voyage AI's API (`POST /v1/embeddings`, `POST /v1/rerank`; shapes from
 * https://docs.voyageai.com/reference/embeddings-api and
 * https://docs.voyageai.com/reference/reranker-api). Embeddings are hashed bags of words,
 * rerank scores are query-term overlap; requests Voyage would refuse get a 400 with `detail`.
 */

import { hashEmbedding, termOverlapScore } from '../../src/exports/testing.js';
import { type JsonApiServer, type JsonReply, startJsonApiServer } from './json-api-server.js';

/** Options of {@link startVoyageServer}. */
export interface VoyageServerOptions {
  /** Embedding dimension; default 32. */
  dimension?: number;
  failures?: number[];
  apiKey?: string;
}

const bad = (detail: string): JsonReply => ({ status: 400, body: { detail } });
const tokens = (texts: string[]) => texts.join(' ').split(/\s+/).length;

function embeddings(body: Record<string, unknown>, dimension: number): JsonReply {
  const input = typeof body.input === 'string' ? [body.input] : (body.input as string[] | undefined);
  if (!Array.isArray(input) || input.length === 0) return bad('input must be a non-empty list');
  if (input.length > 1000) return bad(`input list has ${input.length} items; at most 1000`);
  if (body.input_type != null && !['query', 'document'].includes(String(body.input_type))) {
    return bad(`input_type must be query, document or null`);
  }
  return {
    body: {
      object: 'list',
      data: input.map((t, index) => ({ object: 'embedding', embedding: hashEmbedding(t, dimension), index })),
      model: body.model,
      usage: { total_tokens: tokens(input) },
    },
  };
}

function rerank(body: Record<string, unknown>): JsonReply {
  const documents = body.documents as string[] | undefined;
  if (typeof body.query !== 'string' || !Array.isArray(documents))
    return bad('query and documents are required');
  if (documents.length > 1000) return bad('documents list has more than 1000 items');
  const ranked = documents
    .map((d, index) => ({ relevance_score: termOverlapScore(body.query as string, d), index }))
    .sort((a, b) => b.relevance_score - a.relevance_score);
  const topK = typeof body.top_k === 'number' ? body.top_k : ranked.length;
  return {
    body: {
      object: 'list',
      data: ranked.slice(0, topK),
      model: body.model,
      usage: { total_tokens: tokens(documents) },
    },
  };
}

/** Starts the stand-in; `baseURL` is its `/v1` root. */
export async function startVoyageServer(
  options: VoyageServerOptions = {},
): Promise<JsonApiServer & { baseURL: string }> {
  const dimension = options.dimension ?? 32;
  const server = await startJsonApiServer({
    failures: options.failures,
    apiKey: options.apiKey,
    failureBody: (status) => ({ detail: `scripted failure ${status}` }),
    routes: { '/v1/embeddings': (body) => embeddings(body, dimension), '/v1/rerank': rerank },
  });
  return { ...server, baseURL: `${server.origin}/v1` };
}
