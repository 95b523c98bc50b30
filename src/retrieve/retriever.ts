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
import { monotonicMilliseconds } from '../core/monotonic-clock.js';
import type { Embedder, EmbeddingUsage, LexicalScoring, Reranker, Store } from '../core/ports.js';
import { queryTerms } from '../core/query-terms.js';
import { inSpan, SpanKind, TRACE_ATTRIBUTES } from '../core/tracing.js';
import type { Hit, HitBoost, SearchMode } from '../core/types.js';
import { embedQuery } from '../embed/embed.js';
import {
  type AbbreviationExpansion,
  queryAbbreviations,
  spelledOutAbbreviations,
  withExpansions,
} from './abbreviations.js';
import { DEFAULT_COPY_DEMOTION, demoteCopies, nearCopies, newestCopiesFirst } from './copy-demotion.js';
import {
  type DocumentIdentityIndex,
  NAME_PROBE_HITS,
  type NamedDocument,
  namesVersion,
  versionLabel,
} from './document-identity.js';
import { type Rm3Options, rm3Search, rm3Settings } from './pseudo-relevance-feedback.js';
import {
  emitQueryEvent,
  QUERY_PREVIEW_CHARACTERS,
  type QueryEventBase,
  type QueryEventListener,
} from './query-events.js';
import { DEFAULT_RRF_K, reciprocalRankFusion } from './reciprocal-rank-fusion.js';
import { relevanceScores } from './relevance-score.js';
import { DEFAULT_RERANK_CANDIDATES, rerankHits } from './rerank/rerank-hits.js';
import { topicalRecency } from './series-topic.js';
import { wordTokens } from './terms.js';
import {
  focusBesidePhrase,
  inForcePreferences,
  isDocumentNoun,
  mentionsOrder,
  namesTime,
  namingWords,
  preferredDocuments,
  type TimeCue,
  timeCue,
} from './time-preference.js';

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
   * Drop hits whose relevance `score` (in [0, 1], the same scale on every query and mode; see
   * docs/scores.md) is below this, after ranking and trimming to `topK`; default none.
   * @throws {InvalidArgumentError} when not a number in [0, 1].
   */
  minScore?: number;
  /**
   * Reranks the candidate pool before trimming to `topK`; `false` or absent: no reranking. The
   * hits then carry `scores.rerank` and are ordered by it.
   */
  reranker?: Reranker | false;
  /** Size of the pool handed to the reranker; default 50 (at least `topK`). */
  rerankCandidates?: number;
  /**
   * Weight, in the fusion, of a second lexical search restricted to the documents the query names
   * (by title or path: "Contoso's Q1 2023 10-Q"; see {@link DocumentIdentityIndex.named}), beside
   * the search over every document; default {@link DEFAULT_DOCUMENT_FOCUS}. `false` or 0 turns
   * it off. Not applied in dense mode, nor when `documentIds` or `sourceIds` already restrict
   * the search, nor without an identity index.
   */
  documentFocus?: number | false;
  /**
   * Boost of the documents the query prefers for when they are from (see `preferredDocuments`):
   * those of a period it names ("Q3 2023", "fiscal 2022"), or the newest of the series it is
   * about for a recency cue ("latest", "most recent"). Their passages' lexical scores are
   * multiplied by `1 + timePreference` before fusion (a function score over BM25, as
   * Elasticsearch's decay functions), so they overtake only passages about as relevant, and
   * their best passages join the lexical candidates; the other versions of their series rank
   * below the asked version's best passage. Default {@link DEFAULT_TIME_PREFERENCE}.
   * `false` or 0 turns it off. Documents are dated by their metadata's `date` (set at ingest from
   * their text). Not applied in dense mode, nor when `documentIds` or `sourceIds` restrict the
   * search, nor without an identity index.
   */
  timePreference?: number | false;
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
  /**
   * Marks the search as an internal probe of another operation (`boilerplate`, `evidence-check`),
   * not a retrieval of its own: its span is `cairn.probe {probe}` (kind INTERNAL, attribute
   * `cairn.probe`, no GenAI `retrieval` attributes) under the operation's span, and it emits no
   * query events. Default: an ordinary retrieval.
   */
  probe?: string;
  signal?: AbortSignal;
}

/**
 * Default {@link SearchRequest.pseudoRelevanceFeedback}: off. On SciFact's train queries, split
 * by `bench/tune-prf.mjs` into a tune part (436) and a measure part (373), RM3 at Anserini's
 * defaults lowered nDCG@10 from 0.697 to 0.605 on the tune part and from 0.717 to 0.657 on the
 * measure part, and no original-query weight in {0.7, 0.8, 0.9} reached BM25 alone on the tune
 * part (`bench/results/tune-prf.json`). Keeping only expansion terms found in at most 10% of
 * the documents did not bring it above BM25 either (`bench/results/tune-rescoring.json`).
 */
export const DEFAULT_PSEUDO_RELEVANCE_FEEDBACK = false;

/**
 * Default {@link SearchRequest.documentFocus}: the weight, beside 1 for the search over all
 * documents, that did best among {0, 0.5, 1, 2, 3} on the development questions of the shared
 * SEC filings with SciFact's train queries unchanged (`bench/tune-document-focus.mjs`).
 */
export const DEFAULT_DOCUMENT_FOCUS = 2;

/**
 * Default {@link SearchRequest.timePreference}: preferred documents' passages score 1.25 times
 * their lexical score, so they overtake only passages at most a quarter more relevant by BM25.
 * Set by that reasoning, not swept; checked on the tune half of the SEC development questions and
 * the versioned fixtures' override question (`bench/time-eval.mjs`; the measure half and the
 * held-out questions were only measured).
 */
export const DEFAULT_TIME_PREFERENCE = 0.25;

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
  /** Receives the retrieval's started and completed (or failed) events; see {@link QueryEvent}. */
  onQueryEvent?: QueryEventListener;
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
  /**
   * `score`: how the relevance in [0, 1] was computed (see docs/scores.md): `relevance-v1`, query
   * term coverage (lexical), cosine clamped to [0, 1] (dense), their weighted mean (hybrid).
   */
  score?: 'relevance-v1';
  /** Pseudo-relevance feedback that reweighted `scores.lexical`, when it ran. */
  feedback?: 'rm3';
  /** Hits moved after specific text as boilerplate (see `SearchRequest.demoteCopies`), when any. */
  copiesDemoted?: number;
  /**
   * Hits that traded places so that a passage several versions of one series hold alike is the
   * newest version's first (see `newestCopiesFirst`; a query naming no time nor version), when any.
   */
  newestCopies?: number;
  /**
   * The nouns the collection names its documents by (see `DocumentIdentityIndex.seriesNouns`) that
   * the query uses and the built-in document nouns do not hold ("episode" of "the previous
   * episode"), when any: its time cue was read with them, and an answer reads it so too.
   */
  documentNouns?: string[];
  /**
   * The query's abbreviations that the passages of a first lexical search spell out, when any
   * ("R&D" → "research and development", see `spelledOutAbbreviations`): the lexical search and the
   * relevance score read the query with each phrase after its abbreviation (`withExpansions`).
   */
  expansions?: AbbreviationExpansion[];
}

/** Result of {@link search}: the hits, the mode that actually ran and what scored them. */
export interface SearchResult {
  hits: Hit[];
  mode: SearchMode;
  scoring: SearchScoring;
}

/**
 * Runs a search, reporting `query.started` and `query.completed` (or `query.failed`) to
 * `deps.onQueryEvent` beside the `retrieval` span (a {@link SearchRequest.probe} reports neither). A query without words (empty, whitespace or punctuation only) returns no hits in
 * every mode: there is nothing to embed or match.
 * @throws {InvalidArgumentError} for a non-positive `topK`, a non-string query, or a `mode` the
 *   collection cannot serve: `dense`/`hybrid` for a collection with no embedder, `lexical` of a
 *   store without a lexical index (argument `mode`; HTTP 400, CLI exit 2).
 * @throws {ProviderError} when the embedder or the reranker fails.
 */
export function search(deps: RetrieverDeps, request: SearchRequest): Promise<SearchResult> {
  const scope = { collection: request.collection, namespace: request.namespace };
  if (request.probe !== undefined) {
    return inSpan(
      `cairn.probe ${request.probe}`,
      {
        scope,
        attributes: {
          [TRACE_ATTRIBUTES.probe]: request.probe,
          'cairn.top_k': request.topK ?? 10,
          [TRACE_ATTRIBUTES.backend]: deps.store.backend,
        },
      },
      async (span) => {
        const result = await searchStages(deps, request);
        span.setAttributes({
          [TRACE_ATTRIBUTES.mode]: result.mode,
          [TRACE_ATTRIBUTES.hits]: result.hits.length,
        });
        return result;
      },
    );
  }
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
      const began = monotonicMilliseconds();
      span.addEvent('cairn.query.started', { 'cairn.query.characters': String(request.query).length });
      const base: QueryEventBase = {
        queryPreview: String(request.query).slice(0, QUERY_PREVIEW_CHARACTERS),
        limit: request.topK ?? 10,
        store: deps.store.backend,
        collection: request.collection,
        namespace: request.namespace ?? 'default',
        threshold: request.minScore ?? request.minSimilarity ?? null,
      };
      emitQueryEvent(deps.onQueryEvent, { type: 'query.started', ...base });
      let result: SearchResult;
      try {
        result = await searchStages(deps, request);
      } catch (error) {
        emitQueryEvent(deps.onQueryEvent, {
          type: 'query.failed',
          ...base,
          durationMs: monotonicMilliseconds() - began,
          error: (error as { code?: string }).code ?? (error as Error).name ?? 'Error',
        });
        throw error;
      }
      emitQueryEvent(deps.onQueryEvent, {
        type: 'query.completed',
        ...base,
        mode: result.mode,
        hitCount: result.hits.length,
        topScore: result.hits[0]?.score ?? null,
        durationMs: monotonicMilliseconds() - began,
        reranker: result.scoring.rerank ?? null,
      });
      const top = result.hits[0]?.score;
      span.setAttributes({
        [TRACE_ATTRIBUTES.mode]: result.mode,
        [TRACE_ATTRIBUTES.hits]: result.hits.length,
        ...(top === undefined ? {} : { [TRACE_ATTRIBUTES.topScore]: top }),
      });
      span.addEvent('cairn.query.completed', {
        'cairn.duration_ms': monotonicMilliseconds() - began,
        [TRACE_ATTRIBUTES.hits]: result.hits.length,
        ...(top === undefined ? {} : { [TRACE_ATTRIBUTES.topScore]: top }),
      });
      return result;
    },
  );
}

/**
 * Of the documents a question names, those whose name (path or title) carries the version label
 * it asks for ("revision B of the XR-40 datasheet": `XR40_datasheet_revB.md`, see `versionLabel`
 * and `namesVersion`), with the label among the words that name them; all of them when the
 * question names no label or none carries it. A label's single letter is no word of a name, so
 * the name alone would name every revision alike.
 */
function withVersionLabel(
  named: NamedDocument[],
  question: string,
  identity: DocumentIdentityIndex | undefined,
): NamedDocument[] {
  const label = named.length > 1 ? versionLabel(question) : undefined;
  if (label === undefined) return named;
  const labelled = named.filter((d) =>
    [d.documentId, identity?.document(d.documentId)?.title ?? ''].some((name) => namesVersion(name, label)),
  );
  return labelled.length === 0 ? named : labelled.map((d) => ({ ...d, words: [...d.words, label] }));
}

/** Why a document is named, in words: the question's words that name it and the identity score. */
function namedBy(document: NamedDocument): string {
  const words = document.words.map((word) => `"${word}"`).join(', ');
  return `${words ? `by ${words}, ` : ''}identity score ${document.score.toFixed(2)}`;
}

/**
 * Judges the words of `query` that only the collection's first pages name (see
 * `DocumentIdentityIndex.unjudged`): each is searched lexically on its own over the collection,
 * {@link NAME_PROBE_HITS} chunks deep, and its hits handed to the index, which keeps the verdict.
 */
async function judgeOpeningWords(
  store: Store,
  identity: DocumentIdentityIndex,
  scope: { collection: string; namespace?: string },
  query: string,
): Promise<void> {
  const words = identity.unjudged(query);
  await Promise.all(
    words.map(async ({ word, term }) => {
      const hits = await storeCall(store, 'name', NAME_PROBE_HITS, () =>
        store.lexicalSearch({
          collection: scope.collection,
          namespace: scope.namespace,
          query: word,
          topK: NAME_PROBE_HITS,
        }),
      );
      identity.judge(
        term,
        hits.map((hit) => hit.chunk.documentId),
      );
    }),
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
  const minScore = request.minScore;
  if (minScore !== undefined && !(typeof minScore === 'number' && minScore >= 0 && minScore <= 1)) {
    throw new InvalidArgumentError('minScore', `must be a number in [0, 1], got ${minScore}`);
  }
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
  // An empty id list matches nothing: the answer is known without embedding the query.
  if (request.sourceIds?.length === 0 || request.documentIds?.length === 0)
    return { hits: [], mode, scoring: {} };
  const reranker = request.reranker || undefined;
  const rerankPool = request.rerankCandidates ?? DEFAULT_RERANK_CANDIDATES;
  if (reranker && (!Number.isInteger(rerankPool) || rerankPool <= 0)) {
    throw new InvalidArgumentError('rerankCandidates', `must be a positive integer, got ${rerankPool}`);
  }
  // Without a reranker the last stage returns topK; with one it returns the pool to rerank.
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
  const timeWeight =
    request.timePreference === undefined ? DEFAULT_TIME_PREFERENCE : request.timePreference || 0;
  const restricted = Boolean(request.documentIds || request.sourceIds);
  const plainCue: TimeCue = timeWeight > 0 ? timeCue(request.query) : { recency: false };
  // Without a focus, the identities are read for a cue, or for an order word ("previous",
  // "earliest") that a collection's own noun may turn into one ("the previous episode").
  const wantsIdentity =
    mode !== 'dense' &&
    !restricted &&
    (focusWeight > 0 || namesTime(plainCue) || (timeWeight > 0 && mentionsOrder(request.query)));
  const identity =
    wantsIdentity && deps.documentIdentity
      ? await deps.documentIdentity(request.collection, request.namespace)
      : undefined;
  // The cue is read with the nouns the collection's names use for its documents too ("the
  // previous episode" of `harbour-talk-episode-12.md`).
  const collectionNouns = identity?.seriesNouns() ?? [];
  const cue: TimeCue =
    timeWeight > 0 && collectionNouns.length > 0
      ? timeCue(request.query, { nouns: collectionNouns })
      : plainCue;
  const queryWords = new Set(wordTokens(request.query).map((word) => word.replace(/s$/, '')));
  const usedNouns = collectionNouns.filter((noun) => queryWords.has(noun) && !isDocumentNoun(noun, []));
  if (timeWeight > 0 && usedNouns.length > 0) scoring.documentNouns = usedNouns;
  if (focusWeight > 0 && identity) await judgeOpeningWords(deps.store, identity, scope, request.query);
  const namedAll =
    focusWeight > 0 && identity
      ? identity.named(namingWords(request.query, cue), { documentNoun: kindWord })
      : [];
  // A focus on documents the cue's own noun phrase does not describe rests on another word of the
  // question ("announce" of "the latest … news post announce"): it is dropped.
  const named =
    identity &&
    focusBesidePhrase(
      identity,
      request.query,
      cue,
      namedAll.map((d) => d.documentId),
      collectionNouns,
    )
      ? []
      : withVersionLabel(namedAll, request.query, identity);
  const timed = identity !== undefined && namesTime(cue);
  const feedback = request.pseudoRelevanceFeedback ?? DEFAULT_PSEUDO_RELEVANCE_FEEDBACK;
  const rm3 = mode !== 'dense' && feedback ? rm3Settings(feedback) : undefined;
  if (rm3) scoring.feedback = 'rm3';
  // An abbreviation the documents spell out ("R&D": "research and development") is searched by
  // the phrase too; its letters are no words of the lexical index (see abbreviations.ts).
  const probed =
    mode !== 'dense' && queryAbbreviations(request.query).length > 0
      ? await storeCall(deps.store, 'abbreviations', candidates, () =>
          deps.store.lexicalSearch({ ...scope, query: request.query, topK: candidates }),
        )
      : undefined;
  const expansions = probed
    ? spelledOutAbbreviations(
        request.query,
        probed.map((hit) => hit.chunk.text),
      )
    : [];
  const lexicalQuery = withExpansions(request.query, expansions);
  if (expansions.length > 0) scoring.expansions = expansions;
  if (
    mode === 'hybrid' &&
    !rm3 &&
    named.length === 0 &&
    !timed &&
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
        query: lexicalQuery,
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
        ? rm3Search(runLexical, lexicalQuery, lexicalK, rm3).then((result) => result.hits)
        : // The probe was this very search when it found nothing to spell out.
          probed && expansions.length === 0 && lexicalK === candidates
          ? Promise.resolve(probed)
          : runLexical(lexicalQuery, lexicalK);
  // A lexical search restricted to some documents, fused in beside the others.
  const within = (kind: string, documentIds: string[]) =>
    storeCall(deps.store, kind, lexicalK, () =>
      deps.store.lexicalSearch({ ...scope, documentIds, query: lexicalQuery, topK: lexicalK }),
    );
  // The documents the query names, searched on their own and fused in (see `documentFocus`).
  const focused =
    named.length === 0
      ? undefined
      : within(
          'focus',
          named.map((d) => d.documentId),
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
  if (mode === 'dense') return finish(await dense!, mode, scoring);
  const [denseHits, lexicalHits, inNamed] = await Promise.all([dense, lexical!, focused]);
  const [denseWeight, lexicalWeight] = fusion.weights;
  const rankings: Hit[][] = denseHits ? [denseHits, lexicalHits] : [lexicalHits];
  const weights: number[] = denseHits ? [denseWeight, lexicalWeight] : [1];
  // The relevance ranking alone: what focus and time preference may add to, never take from.
  const relevance = denseHits ? await fuse(rankings, { k: fusion.k, weights }) : lexicalHits;
  if (denseHits) scoring.fused = 'rrf-engine';
  const boosted: Array<{ hits: Hit[]; boost: (hit: Hit) => HitBoost | undefined }> = [];
  if (inNamed) {
    const weight = (denseHits ? lexicalWeight : 1) * focusWeight;
    rankings.push(inNamed);
    weights.push(weight);
    const terms = new Map(named.map((d) => [d.documentId, d]));
    boosted.push({
      hits: inNamed,
      boost: (hit) =>
        terms.has(hit.chunk.documentId)
          ? {
              kind: 'focus',
              weight,
              reason: `the query names this document (${namedBy(terms.get(hit.chunk.documentId)!)})`,
              words: terms.get(hit.chunk.documentId)!.words,
            }
          : undefined,
    });
  }
  if (timed) {
    const before = inNamed ? await fuse(rankings, { k: fusion.k, weights }) : relevance;
    const newest = preferredDocuments({
      cue,
      index: identity!,
      question: request.query,
      nouns: collectionNouns,
      named: named.map((d) => d.documentId),
      ranked: [...new Set(before.map((hit) => hit.chunk.documentId))],
    });
    // The newest version that holds the question's topic, when the newest lacks it.
    const preferred = cue.recency
      ? await topicalRecency(newest, lexicalQuery, cue.recencyText ?? '', identity!, (word, ids, limit) =>
          storeCall(deps.store, 'topic', limit, () =>
            deps.store.lexicalSearch({
              ...scope,
              ...(ids ? { documentIds: [...ids] } : {}),
              query: word,
              topK: limit,
              keepBest: true,
            }),
          ).then((hits) => [...new Set(hits.map((hit) => hit.chunk.documentId))]),
        )
      : newest;
    if (preferred.length > 0) {
      // Like a function score over BM25: the preferred documents' passages score (1 + weight)
      // times their lexical score, so they overtake only passages about as relevant; their own
      // best passages join the lexical candidates when the search over all documents missed them.
      const factor = 1 + timeWeight;
      const why = new Map(preferred.map((p) => [p.documentId, p]));
      // The other versions of a preferred document's series are, by the question's own words, of
      // another time: their passages score 1 / factor as much, and at most just below the best
      // passage of the asked version (see `boostLexical`), which then leads its series.
      const siblings = new Map<string, string[]>();
      for (const p of preferred) {
        for (const id of p.series ?? identity!.series(p.documentId)) {
          if (!why.has(id)) siblings.set(id, [...(siblings.get(id) ?? []), p.documentId]);
        }
      }
      const inPreferred = await within(
        'time',
        preferred.map((p) => p.documentId),
      );
      const lexicalIndex = rankings.indexOf(lexicalHits);
      rankings[lexicalIndex] = boostLexical(lexicalHits, inPreferred, why, factor, lexicalK, siblings);
      if (inNamed) {
        const namedIds = new Set(named.map((d) => d.documentId));
        // Documents the question's words described as a series (see `describedDocuments`): the
        // words that named some of them named the series, so its asked version joins them here.
        const described = new Set(preferred.flatMap((p) => p.series ?? []));
        const seriesNamed = described.size > 0 && named.every((d) => described.has(d.documentId));
        const focusIndex = rankings.indexOf(inNamed);
        rankings[focusIndex] = boostLexical(
          inNamed,
          inPreferred.filter((hit) => seriesNamed || namedIds.has(hit.chunk.documentId)),
          why,
          factor,
          lexicalK,
          siblings,
        );
      }
      boosted.push({
        hits: rankings.flat().filter((hit) => why.has(hit.chunk.documentId)),
        boost: (hit) => {
          const preference = why.get(hit.chunk.documentId);
          return preference
            ? {
                kind: preference.kind,
                weight: factor,
                reason: preference.reason,
                ...(preference.passedOver ? { passedOver: preference.passedOver } : {}),
              }
            : undefined;
        },
      });
    }
  }
  if (identity && !timed && timeWeight > 0) {
    // A question in the present naming no time, about versions that replace each other: the
    // version in force is asked. Its passages score (1 + weight) times as much; the other versions
    // keep theirs (the question's words did not say which it asks about).
    const before = inNamed ? await fuse(rankings, { k: fusion.k, weights }) : relevance;
    const current = inForcePreferences({
      cue,
      index: identity,
      question: request.query,
      nouns: collectionNouns,
      named: named.map((d) => d.documentId),
      ranked: [...new Set(before.map((hit) => hit.chunk.documentId))],
    });
    if (current.length > 0) {
      const factor = 1 + timeWeight;
      const why = new Map(current.map((p) => [p.documentId, p]));
      // A version the question names by its label: the other versions are, by its own words, not
      // asked of, and score below it as for a time cue (see `boostLexical`). The version in force
      // leaves the others their scores: the question's words did not say which it asks about.
      const siblings = new Map<string, string[]>();
      for (const p of current) {
        if (p.kind !== 'period') continue;
        for (const id of identity.series(p.documentId)) {
          if (!why.has(id)) siblings.set(id, [...(siblings.get(id) ?? []), p.documentId]);
        }
      }
      const inCurrent = await within(
        'time',
        current.map((p) => p.documentId),
      );
      const lexicalIndex = rankings.indexOf(lexicalHits);
      rankings[lexicalIndex] = boostLexical(lexicalHits, inCurrent, why, factor, lexicalK, siblings);
      if (inNamed) {
        const namedIds = new Set(named.map((d) => d.documentId));
        rankings[rankings.indexOf(inNamed)] = boostLexical(
          inNamed,
          inCurrent.filter((hit) => namedIds.has(hit.chunk.documentId)),
          why,
          factor,
          lexicalK,
          siblings,
        );
      }
      boosted.push({
        hits: rankings.flat().filter((hit) => why.has(hit.chunk.documentId)),
        boost: (hit) => {
          const preference = why.get(hit.chunk.documentId);
          if (!preference) return undefined;
          const boost = { kind: preference.kind, weight: factor, reason: preference.reason };
          return preference.kind === 'recency' ? { ...boost, inForce: true as const } : boost;
        },
      });
    }
  }
  if (boosted.length === 0) return finish(relevance.slice(0, stageK), mode, scoring);
  if (rankings.length === 1) {
    // Lexical search alone, time-boosted: the boosted BM25 order is the ranking.
    const kept = keepRelevant(rankings[0]!, relevance, KEPT_RELEVANT);
    return finish(explainBoosts(kept.slice(0, stageK), boosted), mode, scoring);
  }
  scoring.fused = 'rrf-engine';
  const fused = await fuse(rankings, { k: fusion.k, weights });
  const kept = keepRelevant(fused, relevance, KEPT_RELEVANT);
  return finish(explainBoosts(kept.slice(0, stageK), boosted), mode, scoring);

  async function finish(pool: Hit[], ran: SearchMode, scored: SearchScoring): Promise<SearchResult> {
    let demoted = new Set<string>();
    // One passage in several versions of a series, asked without a time: the newest's copy first,
    // unless the question's words name some of them ("revision B"): then those are asked. The
    // near-copies of the pool are found once for both moves.
    const versionsAsked = identity !== undefined && !timed;
    const pairs = minCopies > 0 || versionsAsked ? nearCopies(pool) : [];
    if (minCopies > 0) ({ hits: pool, demoted } = demoteCopies(pool, minCopies, pairs));
    let newest = 0;
    if (identity && versionsAsked) {
      const chosen = new Set(named.map((d) => d.documentId));
      const before = pool;
      pool = newestCopiesFirst(
        pool,
        {
          series: (id) => {
            const versions = identity.series(id);
            const picked = versions.filter((v) => chosen.has(v)).length;
            return picked > 0 && picked < versions.length ? [] : versions;
          },
          date: (id) => identity.date(id),
        },
        pairs,
      );
      newest = pool.filter((hit, i) => hit !== before[i]).length;
    }
    const last = (hits: Hit[]) => (demoted.size === 0 ? hits : demoteCopies(hits, minCopies).hits);
    const moved = {
      ...(demoted.size > 0 ? { copiesDemoted: demoted.size } : {}),
      ...(newest > 0 ? { newestCopies: newest } : {}),
    };
    const ranked = reranker
      ? last(
          await rerankHits(reranker, request.query, pool.slice(0, rerankK), {
            topK,
            signal: request.signal,
            onWarning: deps.onNotice,
          }),
        )
      : pool.slice(0, topK);
    const calibrated = relevanceScores(lexicalQuery, ranked, { mode: ran, weights: fusion.weights });
    return {
      hits: minScore === undefined ? calibrated : calibrated.filter((hit) => hit.score >= minScore),
      mode: ran,
      scoring: {
        ...scored,
        ...moved,
        ...(reranker ? { rerank: reranker.model } : {}),
        score: 'relevance-v1',
      },
    };
  }
}

/**
 * A word for a kind of document or of company, which names no document by itself (see
 * `NamedOptions.documentNoun`): a noun of the time cues ("filing", "report", "minutes"; the
 * built-in ones only: a collection's own are every word of its series' names, "clinic" of
 * `clinic-letter-ref-40117.txt`, which do name their documents), "form" ("Form 10-Q" of a
 * question names no filing whose PDF title reads "Form 10-Q for … Corp") or a company's legal
 * form ("Corp" of "Intel Corp's latest 10-Q" names no other company whose titles alone write
 * "Corp"; see {@link LEGAL_FORM}).
 */
function kindWord(word: string): boolean {
  const lower = word.toLowerCase().replace(/['’]s$/, '');
  return isDocumentNoun(lower, []) || /^forms?$/.test(lower) || LEGAL_FORM.test(lower);
}

/** Words of a company's legal form: "Inc.", "Corp", "Corporation", "Ltd", "LLC", "plc", "GmbH". */
const LEGAL_FORM =
  /^(?:inc|incorporated|corp|corporation|co|company|ltd|limited|llc|llp|lp|plc|gmbh|ag|sa|nv|bv|holdings?|group)\.?$/;

/**
 * Share of the best score of the preferred version of a series that the best passage of another
 * version of it may reach at most (see `boostLexical`): just below it.
 */
const SIBLING_MARGIN = 0.999;

/**
 * Hits of the relevance ranking that a boost (focus, time preference) may move down but never
 * out: the first `reserve` relevant hits each keep a place no lower than twice their rank.
 */
export const KEPT_RELEVANT = 3;

/**
 * `fused` with the first `reserve` hits of `relevance` placed no lower than rank `2i + 2` (the
 * i-th from 0): a boost adds candidates and reorders close ones, but the best hits by relevance
 * alone stay near the top (a document that alone holds the answer is never pushed out by the
 * documents a query names or by newer versions). Hits are matched by chunk id.
 */
export function keepRelevant(fused: Hit[], relevance: Hit[], reserve: number): Hit[] {
  const kept = relevance.slice(0, reserve).map((hit) => hit.chunk.id);
  const byId = new Map(fused.map((hit) => [hit.chunk.id, hit]));
  for (const hit of relevance.slice(0, reserve)) if (!byId.has(hit.chunk.id)) byId.set(hit.chunk.id, hit);
  const placed = new Set<string>();
  const out: Hit[] = [];
  let next = 0;
  const rest = fused[Symbol.iterator]();
  const advance = () => {
    while (next < kept.length && placed.has(kept[next]!)) next++;
  };
  while (out.length < byId.size) {
    advance();
    let hit: Hit | undefined;
    if (next < kept.length && out.length >= 2 * next + 1) hit = byId.get(kept[next]!);
    else {
      for (let step = rest.next(); !step.done; step = rest.next()) {
        if (!placed.has(step.value.chunk.id)) {
          hit = step.value;
          break;
        }
      }
      hit ??= next < kept.length ? byId.get(kept[next]!) : undefined;
    }
    if (!hit) break;
    placed.add(hit.chunk.id);
    out.push(hit);
  }
  return out;
}

/** `hits` with `boosts` saying which boosting rankings ranked each (see {@link HitBoost}). */
function explainBoosts(
  hits: Hit[],
  boosted: ReadonlyArray<{ hits: Hit[]; boost: (hit: Hit) => HitBoost | undefined }>,
): Hit[] {
  if (boosted.length === 0) return hits;
  const members = boosted.map((b) => new Set(b.hits.map((hit) => hit.chunk.id)));
  return hits.map((hit) => {
    const boosts = boosted
      .filter((_, i) => members[i]!.has(hit.chunk.id))
      .map((b) => b.boost(hit))
      .filter((b): b is HitBoost => b !== undefined);
    return boosts.length === 0 ? hit : { ...hit, boosts };
  });
}

/**
 * A lexical ranking with the passages of preferred documents scored `factor` times their BM25
 * score and those of their `siblings` (the other versions of their series) 1 / `factor` times
 * (`scores.lexical` keeps the unboosted score), the `extra` passages of the preferred documents
 * added when missing, re-sorted and cut to `limit`. A sibling's passages then score below the best
 * passage of the preferred version of its series (see `SIBLING_MARGIN`): the question's own words
 * say which version it asks about, so another version of the same document leads only where
 * the asked version has no passage at all.
 */
function boostLexical(
  hits: Hit[],
  extra: Hit[],
  preferred: ReadonlyMap<string, unknown>,
  factor: number,
  limit: number,
  siblings: ReadonlyMap<string, readonly string[]> = new Map(),
): Hit[] {
  const byId = new Map(hits.map((hit) => [hit.chunk.id, hit]));
  for (const hit of extra) if (!byId.has(hit.chunk.id)) byId.set(hit.chunk.id, hit);
  const scaled = [...byId.values()].map((hit) =>
    preferred.has(hit.chunk.documentId)
      ? { ...hit, score: hit.score * factor }
      : siblings.has(hit.chunk.documentId)
        ? { ...hit, score: hit.score / factor }
        : hit,
  );
  const best = new Map<string, number>();
  const top = new Map<string, number>();
  for (const hit of scaled) {
    const id = hit.chunk.documentId;
    const into = preferred.has(id) ? best : siblings.has(id) ? top : undefined;
    if (into && hit.score > (into.get(id) ?? Number.NEGATIVE_INFINITY)) into.set(id, hit.score);
  }
  // Each sibling's passages scaled down together (their order kept) to below the best passage of
  // the preferred versions of its series that have one.
  const shrink = new Map<string, number>();
  for (const [id, preferredIds] of siblings) {
    const own = top.get(id);
    const ceiling = Math.max(...preferredIds.map((p) => best.get(p) ?? Number.NEGATIVE_INFINITY));
    if (own === undefined || own <= 0 || !Number.isFinite(ceiling)) continue;
    if (own >= ceiling * SIBLING_MARGIN) shrink.set(id, (ceiling * SIBLING_MARGIN) / own);
  }
  return scaled
    .map((hit) => {
      const by = shrink.get(hit.chunk.documentId);
      return by === undefined ? hit : { ...hit, score: hit.score * by };
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}
