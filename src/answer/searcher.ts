/**
 * What answering needs from an engine, typed structurally so this layer does not depend on the
 * engine: a `search` like `Engine.search` and, optionally, its chat model.
 * @module
 */
import type { ChatModel } from '../core/ports.js';
import type { Hit, SearchMode } from '../core/types.js';
import type { SearchRequest, SearchScoring } from '../retrieve/retriever.js';

/** Options of {@link Searcher.search}: a search request without the query; collection optional. */
export type SearcherOptions = Omit<SearchRequest, 'query' | 'collection'> & { collection?: string };

/** Anything that searches like `Engine` does. */
export interface Searcher {
  /**
   * `scoring.expansions`, when given, are the query's abbreviations the search read spelled out
   * ("R&D" → "research and development"): the answer reads the question with them too;
   * `scoring.documentNouns` the collection's own document nouns its time cue was read with.
   */
  search(
    query: string,
    options?: SearcherOptions,
  ): Promise<{
    hits: Hit[];
    mode: SearchMode;
    scoring?: Pick<SearchScoring, 'expansions' | 'documentNouns'>;
  }>;
}

/** A {@link Searcher} that may carry a chat model, like `Engine`. */
export interface AnsweringEngine extends Searcher {
  readonly chatModel?: ChatModel | undefined;
}
