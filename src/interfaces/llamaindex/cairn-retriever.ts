/**
 * A LlamaIndex.TS retriever over a cairn engine: hybrid (BM25 + dense, fused by reciprocal rank
 * fusion) search, reranked when the engine has a reranker, as a `BaseRetriever` for
 * `RetrieverQueryEngine`, chat engines and agents.
 * @module
 */
import type { QueryBundle } from '@llamaindex/core/query-engine';
import { BaseRetriever } from '@llamaindex/core/retriever';
import { NodeRelationship, type NodeWithScore, TextNode } from '@llamaindex/core/schema';
import { extractText } from '@llamaindex/core/utils';
import type { Filter } from '../../core/filter/filter.js';
import type { Hit, SearchMode } from '../../core/types.js';
import type { Engine, EngineSearchOptions } from '../../engine/engine.js';
import { type CairnHitMetadata, hitProvenance } from '../hit-provenance.js';

/** Metadata of a node from {@link hitToNode}: the chunk's own fields, and `cairn`. */
export type CairnNodeMetadata = Record<string, unknown> & { cairn: CairnHitMetadata };

/** Options of {@link CairnRetriever}. */
export interface CairnRetrieverOptions {
  /** The engine searched; only its `search` is used. */
  engine: Pick<Engine, 'search'>;
  /** Nodes returned per query; default 4. */
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
 * The hit as a scored `TextNode`: id the chunk id, text the chunk text, metadata `file_path` (the
 * source's name: its path or URL) and `file_name` (its last segment), as LlamaIndex's file
 * readers set them, then the chunk's own fields (a stored one of those names wins), plus `cairn`
 * (left out of what the LLM and embedders see), and the document as its source.
 */
export function hitToNode(hit: Hit): NodeWithScore {
  const provenance = hitProvenance(hit);
  const metadata: CairnNodeMetadata = {
    file_path: provenance.sourceName,
    file_name: fileName(provenance.sourceName),
    ...hit.chunk.metadata,
    cairn: provenance,
  };
  return {
    node: new TextNode<Record<string, unknown>>({
      id_: hit.chunk.id,
      text: hit.chunk.text,
      metadata,
      excludedLlmMetadataKeys: ['cairn'],
      excludedEmbedMetadataKeys: ['cairn'],
      relationships: { [NodeRelationship.SOURCE]: { nodeId: hit.chunk.documentId, metadata: {} } },
    }),
    score: hit.score,
  };
}

/** The last segment of a path or URL (without a query or fragment). */
function fileName(sourceName: string): string {
  const path = sourceName.replace(/[?#].*$/, '').replace(/[/\\]+$/, '');
  return path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1) || sourceName;
}

/**
 * Retrieves cairn chunks as LlamaIndex nodes, best first.
 *
 * @example
 * ```ts
 * const queryEngine = new RetrieverQueryEngine(new CairnRetriever({ engine, topK: 5 }));
 * const response = await queryEngine.query({ query: 'How do I rotate signing keys?' });
 * ```
 */
export class CairnRetriever extends BaseRetriever {
  readonly #engine: Pick<Engine, 'search'>;
  readonly #options: EngineSearchOptions;

  constructor(options: CairnRetrieverOptions) {
    super();
    this.#engine = options.engine;
    this.#options = {
      ...options.searchOptions,
      topK: options.topK ?? options.searchOptions?.topK ?? 4,
      ...(options.filter === undefined ? {} : { filter: options.filter }),
      ...(options.mode === undefined ? {} : { mode: options.mode }),
      ...(options.collection === undefined ? {} : { collection: options.collection }),
      ...(options.namespace === undefined ? {} : { namespace: options.namespace }),
    };
  }

  /**
   * Runs the search with the query's text (the text parts of a multi-modal query).
   * Errors are cairn's own (`InvalidFilterError`, `ConfigError`).
   */
  async _retrieve(params: QueryBundle): Promise<NodeWithScore[]> {
    const { hits } = await this.#engine.search(extractText(params.query), this.#options);
    return hits.map(hitToNode);
  }
}
