/**
 * Pseudo-relevance feedback with RM3 (Lavrenko & Croft, "Relevance-Based Language Models", SIGIR
 * 2001; the interpolated form "RM3" of Abdul-Jaleel et al., "UMass at TREC 2004", as Anserini
 * implements it): a first lexical search, a relevance model estimated from its best hits, and a
 * second, weighted search for the original query interpolated with the model's best terms.
 *
 * It runs over the store's plain lexical search (any backend with a lexical index): the weighted
 * query is split into a few groups of terms of similar weight, each searched as one lexical query
 * in parallel, and a chunk's score is the weighted sum of its BM25 scores in the rankings that
 * hold it (a chunk absent from a ranking scores 0 there). With one group per term the sum is the
 * weighted query's BM25 score exactly, up to each ranking's depth.
 * @module
 */

import { stemmer } from 'stemmer';
import { InvalidArgumentError } from '../core/errors.js';
import { queryTerms } from '../core/query-terms.js';
import type { Hit } from '../core/types.js';
import { isStopWord, wordTokens } from './terms.js';

/** Settings of the RM3 stage; see {@link DEFAULT_RM3}. */
export interface Rm3Options {
  /** Best first-pass hits the relevance model is estimated from (Anserini `fbDocs`). */
  feedbackDocuments?: number;
  /** Expansion terms kept from the relevance model (Anserini `fbTerms`). */
  feedbackTerms?: number;
  /**
   * Weight of the original query against the relevance model, in [0, 1] (Anserini
   * `originalQueryWeight`): 1 is the first pass alone.
   */
  originalQueryWeight?: number;
  /** Groups of expansion terms searched as separate weighted queries; 1 … `feedbackTerms`. */
  groups?: number;
}

/**
 * Default RM3 settings: Anserini's published defaults fbDocs = 10, fbTerms = 10,
 * originalQueryWeight = 0.5 (Lin et al., "Anserini: Enabling the Use of Lucene for Information
 * Retrieval Research", SIGIR 2017; Yang & Lin, "Reproducing and Generalizing Semantic Term
 * Matching in Axiomatic Information Retrieval", ECIR 2019), with the expansion terms searched in
 * `groups` = 3 weighted queries (three weight bands: a choice for cost, not a tuned figure).
 */
export const DEFAULT_RM3: Readonly<Required<Rm3Options>> = Object.freeze({
  feedbackDocuments: 10,
  feedbackTerms: 10,
  originalQueryWeight: 0.5,
  groups: 3,
});

/** A term of a weighted query: a surface word the store analyses as it analyses the query text. */
export interface WeightedTerm {
  /** The most frequent surface form (lower-cased) of the term in the feedback hits. */
  term: string;
  /** The term's stem, which identifies it. */
  stem: string;
  /** Probability of the term under the relevance model, after pruning to `feedbackTerms` (sums to 1). */
  weight: number;
}

const TERM = /^[\p{L}\p{N}]{2,20}$/u;

/** Stem of a lower-cased word token; words outside a–z are kept as they are. */
function stemOf(word: string): string {
  return /^[a-z]+$/.test(word) ? stemmer(word) : word;
}

/** The normalised settings, validated. */
export function rm3Settings(options: Rm3Options | true | undefined): Required<Rm3Options> {
  const settings = { ...DEFAULT_RM3, ...(options === true || options === undefined ? {} : options) };
  for (const key of ['feedbackDocuments', 'feedbackTerms', 'groups'] as const) {
    if (!Number.isInteger(settings[key]) || settings[key] <= 0) {
      throw new InvalidArgumentError(
        `pseudoRelevanceFeedback.${key}`,
        `must be a positive integer, got ${settings[key]}`,
      );
    }
  }
  const alpha = settings.originalQueryWeight;
  if (!Number.isFinite(alpha) || alpha < 0 || alpha > 1) {
    throw new InvalidArgumentError(
      'pseudoRelevanceFeedback.originalQueryWeight',
      `must be a number from 0 to 1, got ${alpha}`,
    );
  }
  return settings;
}

/**
 * Estimates the relevance model from feedback hits (RM1 as in Anserini): each hit's term
 * frequencies (its text and heading path; stop words, one-letter words and words longer than 20
 * characters left out) normalised to sum to 1, weighted by the hit's score, summed over the hits;
 * the `feedbackTerms` heaviest terms are kept and normalised to sum to 1.
 * @param feedback The first-pass hits, best first; the first `feedbackDocuments` are read.
 * @returns The terms, heaviest first (ties by stem); empty when the hits hold no usable word.
 */
export function relevanceModel(feedback: readonly Hit[], options: Required<Rm3Options>): WeightedTerm[] {
  const weights = new Map<string, number>();
  const surfaces = new Map<string, Map<string, number>>();
  const scores = feedback.slice(0, options.feedbackDocuments).map((hit) => hit.score);
  // BM25 scores are positive; a store whose scores can be ≤ 0 still gets a usable ordering.
  const floor = Math.min(0, ...scores);
  for (const [i, hit] of feedback.slice(0, options.feedbackDocuments).entries()) {
    const counts = new Map<string, number>();
    let total = 0;
    for (const word of wordTokens(`${hit.chunk.headingPath.join(' ')} ${hit.chunk.text}`)) {
      if (!TERM.test(word) || isStopWord(word)) continue;
      const stem = stemOf(word);
      counts.set(stem, (counts.get(stem) ?? 0) + 1);
      total++;
      const forms = surfaces.get(stem) ?? new Map<string, number>();
      forms.set(word, (forms.get(word) ?? 0) + 1);
      surfaces.set(stem, forms);
    }
    const docWeight = scores[i]! - floor || Number.EPSILON;
    for (const [stem, count] of counts) {
      weights.set(stem, (weights.get(stem) ?? 0) + (count / total) * docWeight);
    }
  }
  const kept = [...weights]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, options.feedbackTerms);
  const sum = kept.reduce((s, [, w]) => s + w, 0);
  return kept.map(([stem, weight]) => ({
    stem,
    term: [...surfaces.get(stem)!].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]![0],
    weight: weight / sum,
  }));
}

/** One weighted lexical query of the expanded search. */
export interface WeightedQuery {
  /** Plain query text (the terms joined by spaces). */
  text: string;
  /** Multiplier of the query's BM25 scores in the combined score. */
  weight: number;
  /** Whether this is the original query (whose first-pass ranking is reused). */
  original?: boolean;
}

/**
 * The RM3 query as weighted plain-text queries: the original query with weight α / |q| per
 * distinct word (|q| = its word count, see `queryTerms`), and the expansion terms, heaviest first,
 * cut into `groups` runs of about equal size, each with weight (1 − α) × its terms' mean weight.
 * Queries of weight 0 are left out.
 */
export function rm3Queries(
  query: string,
  model: readonly WeightedTerm[],
  options: Required<Rm3Options>,
): WeightedQuery[] {
  const alpha = options.originalQueryWeight;
  const words = queryTerms(query).length;
  const out: WeightedQuery[] = [];
  if (alpha > 0 && words > 0) out.push({ text: query, weight: alpha / words, original: true });
  if (alpha === 1 || model.length === 0) return out;
  const groups = Math.min(options.groups, model.length);
  for (let g = 0; g < groups; g++) {
    const part = model.slice(
      Math.floor((g * model.length) / groups),
      Math.floor(((g + 1) * model.length) / groups),
    );
    const mean = part.reduce((s, t) => s + t.weight, 0) / part.length;
    out.push({ text: part.map((t) => t.term).join(' '), weight: (1 - alpha) * mean });
  }
  return out;
}

/** Runs one plain lexical query; the retriever binds it to the store and the request's scope. */
export type LexicalRun = (query: string, topK: number) => Promise<Hit[]>;

/** What {@link rm3Search} returns: the hits and the expansion it searched. */
export interface Rm3Result {
  hits: Hit[];
  /** The relevance model's terms, heaviest first; empty when nothing was expanded. */
  expansion: WeightedTerm[];
}

/**
 * Lexical search with RM3 pseudo-relevance feedback: the first pass (`firstPass`, or `run(query)`
 * at depth max(`topK`, `feedbackDocuments`)), its relevance model, then the weighted queries of
 * {@link rm3Queries} (the original query's ranking reused from the first pass), combined by
 * weighted score sum. Hits keep their chunk; `score` and `scores.lexical` are the combined score.
 * When the first pass has no hits, or the model no terms, the first pass is returned as it is.
 * @param topK Depth of every ranking and length of the result.
 */
export async function rm3Search(
  run: LexicalRun,
  query: string,
  topK: number,
  options: Required<Rm3Options>,
): Promise<Rm3Result> {
  const first = await run(query, Math.max(topK, options.feedbackDocuments));
  if (first.length === 0) return { hits: first, expansion: [] };
  const model = relevanceModel(first, options);
  if (model.length === 0 || options.originalQueryWeight === 1)
    return { hits: first.slice(0, topK), expansion: [] };
  const queries = rm3Queries(query, model, options);
  const rankings = await Promise.all(
    queries.map((q) => (q.original ? Promise.resolve(first) : run(q.text, topK))),
  );
  const combined = new Map<string, { hit: Hit; score: number }>();
  for (const [i, ranking] of rankings.entries()) {
    const weight = queries[i]!.weight;
    for (const hit of ranking) {
      const entry = combined.get(hit.chunk.id) ?? { hit, score: 0 };
      entry.score += weight * hit.score;
      combined.set(hit.chunk.id, entry);
    }
  }
  const hits = [...combined.values()]
    .sort((a, b) => b.score - a.score || (a.hit.chunk.id < b.hit.chunk.id ? -1 : 1))
    .slice(0, topK)
    .map(({ hit, score }) => ({ ...hit, score, scores: { ...hit.scores, lexical: score } }));
  return { hits, expansion: model };
}
