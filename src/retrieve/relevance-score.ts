/**
 * The relevance score every search surface reports as `score`: a number in [0, 1] that means
 * the same on every query and in every mode (lexical, dense, hybrid, with or without a document
 * focus or a reranker), so that one threshold (`minScore`) keeps the same kind of hit
 * everywhere. The retrievers' raw scores stay beside it in `scores` (BM25, cosine, RRF, rerank),
 * and the ranking stays theirs. The method and its reasoning: docs/scores.md.
 *
 * - **Lexical evidence** is the share of the query's distinct content terms (lower-cased, stop
 *   words left out, Porter-stemmed: {@link contentTerms}) that the hit holds in its text, its
 *   heading path or its source's name. BM25 itself cannot serve: its scale grows with the number
 *   of query terms, their rarity and the backend's formula (FTS5 `bm25()`, Lucene BM25,
 *   `ts_rank_cd`), and RRF sums say where a hit ranked, not whether it matches. Term coverage is
 *   what BM25 rewards first, bounded by construction: 1 when every term is there, 0.5 when half is.
 * - **Dense evidence** is the cosine similarity clamped to [0, 1] (a negative cosine says "less
 *   alike than unrelated" and maps to 0).
 * - **Hybrid**: the mean of the two, weighted by the fusion weights `[dense, lexical]`; a hit the
 *   dense retriever did not return (no cosine) is judged on its lexical evidence alone.
 * @module
 */
import type { Hit, SearchMode } from '../core/types.js';
import { contentTerms } from './terms.js';

/** Options of {@link relevanceScores}. */
export interface RelevanceScoreOptions {
  /** The mode that ran: which evidence counts (lexical: terms; dense: cosine; hybrid: both). */
  mode: SearchMode;
  /** Weights of the dense and the lexical evidence in hybrid mode; default `[1, 1]` (the RRF weights). */
  weights?: readonly [number, number];
}

/** The distinct content terms of `query` (see {@link contentTerms}). */
function queryTermSet(query: string): string[] {
  return [...new Set(contentTerms(query))];
}

/** Share of `terms` found in the hit's text, heading path or source name; 0 for no terms. */
export function lexicalEvidence(terms: readonly string[], hit: Hit): number {
  if (terms.length === 0) return 0;
  const held = new Set(
    contentTerms(
      `${hit.sourceName ?? hit.chunk.documentId} ${hit.chunk.headingPath.join(' ')} ${hit.chunk.text}`,
    ),
  );
  let found = 0;
  for (const term of terms) if (held.has(term)) found++;
  return found / terms.length;
}

/** The cosine similarity clamped to [0, 1]; `undefined` when dense search did not score the hit. */
export function denseEvidence(hit: Hit): number | undefined {
  const cosine = hit.scores.dense;
  if (cosine === undefined || !Number.isFinite(cosine)) return undefined;
  return Math.min(1, Math.max(0, cosine));
}

/**
 * The hits with `score` set to their relevance in [0, 1] (see the module notes); `scores` and the order are left as they are. Returns new hit objects.
 */
export function relevanceScores(query: string, hits: readonly Hit[], options: RelevanceScoreOptions): Hit[] {
  const terms = options.mode === 'dense' ? [] : queryTermSet(query);
  const [denseWeight, lexicalWeight] = options.weights ?? [1, 1];
  return hits.map((hit) => {
    let score: number;
    if (options.mode === 'dense') score = denseEvidence(hit) ?? 0;
    else {
      const lexical = lexicalEvidence(terms, hit);
      const dense = options.mode === 'hybrid' ? denseEvidence(hit) : undefined;
      score =
        dense === undefined || denseWeight + lexicalWeight <= 0
          ? lexical
          : (denseWeight * dense + lexicalWeight * lexical) / (denseWeight + lexicalWeight);
    }
    return { ...hit, score };
  });
}
