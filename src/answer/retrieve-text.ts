/**
 * Retrieved context for a caller's own prompt: hits joined as numbered sources between
 * delimiters that carry a fresh random tag, with the system-prompt sentences that explain them.
 * @module
 */
import type { Hit, SearchMode } from '../core/types.js';
import { formatSources, newSpotlightTag, spotlightInstructions } from './prompt.js';
import { type RelevanceOptions, relevantHits } from './relevance.js';
import type { Searcher, SearcherOptions } from './searcher.js';

/** Options of {@link retrieveText}. */
export interface RetrieveTextOptions extends SearcherOptions, RelevanceOptions {
  /** Hits to include at most; default 5. Overrides `topK`. */
  limit?: number;
  /** Drop hits below the relevance floor (see `relevantHits`); default false. */
  relevantOnly?: boolean;
  /** Delimiter tag; default a fresh random one. Pass one only to make output reproducible. */
  tag?: string;
}

/** Result of {@link retrieveText}. */
export interface RetrievedText {
  /** The sources as `<<source n TAG>>` … `<<end source n TAG>>` blocks, or '' when none. */
  text: string;
  /** The tag the delimiters carry. */
  tag: string;
  /** Sentences for the caller's system prompt: how sources are delimited, and that they are data. */
  instructions: string;
  /** The hits included; source n is `hits[n-1]`. */
  hits: Hit[];
  mode: SearchMode;
}

/**
 * Searches `engine` and returns the hits as spotlighted context. Text inside each source has
 * delimiter look-alikes neutralised, so a document cannot close its block and speak as the caller.
 *
 * @example
 * ```ts
 * const context = await retrieveText(engine, 'how do I rotate keys?');
 * const system = `Answer from the sources.\n${context.instructions}`;
 * const user = `${context.text}\n\nQuestion: how do I rotate keys?`;
 * ```
 */
export async function retrieveText(
  engine: Searcher,
  query: string,
  options: RetrieveTextOptions = {},
): Promise<RetrievedText> {
  const { limit, relevantOnly, tag: givenTag, minTermCoverage, ...search } = options;
  const { hits, mode } = await engine.search(query, { ...search, topK: limit ?? search.topK ?? 5 });
  const kept = relevantOnly
    ? relevantHits(query, hits, { minTermCoverage, minSimilarity: search.minSimilarity })
    : hits;
  const tag = givenTag ?? newSpotlightTag();
  return {
    text: kept.length === 0 ? '' : formatSources(kept, tag, query),
    tag,
    instructions: spotlightInstructions(tag),
    hits: kept,
    mode,
  };
}
