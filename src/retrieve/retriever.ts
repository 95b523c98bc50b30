/**
 * The retriever: lexical (BM25) and dense search over one collection, fused by reciprocal rank
 * fusion in hybrid mode, with metadata/source filters applied inside each scan, and optionally
 * reranked: a larger candidate pool is fetched, rescored by a {@link Reranker}, then trimmed.
 * @module
 */
import { ConfigError, InvalidArgumentError } from '../core/errors.js';
import type { Filter } from '../core/filter/filter.js';
import type { Embedder, EmbeddingUsage, Reranker, Store } from '../core/ports.js';
import type { Hit, SearchMode } from '../core/types.js';
import { embedQuery } from '../embed/embed.js';
import type { DocumentIdentityIndex } from './document-identity.js';
import { DEFAULT_RRF_K, reciprocalRankFusion } from './reciprocal-rank-fusion.js';
import { DEFAULT_RERANK_CANDIDATES, rerankHits } from './rerank/rerank-hits.js';

/** A search request. */
export interface SearchRequest {
  query: string;
  collection: string;
  namespace?: string;
  /** Default: `hybrid` when the collection is dense and an embedder is available, else `lexical`. */
  mode?: SearchMode;
  /** Hits to return; default 10. */
  topK?: number;
  filter?: Filter;
  documentIds?: string[];
  sourceIds?: string[];
  /** Keep only the best hit per source id. */
  keepBest?: boolean;
  /** Candidates fetched from each retriever before fusion; default max(50, topK). */
  candidates?: number;
  /** RRF rank constant; default 60. */
  rrfK?: number;
  /** RRF weights `[dense, lexical]`; default `[1, 1]`. */
  rrfWeights?: [number, number];
  /** Drop dense hits below this cosine similarity. */
  minSimilarity?: number;
  /**
   * Reranks the candidate pool before trimming to `topK`; `false` or absent: no reranking. The
   * hits then carry `scores.rerank` and are ordered by it.
   */
  reranker?: Reranker | false;
  /** Size of the pool handed to the reranker; default 50 (at least `topK`). */
  rerankCandidates?: number;
  /**
   * Weight, in the fusion, of a second lexical search restricted to the documents the query names
   * (by title or path: "Apple's Q1 2023 10-Q"; see {@link DocumentIdentityIndex.named}), beside
   * the search over every document; default {@link DEFAULT_DOCUMENT_FOCUS}. `false` or 0 turns
   * it off. Not applied in dense mode, nor when `documentIds` or `sourceIds` already restrict
   * the search, nor without an identity index.
   */
  documentFocus?: number | false;
  signal?: AbortSignal;
}

/**
 * Default {@link SearchRequest.documentFocus}: the weight, beside 1 for the search over all
 * documents, that did best among {0, 0.5, 1, 2, 3} on the development questions of the shared
 * SEC filings with SciFact's train queries unchanged (`bench/tune-document-focus.mjs`).
 */
export const DEFAULT_DOCUMENT_FOCUS = 2;

/** What the retriever needs from the engine. */
export interface RetrieverDeps {
  store: Store;
  /** Resolves the embedder for a collection's model, or `undefined` when none is configured. */
  embedderFor(collection: string): Promise<Embedder | undefined>;
  /** The identities of a collection's documents (titles, paths), when known; see `documentFocus`. */
  documentIdentity?(
    collection: string,
    namespace: string | undefined,
  ): Promise<DocumentIdentityIndex | undefined>;
  onUsage?: (usage: EmbeddingUsage) => void;
}

/** Result of {@link search}: the hits and the mode that actually ran. */
export interface SearchResult {
  hits: Hit[];
  mode: SearchMode;
}

/**
 * Runs a search.
 * @throws {InvalidArgumentError} for a non-positive `topK`.
 * @throws {ConfigError} when `dense`/`hybrid` is asked for a collection with no embedder.
 * @throws {ProviderError} when the embedder or the reranker fails.
 */
export async function search(deps: RetrieverDeps, request: SearchRequest): Promise<SearchResult> {
  const topK = request.topK ?? 10;
  if (!Number.isInteger(topK) || topK <= 0) {
    throw new InvalidArgumentError('topK', `must be a positive integer, got ${topK}`);
  }
  const embedder = request.mode === 'lexical' ? undefined : await deps.embedderFor(request.collection);
  const mode = request.mode ?? (embedder ? 'hybrid' : 'lexical');
  if (mode !== 'lexical' && !embedder) {
    throw new ConfigError(
      `${mode} search needs an embedder for collection "${request.collection}"; configure one (--embedder) or use --mode lexical`,
    );
  }
  const reranker = request.reranker || undefined;
  const rerankPool = request.rerankCandidates ?? DEFAULT_RERANK_CANDIDATES;
  if (reranker && (!Number.isInteger(rerankPool) || rerankPool <= 0)) {
    throw new InvalidArgumentError('rerankCandidates', `must be a positive integer, got ${rerankPool}`);
  }
  // Without a reranker the last stage returns topK; with one it returns the pool to rerank.
  const stageK = reranker ? Math.max(rerankPool, topK) : topK;
  const candidates = Math.max(request.candidates ?? 50, stageK);
  const scope = {
    collection: request.collection,
    namespace: request.namespace,
    filter: request.filter,
    documentIds: request.documentIds,
    sourceIds: request.sourceIds,
    keepBest: request.keepBest,
  };
  const lexicalK = mode === 'lexical' ? stageK : candidates;
  const lexical =
    mode === 'dense'
      ? undefined
      : deps.store.lexicalSearch({ ...scope, query: request.query, topK: lexicalK });
  const focusWeight =
    request.documentFocus === undefined ? DEFAULT_DOCUMENT_FOCUS : request.documentFocus || 0;
  const named =
    mode === 'dense' || focusWeight <= 0 || request.documentIds || request.sourceIds || !deps.documentIdentity
      ? []
      : ((await deps.documentIdentity(request.collection, request.namespace))?.named(request.query) ?? []);
  const focused =
    named.length === 0
      ? undefined
      : deps.store.lexicalSearch({
          ...scope,
          documentIds: named.map((d) => d.documentId),
          query: request.query,
          topK: lexicalK,
        });
  const dense =
    mode === 'lexical' || !embedder
      ? undefined
      : embedQuery(embedder, request.query, { onUsage: deps.onUsage, signal: request.signal }).then(
          (vector) =>
            deps.store.denseSearch({
              ...scope,
              vector,
              topK: mode === 'dense' ? stageK : candidates,
              minSimilarity: request.minSimilarity,
            }),
        );
  const fusion = {
    k: request.rrfK ?? DEFAULT_RRF_K,
    weights: request.rrfWeights ?? ([1, 1] as [number, number]),
  };
  let hits: Hit[];
  if (mode === 'dense') hits = await dense!;
  else if (mode === 'lexical') {
    const [all, inNamed] = await Promise.all([lexical!, focused]);
    hits = inNamed
      ? reciprocalRankFusion([all, inNamed], { k: fusion.k, weights: [1, focusWeight] }).slice(0, stageK)
      : all;
  } else {
    const [denseHits, lexicalHits, inNamed] = await Promise.all([dense!, lexical!, focused]);
    const [denseWeight, lexicalWeight] = fusion.weights;
    hits = reciprocalRankFusion(inNamed ? [denseHits, lexicalHits, inNamed] : [denseHits, lexicalHits], {
      k: fusion.k,
      weights: inNamed
        ? [denseWeight, lexicalWeight, lexicalWeight * focusWeight]
        : [denseWeight, lexicalWeight],
    }).slice(0, stageK);
  }
  if (!reranker) return { hits: hits.slice(0, topK), mode };
  return { hits: await rerankHits(reranker, request.query, hits, { topK, signal: request.signal }), mode };
}
