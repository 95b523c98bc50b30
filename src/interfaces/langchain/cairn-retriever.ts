/**
 * A LangChain.js retriever over a cairn engine: hybrid (BM25 + dense, fused by reciprocal rank
 * fusion) search, reranked when the engine has a reranker, as a `BaseRetriever` that plugs into
 * any chain (`RunnableSequence`, `createRetrievalChain`, agents).
 * @module
 */
import type { CallbackManagerForRetrieverRun } from '@langchain/core/callbacks/manager';
import type { Document } from '@langchain/core/documents';
import { BaseRetriever, type BaseRetrieverInput } from '@langchain/core/retrievers';
import type { Filter } from '../../core/filter/filter.js';
import type { SearchMode } from '../../core/types.js';
import type { Engine, EngineSearchOptions } from '../../engine/engine.js';
import { type CairnDocumentMetadata, hitToDocument } from './hit-document.js';

/** Options of {@link CairnRetriever}. */
export interface CairnRetrieverInput extends BaseRetrieverInput {
  /** The engine searched; only its `search` is used. */
  engine: Pick<Engine, 'search'>;
  /** Documents returned per query; default 4 (LangChain's usual `k`). */
  topK?: number;
  /** Metadata filter (cairn's filter language, `docs/filters.md`) applied inside the scan. */
  filter?: Filter;
  /** `lexical`, `dense` or `hybrid`; default hybrid when the collection is dense, else lexical. */
  mode?: SearchMode;
  /** Collection searched; default the engine's. */
  collection?: string;
  /** Tenant namespace searched; default the engine's. */
  namespace?: string;
  /** Any other search option (reranker, candidates, RRF settings, document ids). */
  searchOptions?: EngineSearchOptions;
}

/**
 * Retrieves cairn chunks as LangChain documents (see {@link hitToDocument}: `pageContent` is the
 * chunk text, `metadata` the chunk's metadata plus `metadata.cairn` with ids, pages, heading
 * path and scores), best first.
 *
 * @example
 * ```ts
 * const retriever = new CairnRetriever({ engine, topK: 5, filter: { team: 'ops' } });
 * const docs = await retriever.invoke('How do I rotate signing keys?');
 * ```
 */
export class CairnRetriever extends BaseRetriever<CairnDocumentMetadata> {
  static override lc_name(): string {
    return 'CairnRetriever';
  }

  override lc_namespace = ['cairn', 'retrievers'];

  readonly #engine: Pick<Engine, 'search'>;
  readonly #options: EngineSearchOptions;

  constructor(fields: CairnRetrieverInput) {
    super(fields);
    this.#engine = fields.engine;
    this.#options = {
      ...fields.searchOptions,
      topK: fields.topK ?? fields.searchOptions?.topK ?? 4,
      ...(fields.filter === undefined ? {} : { filter: fields.filter }),
      ...(fields.mode === undefined ? {} : { mode: fields.mode }),
      ...(fields.collection === undefined ? {} : { collection: fields.collection }),
      ...(fields.namespace === undefined ? {} : { namespace: fields.namespace }),
    };
  }

  /**
   * Runs the search. Errors are cairn's own (`InvalidFilterError` for a bad filter,
   * `ConfigError` for a collection pinned to another model), raised through the chain.
   */
  override async _getRelevantDocuments(
    query: string,
    _runManager?: CallbackManagerForRetrieverRun,
  ): Promise<Document<CairnDocumentMetadata>[]> {
    const { hits } = await this.#engine.search(query, this.#options);
    return hits.map(hitToDocument);
  }
}
