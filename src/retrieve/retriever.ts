/**
 * The retriever: lexical (BM25) and dense search over one collection, fused by reciprocal rank
 * fusion in hybrid mode, with metadata/source filters applied inside each scan, and optionally
 * reranked: a larger candidate pool is fetched, rescored by a {@link Reranker}, then trimmed.
 *
 * It plans from the store's {@link StoreCapabilities}: hybrid search fuses inside the store when
 * the store offers it (one round trip) and in the engine otherwise; a store without a lexical
 * index searches dense-only and says so once.
 * @module
 */
import { InvalidArgumentError } from '../core/errors.js';
import type { Filter } from '../core/filter/filter.js';
import type { Embedder, EmbeddingUsage, LexicalScoring, Reranker, Store } from '../core/ports.js';
import { queryTerms } from '../core/query-terms.js';
import { inSpan, SpanKind, TRACE_ATTRIBUTES } from '../core/tracing.js';
import type { Hit, SearchMode } from '../core/types.js';
import { embedQuery } from '../embed/embed.js';
import { DEFAULT_COPY_DEMOTION, demoteCopies } from './copy-demotion.js';
import type { DocumentIdentityIndex } from './document-identity.js';
import { type Rm3Options, rm3Search, rm3Settings } from './pseudo-relevance-feedback.js';
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
  /**
   * Pseudo-relevance feedback on the lexical ranking (lexical and hybrid modes): RM3 (Lavrenko &
   * Croft, "Relevance-Based Language Models", SIGIR 2001) expands the query with the heaviest
   * terms of the best first-pass hits and searches again, weighted; see
   * `pseudo-relevance-feedback.ts`. `true` uses {@link DEFAULT_RM3}'s settings (Anserini's
   * defaults: 10 feedback hits, 10 terms, original query weight 0.5), an object overrides them,
   * `false` turns it off. Default {@link DEFAULT_PSEUDO_RELEVANCE_FEEDBACK}. With it on, a hybrid
   * search fuses in the engine (never in the store). It costs one lexical query per term group.
   * @throws {InvalidArgumentError} for settings out of range.
   */
  pseudoRelevanceFeedback?: boolean | Rm3Options;
  /**
   * Moves boilerplate behind specific text: a hit with a near-copy (word 3-gram resemblance ≥ 0.8)
   * in at least this many other documents among the candidates (see `copy-demotion.ts`) trades
   * places with the next hit of its own document that is not a copy, so that a certification or
   * cover page copied across a series of reports never leads its document; documents keep their
   * rank. The candidate pool is then fetched `candidates` deep in every mode. Default {@link DEFAULT_COPY_DEMOTION}
   * (2); `false` or 0 turns it off.
   */
  demoteCopies?: number | false;
  signal?: AbortSignal;
}

/**
 * Default {@link SearchRequest.pseudoRelevanceFeedback}: off. On SciFact's train queries, split
 * by `bench/tune-prf.mjs` into a tune part (436) and a measure part (373), RM3 at Anserini's
 * defaults lowered nDCG@10 from 0.697 to 0.605 on the tune part and from 0.717 to 0.657 on the
 * measure part, and no original-query weight in {0.7, 0.8, 0.9} reached BM25 alone on the tune
 * part (`bench/results/tune-prf.json`).
 */
export const DEFAULT_PSEUDO_RELEVANCE_FEEDBACK = false;

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
  /** Receives notices, e.g. that a store without a lexical index searched dense-only. */
  onNotice?: (message: string) => void;
}

/** How a result's scores were computed. */
export interface SearchScoring {
  /** `scores.lexical`: the store's lexical scoring (see `StoreCapabilities.lexical`), when lexical search ran. */
  lexical?: Exclude<LexicalScoring, 'none'>;
  /** `scores.dense`: cosine similarity, when dense search ran. */
  dense?: 'cosine';
  /** `scores.fused`: reciprocal rank fusion (hybrid mode, or a document focus), and where it ran. */
  fused?: 'rrf-store' | 'rrf-engine';
  /** `scores.rerank`: the reranker's model, when one ran. */
  rerank?: string;
  /** Pseudo-relevance feedback that reweighted `scores.lexical`, when it ran. */
  feedback?: 'rm3';
  /** Hits moved after specific text as boilerplate (see `SearchRequest.demoteCopies`), when any. */
  copiesDemoted?: number;
}

/** Result of {@link search}: the hits, the mode that actually ran and what scored them. */
export interface SearchResult {
  hits: Hit[];
  mode: SearchMode;
  scoring: SearchScoring;
}

/**
 * Runs a search. A query without words (empty, whitespace or punctuation only) returns no hits in
 * every mode: there is nothing to embed or match.
 * @throws {InvalidArgumentError} for a non-positive `topK`, a non-string query, or a `mode` the
 *   collection cannot serve: `dense`/`hybrid` for a collection with no embedder, `lexical` of a
 *   store without a lexical index (argument `mode`; HTTP 400, CLI exit 2).
 * @throws {ProviderError} when the embedder or the reranker fails.
 */
export function search(deps: RetrieverDeps, request: SearchRequest): Promise<SearchResult> {
  const scope = { collection: request.collection, namespace: request.namespace };
  return inSpan(
    `retrieval ${request.collection}`,
    {
      kind: SpanKind.CLIENT,
      scope,
      attributes: {
        'gen_ai.operation.name': 'retrieval',
        'gen_ai.data_source.id': request.collection,
        'gen_ai.request.top_k': request.topK ?? 10,
        [TRACE_ATTRIBUTES.backend]: deps.store.backend,
      },
    },
    async (span) => {
      const began = performance.now();
      span.addEvent('cairn.query.started', { 'cairn.query.characters': String(request.query).length });
      const result = await searchStages(deps, request);
      const top = result.hits[0]?.score;
      span.setAttributes({
        [TRACE_ATTRIBUTES.mode]: result.mode,
        [TRACE_ATTRIBUTES.hits]: result.hits.length,
        ...(top === undefined ? {} : { [TRACE_ATTRIBUTES.topScore]: top }),
      });
      span.addEvent('cairn.query.completed', {
        'cairn.duration_ms': performance.now() - began,
        [TRACE_ATTRIBUTES.hits]: result.hits.length,
        ...(top === undefined ? {} : { [TRACE_ATTRIBUTES.topScore]: top }),
      });
      return result;
    },
  );
}

/** A store call inside a `cairn.search.{kind}` span with the database semantic conventions. */
function storeCall<T extends Hit[]>(
  store: Store,
  kind: string,
  topK: number,
  call: () => Promise<T>,
): Promise<T> {
  return inSpan(
    `cairn.search.${kind}`,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'db.system.name': store.backend,
        'db.operation.name': `${kind}_search`,
        'cairn.top_k': topK,
      },
    },
    async (span) => {
      const hits = await call();
      span.setAttribute(TRACE_ATTRIBUTES.hits, hits.length);
      return hits;
    },
  );
}

/** Reciprocal rank fusion inside a `cairn.fusion` span. */
function fuse(rankings: Hit[][], options: { k: number; weights: number[] }): Promise<Hit[]> {
  return inSpan(
    'cairn.fusion',
    {
      attributes: {
        'cairn.fusion.k': options.k,
        'cairn.fusion.weights': options.weights,
        'cairn.fusion.rankings': rankings.length,
      },
    },
    () => reciprocalRankFusion(rankings, options),
  );
}

async function searchStages(deps: RetrieverDeps, request: SearchRequest): Promise<SearchResult> {
  const topK = request.topK ?? 10;
  if (!Number.isInteger(topK) || topK <= 0) {
    throw new InvalidArgumentError('topK', `must be a positive integer, got ${topK}`);
  }
  if (typeof request.query !== 'string') throw new InvalidArgumentError('query', 'must be a string');
  const capabilities = deps.store.capabilities;
  const lexicalIndex = capabilities.lexical !== 'none';
  if (request.mode === 'lexical' && !lexicalIndex) {
    throw new InvalidArgumentError(
      'mode',
      `lexical search: the ${deps.store.backend} store has no lexical index; search with --mode dense (or hybrid, which then runs dense-only)`,
    );
  }
  const embedder = request.mode === 'lexical' ? undefined : await deps.embedderFor(request.collection);
  let mode = request.mode ?? (embedder ? 'hybrid' : 'lexical');
  if (mode !== 'lexical' && !embedder) {
    throw new InvalidArgumentError(
      'mode',
      `${mode} search needs an embedder for collection "${request.collection}"; configure one (--embedder) or use --mode lexical`,
    );
  }
  if (mode === 'hybrid' && !lexicalIndex) {
    deps.onNotice?.(`the ${deps.store.backend} store has no lexical index: hybrid search runs dense-only`);
    mode = 'dense';
  }
  if (queryTerms(request.query).length === 0) return { hits: [], mode, scoring: {} };
  const reranker = request.reranker || undefined;
  const rerankPool = request.rerankCandidates ?? DEFAULT_RERANK_CANDIDATES;
  if (reranker && (!Number.isInteger(rerankPool) || rerankPool <= 0)) {
    throw new InvalidArgumentError('rerankCandidates', `must be a positive integer, got ${rerankPool}`);
  }
  const minCopies = request.demoteCopies === undefined ? DEFAULT_COPY_DEMOTION : request.demoteCopies || 0;
  if (!Number.isInteger(minCopies) || minCopies < 0) {
    throw new InvalidArgumentError(
      'demoteCopies',
      `must be a non-negative integer or false, got ${minCopies}`,
    );
  }
  // Without a reranker the last stage returns topK; with one it returns the pool to rerank; with
  // copy demotion, at least the candidate pool the copies are looked for in.
  const rerankK = reranker ? Math.max(rerankPool, topK) : topK;
  const candidates = Math.max(request.candidates ?? 50, rerankK);
  const stageK = minCopies > 0 ? candidates : rerankK;
  const scope = {
    collection: request.collection,
    namespace: request.namespace,
    filter: request.filter,
    documentIds: request.documentIds,
    sourceIds: request.sourceIds,
    keepBest: request.keepBest,
  };
  const lexicalScoring = lexicalIndex ? (capabilities.lexical as Exclude<LexicalScoring, 'none'>) : undefined;
  const scoring: SearchScoring = {};
  if (mode !== 'dense') scoring.lexical = lexicalScoring;
  if (mode !== 'lexical') scoring.dense = 'cosine';
  const fusion = {
    k: request.rrfK ?? DEFAULT_RRF_K,
    weights: request.rrfWeights ?? ([1, 1] as [number, number]),
  };
  const focusWeight =
    request.documentFocus === undefined ? DEFAULT_DOCUMENT_FOCUS : request.documentFocus || 0;
  const named =
    mode === 'dense' || focusWeight <= 0 || request.documentIds || request.sourceIds || !deps.documentIdentity
      ? []
      : ((await deps.documentIdentity(request.collection, request.namespace))?.named(request.query) ?? []);
  const feedback = request.pseudoRelevanceFeedback ?? DEFAULT_PSEUDO_RELEVANCE_FEEDBACK;
  const rm3 = mode !== 'dense' && feedback ? rm3Settings(feedback) : undefined;
  if (rm3) scoring.feedback = 'rm3';
  if (
    mode === 'hybrid' &&
    !rm3 &&
    named.length === 0 &&
    capabilities.hybrid &&
    deps.store.hybridSearch &&
    embedder
  ) {
    // One round trip: the store fuses its own dense and lexical candidates.
    const vector = await embedQuery(embedder, request.query, {
      onUsage: deps.onUsage,
      signal: request.signal,
    });
    const hybridSearch = deps.store.hybridSearch.bind(deps.store);
    const fused = await storeCall(deps.store, 'hybrid', stageK, () =>
      hybridSearch({
        ...scope,
        vector,
        query: request.query,
        topK: stageK,
        candidates,
        k: fusion.k,
        weights: fusion.weights,
        minSimilarity: request.minSimilarity,
      }),
    );
    scoring.fused = 'rrf-store';
    return finish(fused, 'hybrid', scoring);
  }
  const lexicalK = mode === 'lexical' ? stageK : candidates;
  const runLexical = (query: string, k: number) =>
    storeCall(deps.store, 'lexical', k, () => deps.store.lexicalSearch({ ...scope, query, topK: k }));
  const lexical =
    mode === 'dense'
      ? undefined
      : rm3
        ? rm3Search(runLexical, request.query, lexicalK, rm3).then((result) => result.hits)
        : runLexical(request.query, lexicalK);
  // The documents the query names, searched on their own and fused in (see `documentFocus`).
  const focused =
    named.length === 0
      ? undefined
      : storeCall(deps.store, 'focus', lexicalK, () =>
          deps.store.lexicalSearch({
            ...scope,
            documentIds: named.map((d) => d.documentId),
            query: request.query,
            topK: lexicalK,
          }),
        );
  const dense =
    mode === 'lexical' || !embedder
      ? undefined
      : embedQuery(embedder, request.query, { onUsage: deps.onUsage, signal: request.signal }).then(
          (vector) =>
            storeCall(deps.store, 'dense', mode === 'dense' ? stageK : candidates, () =>
              deps.store.denseSearch({
                ...scope,
                vector,
                topK: mode === 'dense' ? stageK : candidates,
                minSimilarity: request.minSimilarity,
              }),
            ),
        );
  let hits: Hit[];
  if (mode === 'dense') hits = await dense!;
  else if (mode === 'lexical') {
    const [all, inNamed] = await Promise.all([lexical!, focused]);
    if (inNamed) {
      hits = (await fuse([all, inNamed], { k: fusion.k, weights: [1, focusWeight] })).slice(0, stageK);
      scoring.fused = 'rrf-engine';
    } else hits = all;
  } else {
    const [denseHits, lexicalHits, inNamed] = await Promise.all([dense!, lexical!, focused]);
    const [denseWeight, lexicalWeight] = fusion.weights;
    hits = (
      await fuse(inNamed ? [denseHits, lexicalHits, inNamed] : [denseHits, lexicalHits], {
        k: fusion.k,
        weights: inNamed
          ? [denseWeight, lexicalWeight, lexicalWeight * focusWeight]
          : [denseWeight, lexicalWeight],
      })
    ).slice(0, stageK);
    scoring.fused = 'rrf-engine';
  }
  return finish(hits, mode, scoring);

  async function finish(pool: Hit[], ran: SearchMode, scored: SearchScoring): Promise<SearchResult> {
    let demoted = new Set<string>();
    if (minCopies > 0) ({ hits: pool, demoted } = demoteCopies(pool, minCopies));
    const last = (hits: Hit[]) => (demoted.size === 0 ? hits : demoteCopies(hits, minCopies).hits);
    const moved = demoted.size > 0 ? { copiesDemoted: demoted.size } : {};
    if (!reranker) return { hits: pool.slice(0, topK), mode: ran, scoring: { ...scored, ...moved } };
    const reranked = await rerankHits(reranker, request.query, pool.slice(0, rerankK), {
      topK,
      signal: request.signal,
    });
    return { hits: last(reranked), mode: ran, scoring: { ...scored, ...moved, rerank: reranker.model } };
  }
}
