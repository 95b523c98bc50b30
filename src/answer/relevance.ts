/**
 * The relevance floor that decides an honest "not found": a hit counts as relevant when it
 * contains enough of the question's content terms (stemmed, stop words removed), or when its
 * dense similarity clears a threshold.
 * @module
 */
import type { Hit } from '../core/types.js';
import { contentTerms } from '../retrieve/terms.js';

/** Options of {@link relevantHits}. */
export interface RelevanceOptions {
  /** Share of the question's content terms a hit must contain; default 0.5. */
  minTermCoverage?: number;
  /** Dense cosine similarity that makes a hit relevant on its own; default none. */
  minSimilarity?: number;
}

/** Share of `terms` that occur in `text`'s content terms (0 when `terms` is empty). */
export function termCoverage(terms: string[], text: string): number {
  const unique = [...new Set(terms)];
  if (unique.length === 0) return 0;
  const present = new Set(contentTerms(text));
  return unique.filter((t) => present.has(t)).length / unique.length;
}

/** Keeps the hits that clear the relevance floor, in their order. */
export function relevantHits(question: string, hits: Hit[], options: RelevanceOptions = {}): Hit[] {
  const minCoverage = options.minTermCoverage ?? 0.5;
  const terms = contentTerms(question);
  return hits.filter((hit) => {
    if (options.minSimilarity !== undefined && (hit.scores.dense ?? -1) >= options.minSimilarity) return true;
    const text = `${hit.chunk.headingPath.join(' ')} ${hit.chunk.text}`;
    return termCoverage(terms, text) >= minCoverage;
  });
}
