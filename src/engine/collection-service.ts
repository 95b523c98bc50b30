/**
 * The collection service: the text-level API over a {@link Store}. Callers hand it texts; it
 * embeds them with the collection's own model (the registry is authoritative, so one service
 * serves collections of different models), then writes or searches.
 *
 * A collection that does not exist reads as empty: counting returns 0, iterating yields nothing,
 * deleting deletes nothing, querying returns `[]` and embeds nothing; indexing into it provisions
 * it with the service's embedder (unless provisioning is off). A query restricted to an empty
 * `sourceIds` list embeds nothing and returns `[]`.
 *
 * Every embedding call is reported to `onUsage`; `normalize` applies to texts on both the index
 * and the query side. Writes embed everything first and only then touch the store, so a failed
 * embedding call writes nothing, and a failed `replace` leaves the old rows.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { CollectionNotFoundError, ConfigError, InvalidArgumentError, isCairnError } from '../core/errors.js';
import type { Filter } from '../core/filter/filter.js';
import type {
  ChunkSelector,
  CollectionInfo,
  CreateCollectionOptions,
  Embedder,
  EmbeddingUsage,
  Store,
  StoreStats,
} from '../core/ports.js';
import type { Metadata, StoredChunk } from '../core/types.js';
import { type EmbedOptions, embedDocuments, embedQueries } from '../embed/embed.js';
import { cl100kTokenizer } from '../ingest/chunk/tokenizer.js';

/** One text to index. */
export interface CollectionEntry {
  /** Entry id; default a random UUID. Indexing an existing id overwrites it. */
  id?: string;
  content: string;
  /** Grouping key for `deleteBySourceId`, `sourceIds` and `keepBest`; default the id. */
  sourceId?: string;
  metadata?: Metadata;
}

/** One query result. */
export interface CollectionMatch {
  id: string;
  sourceId: string;
  /** Present unless `includeContent: false`. */
  content?: string;
  metadata: Metadata;
  /** Cosine similarity in [-1, 1]. */
  similarity: number;
}

/** Options of {@link CollectionService.query}. */
export interface CollectionQueryOptions {
  /** Results to return; default 10. */
  topK?: number;
  filter?: Filter;
  /** Only entries with these source ids; an empty list matches nothing. */
  sourceIds?: string[];
  /** One result per source id (its best). */
  keepBest?: boolean;
  /** Include the entry text; default true. */
  includeContent?: boolean;
  /** Drop results below this cosine similarity. */
  minSimilarity?: number;
}

/** Options of {@link createCollectionService}. */
export interface CollectionServiceOptions {
  store: Store;
  /** Embedder for collections created by this service when no model is given. */
  embedder?: Embedder;
  /** Supplies the embedder for a collection's registered model (return `undefined` if unknown). */
  resolveEmbedder?: (model: string, dimension: number) => Embedder | undefined;
  /** Namespace for every call; default `default`. */
  namespace?: string;
  /** Receives statistics of every embedding call. */
  onUsage?: (usage: EmbeddingUsage) => void;
  /** Applied to every text before embedding, on the index and the query side. */
  normalize?: (text: string) => string;
  /** Texts per embedding call at most (also capped by the embedder's own limit); default 256. */
  batchSize?: number;
  /**
   * Whether indexing into a missing collection creates it with `embedder`'s model and dimension;
   * default the store's `provision` (true when the store does not say). `false` stops only this
   * automatic provisioning: {@link CollectionService.ensureRegistry} and
   * {@link CollectionService.createCollection} still create what they are asked to.
   */
  provision?: boolean;
}

/** `value`, or `fallback` when `promise` rejects because the collection does not exist. */
async function orWhenMissing<T>(promise: Promise<T>, fallback: T): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (isCairnError(error) && error.code === 'COLLECTION_NOT_FOUND') return fallback;
    throw error;
  }
}

/** The text-level collection API. Create it with {@link createCollectionService}. */
export class CollectionService {
  readonly store: Store;
  readonly #options: CollectionServiceOptions;

  constructor(options: CollectionServiceOptions) {
    this.store = options.store;
    this.#options = options;
  }

  get #scope() {
    return { namespace: this.#options.namespace };
  }

  /** The namespace every call runs in. */
  get namespace(): string {
    return this.#options.namespace ?? 'default';
  }

  #embedOptions(): EmbedOptions {
    return { onUsage: this.#options.onUsage, normalize: this.#options.normalize };
  }

  /** Whether indexing into a missing collection creates it; see {@link CollectionServiceOptions.provision}. */
  get provision(): boolean {
    return this.#options.provision ?? this.store.provision ?? true;
  }

  /** Creates the registry tables if missing (an explicit admin call: runs whatever `provision` says). */
  ensureRegistry(): Promise<void> {
    return this.store.ensureRegistry();
  }

  /**
   * Creates a collection (an explicit admin call: runs whatever `provision` says). Without
   * `model`/`dimension`, the configured embedder's are used; with neither, the collection is
   * lexical-only (a cairn extra: searched by BM25, no embedding model pinned).
   * @throws {CollectionConflictError} when it exists with another model or dimension.
   */
  createCollection(name: string, options: CreateCollectionOptions = {}): Promise<CollectionInfo> {
    const embedder = this.#options.embedder;
    return this.store.createCollection(name, {
      ...options,
      model: options.model ?? embedder?.model ?? null,
      dimension: options.dimension ?? embedder?.dimension ?? null,
    });
  }

  dropCollection(name: string): Promise<boolean> {
    return this.store.dropCollection(name);
  }

  /** Every collection with its chunk count in this service's namespace. */
  listCollections(): ReturnType<Store['listCollections']> {
    return this.store.listCollections(this.#scope);
  }

  /** Totals of this service's namespace. */
  getStats(): Promise<StoreStats> {
    return this.store.getStats(this.#scope);
  }

  /**
   * The embedder for `collection`'s registered model.
   * @throws {CollectionNotFoundError} when the collection does not exist.
   * @throws {ConfigError} when it is lexical-only or no embedder for its model is configured.
   */
  async embedderFor(collection: string): Promise<{ info: CollectionInfo; embedder: Embedder }> {
    const info = await this.store.getCollection(collection);
    if (!info) throw new CollectionNotFoundError(collection, 'create it with createCollection()');
    if (info.model === null || info.dimension === null) {
      throw new ConfigError(`collection "${collection}" is lexical-only; it has no embedding model`);
    }
    const configured = this.#options.embedder;
    const embedder =
      configured && configured.model === info.model && configured.dimension === info.dimension
        ? configured
        : this.#options.resolveEmbedder?.(info.model, info.dimension);
    if (!embedder) {
      throw new ConfigError(
        `collection "${collection}" is pinned to ${info.model} (${info.dimension} dimensions); ` +
          'configure that embedder or pass resolveEmbedder',
      );
    }
    return { info, embedder };
  }

  #checkContent(entries: CollectionEntry[]): void {
    for (const [i, entry] of entries.entries()) {
      if (typeof entry.content !== 'string') {
        throw new InvalidArgumentError(`entries[${i}].content`, 'must be a string');
      }
      if (entry.content.trim() === '') {
        throw new InvalidArgumentError(
          `entries[${i}].content`,
          'is empty or whitespace only; there is nothing to embed or find (delete the entry instead)',
        );
      }
    }
  }

  /**
   * The embedder for writing into `collection`, creating the collection first when it is missing
   * and provisioning is on (with the configured embedder's model and dimension).
   * @throws {CollectionNotFoundError} when it is missing and provisioning is off, or no embedder is configured.
   */
  async #embedderForWriting(collection: string): Promise<Embedder> {
    if ((await this.store.getCollection(collection)) === undefined) {
      const embedder = this.#options.embedder;
      if (!this.provision) {
        throw new CollectionNotFoundError(
          collection,
          'provisioning is off (provision: false), so indexing creates no collection; create it with createCollection()',
        );
      }
      if (!embedder) {
        throw new CollectionNotFoundError(
          collection,
          'this service has no embedder to create it with; pass embedder, or create it with createCollection()',
        );
      }
      await this.createCollection(collection);
    }
    return (await this.embedderFor(collection)).embedder;
  }

  async #embedEntries(collection: string, entries: CollectionEntry[]): Promise<StoredChunk[]> {
    this.#checkContent(entries);
    const embedder = await this.#embedderForWriting(collection);
    const limited = this.#limited(embedder);
    const vectors = await embedDocuments(
      limited,
      entries.map((e) => e.content),
      this.#embedOptions(),
    );
    return this.#chunksOf(entries, vectors);
  }

  #chunksOf(entries: CollectionEntry[], vectors: Array<number[] | Float32Array>): StoredChunk[] {
    return entries.map((entry, i) => {
      const id = entry.id ?? randomUUID();
      const sourceId = entry.sourceId ?? id;
      return {
        id,
        documentId: sourceId,
        sourceId,
        ordinal: 0,
        text: entry.content,
        headingPath: [],
        pageStart: 1,
        pageEnd: 1,
        tokenCount: cl100kTokenizer.count(entry.content),
        metadata: entry.metadata ?? {},
        embedding: vectors[i],
      };
    });
  }

  #limited(embedder: Embedder): Embedder {
    const batch = Math.min(embedder.maxBatchSize, this.#options.batchSize ?? 256);
    if (batch === embedder.maxBatchSize) return embedder;
    return {
      specificationVersion: 'v1',
      provider: embedder.provider,
      model: embedder.model,
      dimension: embedder.dimension,
      maxBatchSize: batch,
      doEmbed: (options) => embedder.doEmbed(options),
    };
  }

  /**
   * Embeds and stores entries (overwriting any with the same id). Returns their ids, in order. A
   * missing collection is created first with the configured embedder's model and dimension.
   * @throws {DimensionMismatchError} before writing when the model's vectors do not fit.
   * @throws {CollectionNotFoundError} when the collection is missing and provisioning is off or
   *   no embedder is configured.
   */
  async index(collection: string, entries: CollectionEntry[]): Promise<string[]> {
    if (entries.length === 0) return [];
    const chunks = await this.#embedEntries(collection, entries);
    await this.store.upsertChunks({ collection, ...this.#scope }, chunks);
    return chunks.map((c) => c.id);
  }

  /**
   * Embeds texts with `collection`'s registered model (normalised like indexed texts), in
   * order; `kind` lets models that tell documents from queries do so.
   * @throws {CollectionNotFoundError} / {ConfigError} as {@link embedderFor}.
   */
  async embed(
    collection: string,
    texts: string[],
    kind: 'document' | 'query' = 'document',
  ): Promise<number[][]> {
    const { embedder } = await this.embedderFor(collection);
    const embed = kind === 'query' ? embedQueries : embedDocuments;
    return embed(this.#limited(embedder), texts, this.#embedOptions());
  }

  /**
   * Stores entries with embeddings computed elsewhere (overwriting any with the same id); the
   * collection's dimension is checked before anything is written. Returns their ids, in order. A
   * missing collection is created as by {@link index}.
   * @throws {InvalidArgumentError} when `embeddings` and `entries` differ in length.
   * @throws {DimensionMismatchError} when a vector does not fit the collection.
   */
  async indexEmbedded(
    collection: string,
    entries: CollectionEntry[],
    embeddings: Array<number[] | Float32Array>,
  ): Promise<string[]> {
    if (embeddings.length !== entries.length) {
      throw new InvalidArgumentError(
        'embeddings',
        `${embeddings.length} embeddings for ${entries.length} entries; give one per entry`,
      );
    }
    if (entries.length === 0) return [];
    this.#checkContent(entries);
    await this.#embedderForWriting(collection);
    const chunks = this.#chunksOf(entries, embeddings);
    await this.store.upsertChunks({ collection, ...this.#scope }, chunks);
    return chunks.map((c) => c.id);
  }

  /**
   * Like {@link index}, in groups of `batchSize` entries, each written once its embeddings are
   * computed (so a failure part-way keeps the groups already written). Returns all ids.
   */
  async indexBatch(collection: string, entries: CollectionEntry[], options: { batchSize?: number } = {}) {
    const size = options.batchSize ?? 1000;
    if (!Number.isInteger(size) || size <= 0)
      throw new InvalidArgumentError('batchSize', 'must be a positive integer');
    const ids: string[] = [];
    for (let start = 0; start < entries.length; start += size) {
      ids.push(...(await this.index(collection, entries.slice(start, start + size))));
    }
    return ids;
  }

  /**
   * Replaces the entries selected by `match` (metadata filter) and/or `sourceId` (with both, an
   * entry must meet both) with `entries`: embeddings are computed first, then delete and insert
   * run in one transaction, so any failure leaves the old rows. A missing collection is created
   * as by {@link index}; with no entries it is left alone (nothing to delete).
   * @returns How many were deleted and inserted.
   * @throws {InvalidArgumentError} when neither selector is given, or `match` matches every entry.
   */
  async replace(
    collection: string,
    entries: CollectionEntry[],
    selector: { match?: Filter; sourceId?: string },
  ): Promise<{ deleted: number; inserted: number }> {
    if (selector.match === undefined && selector.sourceId === undefined) {
      throw new InvalidArgumentError('selector', 'give match or sourceId');
    }
    if (entries.length === 0 && (await this.store.getCollection(collection)) === undefined) {
      return { deleted: 0, inserted: 0 };
    }
    const chunks = entries.length === 0 ? [] : await this.#embedEntries(collection, entries);
    const deleted = await this.store.replaceChunks(
      { collection, ...this.#scope },
      {
        ...(selector.match === undefined ? {} : { filter: selector.match }),
        ...(selector.sourceId === undefined ? {} : { sourceIds: [selector.sourceId] }),
      },
      chunks,
    );
    return { deleted: deleted.chunks, inserted: chunks.length };
  }

  /** Deletes one entry; false when it did not exist (or the collection does not). */
  async delete(collection: string, id: string): Promise<boolean> {
    return (await this.deleteMany(collection, [id])) > 0;
  }

  /** Deletes entries by id; an empty list, or a missing collection, deletes nothing. Returns the number deleted. */
  async deleteMany(collection: string, ids: string[]): Promise<number> {
    return this.#deleted(collection, { ids });
  }

  /** Deletes every entry with this source id (or these source ids). Returns the number deleted; 0 for a missing collection. */
  async deleteBySourceId(collection: string, sourceId: string | string[]): Promise<number> {
    const sourceIds = Array.isArray(sourceId) ? sourceId : [sourceId];
    if (sourceIds.length === 0) return 0;
    return this.#deleted(collection, { sourceIds });
  }

  async #deleted(collection: string, selector: ChunkSelector): Promise<number> {
    const result = this.store.deleteChunks({ collection, ...this.#scope }, selector);
    return (await orWhenMissing(result, { chunks: 0, documents: 0 })).chunks;
  }

  /**
   * Deletes every entry whose metadata matches. Returns the number deleted; 0 for a missing collection.
   * @throws {InvalidArgumentError} when `match` matches every entry (`{}`, `{ x: { $nin: [] } }`):
   *   emptying a collection is `dropCollection`, or the store's `deleteChunks` with `all: true`.
   */
  async deleteByMetadata(collection: string, match: Filter): Promise<number> {
    return this.#deleted(collection, { filter: match });
  }

  /** Nearest entries to `text` by cosine similarity, filters applied inside the scan; `[]` for a missing collection. */
  async query(
    collection: string,
    text: string,
    options: CollectionQueryOptions = {},
  ): Promise<CollectionMatch[]> {
    const [result] = await this.queryBatch(collection, [text], options);
    return result ?? [];
  }

  /**
   * Runs several queries; all query embeddings are computed in one call where the batch limit
   * allows. Nothing is embedded when the answer is known to be empty: an empty `sourceIds`, or a
   * collection that does not exist (each query then gets `[]`).
   */
  async queryBatch(
    collection: string,
    texts: string[],
    options: CollectionQueryOptions = {},
  ): Promise<CollectionMatch[][]> {
    if (texts.length === 0) return [];
    if (
      options.sourceIds !== undefined &&
      Array.isArray(options.sourceIds) &&
      options.sourceIds.length === 0
    ) {
      return texts.map(() => []);
    }
    if ((await this.store.getCollection(collection)) === undefined) return texts.map(() => []);
    const { embedder } = await this.embedderFor(collection);
    const vectors = await embedQueries(this.#limited(embedder), texts, this.#embedOptions());
    return Promise.all(vectors.map((vector) => this.queryVector(collection, vector, options)));
  }

  /**
   * Nearest entries to a query embedding computed elsewhere, by cosine similarity, filters
   * applied inside the scan; `[]` for a missing collection.
   * @throws {DimensionMismatchError} when the vector does not fit the collection.
   */
  async queryVector(
    collection: string,
    vector: number[] | Float32Array,
    options: CollectionQueryOptions = {},
  ): Promise<CollectionMatch[]> {
    const search = this.store.denseSearch({
      collection,
      ...this.#scope,
      vector,
      topK: options.topK ?? 10,
      filter: options.filter,
      sourceIds: options.sourceIds,
      keepBest: options.keepBest,
      minSimilarity: options.minSimilarity,
    });
    const hits = await orWhenMissing(search, []);
    return hits.map((hit) => ({
      id: hit.chunk.id,
      sourceId: hit.chunk.sourceId,
      ...(options.includeContent === false ? {} : { content: hit.chunk.text }),
      metadata: hit.chunk.metadata,
      similarity: hit.scores.dense ?? hit.score,
    }));
  }

  /** Entries matching the conditions; 0 for a missing collection. */
  countEntries(
    collection: string,
    conditions: { filter?: Filter; sourceIds?: string[] } = {},
  ): Promise<number> {
    return orWhenMissing(this.store.countChunks({ collection, ...this.#scope, ...conditions }), 0);
  }

  /**
   * Iterates entries in stable id order, in batches, embeddings included; each carries
   * `createdAt`/`updatedAt` where the store records them (SQLite, PostgreSQL, memory). A missing
   * collection yields nothing.
   */
  async *iterEntries(
    collection: string,
    options: { batchSize?: number; filter?: Filter } = {},
  ): AsyncIterable<StoredChunk[]> {
    const batches = this.store.iterChunks({ collection, ...this.#scope, ...options })[Symbol.asyncIterator]();
    for (;;) {
      const next = await orWhenMissing(batches.next(), { done: true, value: undefined });
      if (next.done) return;
      yield next.value;
    }
  }

  /** Embeddings by entry id; ids without one are absent; empty for a missing collection. */
  getEmbeddingsByIds(collection: string, ids: string[]): Promise<Map<string, number[]>> {
    return orWhenMissing(this.store.getEmbeddings({ collection, ...this.#scope }, ids), new Map());
  }
}

/** Builds a {@link CollectionService}. */
export function createCollectionService(options: CollectionServiceOptions): CollectionService {
  return new CollectionService(options);
}
