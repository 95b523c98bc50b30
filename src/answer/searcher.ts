/**
 * What answering needs from an engine, typed structurally so this layer does not depend on the
 * engine: a `search` like `Engine.search` and, optionally, its chat model.
 * @module
 */
import type { ChatModel } from '../core/ports.js';
import type { Hit, SearchMode } from '../core/types.js';
import type { SearchRequest } from '../retrieve/retriever.js';

/** Options of {@link Searcher.search}: a search request without the query; collection optional. */
export type SearcherOptions = Omit<SearchRequest, 'query' | 'collection'> & { collection?: string };

/** Anything that searches like `Engine` does. */
export interface Searcher {
  search(query: string, options?: SearcherOptions): Promise<{ hits: Hit[]; mode: SearchMode }>;
}

/** A {@link Searcher} that may carry a chat model, like `Engine`. */
export interface AnsweringEngine extends Searcher {
  readonly chatModel?: ChatModel | undefined;
}
