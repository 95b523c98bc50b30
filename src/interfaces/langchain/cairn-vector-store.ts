/**
 * A LangChain.js `VectorStore` over one collection of a cairn collection service: LangChain
 * documents are stored as collection entries (text, metadata, id) embedded with the
 * collection's registered model; similarity search is cairn's dense search with its filter
 * language applied inside the scan.
 * @module
 */
import { Document, type DocumentInterface } from '@langchain/core/documents';
import type { EmbeddingsInterface } from '@langchain/core/embeddings';
import { maximalMarginalRelevance } from '@langchain/core/utils/math';
import { type MaxMarginalRelevanceSearchOptions, VectorStore } from '@langchain/core/vectorstores';
import { InvalidArgumentError } from '../../core/errors.js';
import type { Filter } from '../../core/filter/filter.js';
import type { JsonValue, Metadata } from '../../core/types.js';
import type { CollectionEntry, CollectionMatch, CollectionService } from '../../engine/collection-service.js';
import { CollectionEmbeddings } from './collection-embeddings.js';

/** Options of {@link CairnVectorStore}. */
export interface CairnVectorStoreInput {
  /** The collection service; its namespace and embedders are used. */
  service: CollectionService;
  /** The collection the documents go in (create it first, e.g. `service.createCollection`). */
  collection: string;
}

/** What {@link CairnVectorStore.delete} removes: entries by id, by metadata filter, or by source id. */
export interface CairnDeleteParams {
  ids?: string[];
  filter?: Filter;
  sourceId?: string;
}

/** Options of {@link CairnVectorStore.addDocuments}. */
export interface CairnAddDocumentOptions {
  /** Entry ids, one per document; default each document's `id`, else a random UUID. */
  ids?: string[];
}

function jsonMetadata(metadata: Record<string, unknown> | undefined, index: number): Metadata {
  if (metadata === undefined) return {};
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    throw new InvalidArgumentError(`documents[${index}].metadata`, 'must be an object');
  }
  // Stored as JSON: dates become ISO strings, undefined fields are dropped.
  return JSON.parse(JSON.stringify(metadata)) as Record<string, JsonValue>;
}

function toDocument(match: CollectionMatch): Document {
  return new Document({ id: match.id, pageContent: match.content ?? '', metadata: match.metadata });
}

/**
 * LangChain documents in a cairn collection. Scores are cosine similarities in [-1, 1].
 * `asRetriever()` (from LangChain's base class) gives a dense retriever over it; for hybrid
 * retrieval over ingested files use {@link CairnRetriever}.
 *
 * @example
 * ```ts
 * const service = createCollectionService({ store, embedder });
 * await service.createCollection('notes');
 * const vectors = new CairnVectorStore({ service, collection: 'notes' });
 * await vectors.addDocuments([new Document({ pageContent: 'Marmots hibernate', metadata: { kind: 'animal' } })]);
 * const [[doc, score]] = await vectors.similaritySearchWithScore('hibernation', 1, { kind: 'animal' });
 * ```
 */
export class CairnVectorStore extends VectorStore {
  declare FilterType: Filter;
  readonly service: CollectionService;
  readonly collection: string;

  constructor(fields: CairnVectorStoreInput) {
    super(new CollectionEmbeddings({ service: fields.service, collection: fields.collection }), fields);
    this.service = fields.service;
    this.collection = fields.collection;
  }

  _vectorstoreType(): string {
    return 'cairn';
  }

  #entries(documents: DocumentInterface[], ids: string[] | undefined): CollectionEntry[] {
    if (ids !== undefined && ids.length !== documents.length) {
      throw new InvalidArgumentError(
        'ids',
        `${ids.length} ids for ${documents.length} documents; give one per document`,
      );
    }
    return documents.map((document, i) => {
      const id = ids?.[i] ?? document.id;
      return {
        ...(id === undefined ? {} : { id }),
        content: document.pageContent,
        metadata: jsonMetadata(document.metadata, i),
      };
    });
  }

  /**
   * Embeds and stores documents, overwriting entries with the same id. Returns the ids, in order.
   * @throws {InvalidArgumentError} when `ids` and `documents` differ in length, or metadata is not an object.
   */
  async addDocuments(
    documents: DocumentInterface[],
    options: CairnAddDocumentOptions = {},
  ): Promise<string[]> {
    return this.service.index(this.collection, this.#entries(documents, options.ids));
  }

  /**
   * Stores documents with embeddings computed elsewhere; their dimension is checked against the
   * collection before anything is written.
   * @throws {DimensionMismatchError} when a vector does not fit the collection.
   */
  async addVectors(
    vectors: number[][],
    documents: DocumentInterface[],
    options: CairnAddDocumentOptions = {},
  ): Promise<string[]> {
    return this.service.indexEmbedded(this.collection, this.#entries(documents, options.ids), vectors);
  }

  /** The `k` nearest documents to a query embedding, with cosine similarities. */
  async similaritySearchVectorWithScore(
    query: number[],
    k: number,
    filter?: Filter,
  ): Promise<[Document, number][]> {
    const matches = await this.service.queryVector(this.collection, query, { topK: k, filter });
    return matches.map((m) => [toDocument(m), m.similarity]);
  }

  /** The `k` nearest documents to `query` (embedded with the collection's model), with cosine similarities. */
  override async similaritySearchWithScore(
    query: string,
    k = 4,
    filter?: Filter,
  ): Promise<[Document, number][]> {
    const matches = await this.service.query(this.collection, query, { topK: k, filter });
    return matches.map((m) => [toDocument(m), m.similarity]);
  }

  override async similaritySearch(query: string, k = 4, filter?: Filter): Promise<Document[]> {
    return (await this.similaritySearchWithScore(query, k, filter)).map(([document]) => document);
  }

  /**
   * Maximal marginal relevance (Carbonell and Goldstein, SIGIR 1998): the `fetchK` (default 20)
   * nearest documents to `query`, of which `k` (default 4) are picked one at a time by
   * `lambda · sim(query, d) − (1 − lambda) · max sim(d, picked)` (`lambda` default 0.5: 1 is plain
   * similarity, 0 the most diverse), with LangChain's `maximalMarginalRelevance`. The candidates'
   * vectors are their texts embedded again with the collection's model (the store does not return
   * stored vectors), one batch per search.
   */
  override async maxMarginalRelevanceSearch(
    query: string,
    options: MaxMarginalRelevanceSearchOptions<this['FilterType']>,
  ): Promise<Document[]> {
    const k = options.k ?? 4;
    const fetchK = Math.max(k, options.fetchK ?? 20);
    const [queryVector] = await this.service.embed(this.collection, [query], 'query');
    const matches = await this.service.queryVector(this.collection, queryVector!, {
      topK: fetchK,
      ...(options.filter === undefined ? {} : { filter: options.filter as Filter }),
    });
    if (matches.length === 0) return [];
    const vectors = await this.service.embed(
      this.collection,
      matches.map((m) => m.content ?? ''),
    );
    const picked = maximalMarginalRelevance(queryVector!, vectors, options.lambda ?? 0.5, k);
    return picked.map((i) => toDocument(matches[i]!));
  }

  /**
   * A store over `dbConfig.collection` (created with the service's embedder when missing) with
   * `docs` added. `embeddings` is not used: a collection is always embedded with its registered
   * model (the service's embedder).
   * @throws {CollectionConflictError} when the collection exists with another model or dimension.
   */
  static override async fromDocuments(
    docs: DocumentInterface[],
    _embeddings: EmbeddingsInterface | undefined,
    dbConfig: CairnVectorStoreInput,
  ): Promise<CairnVectorStore> {
    await dbConfig.service.createCollection(dbConfig.collection);
    const store = new CairnVectorStore(dbConfig);
    await store.addDocuments(docs);
    return store;
  }

  /**
   * {@link fromDocuments} with one document per text; `metadatas` is one object per text, or one
   * object for all.
   */
  static override async fromTexts(
    texts: string[],
    metadatas: object[] | object,
    embeddings: EmbeddingsInterface | undefined,
    dbConfig: CairnVectorStoreInput,
  ): Promise<CairnVectorStore> {
    const docs = texts.map(
      (text, i) =>
        new Document({
          pageContent: text,
          metadata: (Array.isArray(metadatas) ? metadatas[i] : metadatas) as Record<string, unknown>,
        }),
    );
    return CairnVectorStore.fromDocuments(docs, embeddings, dbConfig);
  }

  /**
   * Deletes entries by `ids`, by metadata `filter` and/or by `sourceId` (each given one applies).
   * @throws {InvalidArgumentError} when none is given: deleting everything is never implied.
   */
  override async delete(params: CairnDeleteParams = {}): Promise<void> {
    const { ids, filter, sourceId } = params;
    if (ids === undefined && filter === undefined && sourceId === undefined) {
      throw new InvalidArgumentError('delete', 'give ids, filter or sourceId');
    }
    if (ids !== undefined) await this.service.deleteMany(this.collection, ids);
    if (filter !== undefined) await this.service.deleteByMetadata(this.collection, filter);
    if (sourceId !== undefined) await this.service.deleteBySourceId(this.collection, sourceId);
  }
}
