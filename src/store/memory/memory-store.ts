/**
 * The in-memory store: every collection, document and chunk in `Map`s, no dependencies beyond
 * Node's standard library and the `stemmer` package. Dense search is exact cosine similarity over
 * float32 vectors, lexical search is BM25 over an inverted index kept in step with every write.
 *
 * Every method runs to completion synchronously and returns a settled promise, so calls never
 * interleave: each one is a transaction. Writes validate everything with the shared helpers
 * before they change anything, so a refused write leaves the previous state intact.
 * @module
 */
import {
  CollectionConflictError,
  CollectionNotFoundError,
  InvalidArgumentError,
  StoreClosedError,
} from '../../core/errors.js';
import type { Filter } from '../../core/filter/filter.js';
import { matchesEverything } from '../../core/filter/filter-node.js';
import { matchesFilter } from '../../core/filter/match-filter.js';
import type {
  CollectionInfo,
  CreateCollectionOptions,
  DenseSearchRequest,
  DocumentWrite,
  IterateChunksRequest,
  LexicalSearchRequest,
  ScanConditions,
  Scope,
  Store,
  StoreStats,
} from '../../core/ports.js';
import type { Chunk, DocumentRecord, Hit, StoredChunk } from '../../core/types.js';
import { type CheckedConditions, checkConditions } from '../scan-conditions.js';
import {
  chunkTarget,
  deletionFilter,
  describeDefinition,
  prepareChunks,
  prepareDocumentWrite,
  resolveNamespace,
  toEmbedding,
  validateCollectionName,
  validateCreateOptions,
  validateId,
  validateIdList,
  validatePositiveInteger,
} from '../store-validation.js';
import { tableNameFor } from '../table-name.js';
import { compareCodePointOrder, upperBound } from './code-point-order.js';
import { NamespaceTable } from './memory-namespace.js';
import {
  type MemoryStoreOptions,
  parseMemoryStoreOptions,
  type ResolvedMemoryStoreOptions,
} from './memory-options.js';
import { TopRanking } from './memory-ranking.js';
import {
  type ChunkRecord,
  chunkOf,
  copyCollection,
  copyDocument,
  copyMetadata,
  dot,
  hitOf,
  newChunk,
  storedChunkOf,
} from './memory-records.js';
import { queryIndexTerms } from './memory-tokenizer.js';

/** Layout version the memory store reports for its collections. */
export const MEMORY_SCHEMA_VERSION = 1;
/** Default chunks per batch of {@link MemoryStore.iterChunks}, as the port documents. */
export const MEMORY_ITERATION_BATCH_SIZE = 500;

/** A collection: its registry entry and its namespaces (created by the first write into each). */
interface CollectionState {
  readonly info: CollectionInfo;
  readonly namespaces: Map<string, NamespaceTable>;
}

/** A scope resolved for one call. */
interface Scoped {
  collection: CollectionState;
  namespace: string;
}

/**
 * Creates an empty in-memory store. Its contents live as long as the object and are not persisted.
 * @param options See {@link MemoryStoreOptions}.
 * @throws {InvalidArgumentError} for a malformed option.
 * @example
 * ```ts
 * const store = createMemoryStore();
 * await store.createCollection('notes');
 * ```
 */
export function createMemoryStore(options?: MemoryStoreOptions): MemoryStore {
  return new MemoryStore(parseMemoryStoreOptions(options));
}

/**
 * The {@link Store} kept in memory. Create it with {@link createMemoryStore}.
 *
 * Behaviour beyond the port's contract, matching the SQLite store unless noted:
 * - Collection-scoped calls on a missing collection throw {@link CollectionNotFoundError}; reads
 *   of a namespace nothing was written to see it empty and create nothing.
 * - `tableName` is what the SQLite store would use (`tableNameFor`); no table exists.
 * - `vectorType: 'float16'` is refused; embeddings are kept as float32.
 * - Chunk-level deletes and upserts keep document records honest: a document's `chunkCount` is
 *   recounted, and its record is removed once it has no chunks left.
 * - Metadata round-trips through JSON, as through SQLite's JSON columns; nothing returned shares
 *   memory with what the store keeps, and nothing passed in is kept by reference.
 * - BM25 statistics (row count, average length, document frequencies) cover the live chunks of
 *   one namespace, so one tenant's data never changes another tenant's scores. The SQLite store
 *   computes them over the whole collection, and its FTS5 index (`contentless_delete`) keeps
 *   counting deleted and overwritten rows; scores agree exactly only for a single namespace
 *   whose chunks were never deleted or overwritten.
 * - `getStats` reports no `bytes`.
 */
export class MemoryStore implements Store {
  readonly specificationVersion = 'v1' as const;
  readonly backend = 'memory';

  #collections: Map<string, CollectionState> | undefined = new Map();
  readonly #now: () => Date;

  /** Use {@link createMemoryStore}, which validates the options. */
  constructor(options: ResolvedMemoryStoreOptions) {
    this.#now = options.now;
  }

  /** Nothing to create; resolves (and throws once closed) like every other method. */
  async ensureRegistry(): Promise<void> {
    this.#open();
  }

  /**
   * Creates a collection, or returns the existing one when model and dimension agree (its
   * metadata is kept; `options.metadata` is then ignored).
   * @throws {InvalidArgumentError} for a bad name or options; `vectorType: 'float16'`.
   * @throws {CollectionConflictError} when it exists with another model or dimension.
   */
  async createCollection(name: string, options?: CreateCollectionOptions): Promise<CollectionInfo> {
    const collections = this.#open();
    validateCollectionName(name);
    const definition = validateCreateOptions(options);
    if (definition.vectorType !== 'float32') {
      throw new InvalidArgumentError('vectorType', 'the memory store keeps float32 embeddings only');
    }
    const existing = collections.get(name);
    if (existing !== undefined) {
      const { info } = existing;
      if (info.model === definition.model && info.dimension === definition.dimension) {
        return copyCollection(info);
      }
      throw new CollectionConflictError(
        name,
        `exists with ${describeDefinition(info)}; this call asked for ${describeDefinition(definition)}. ` +
          "Use the collection's own model, or another collection name",
      );
    }
    const info: CollectionInfo = {
      name,
      tableName: tableNameFor(name),
      model: definition.model,
      dimension: definition.dimension,
      vectorType: 'float32',
      schemaVersion: MEMORY_SCHEMA_VERSION,
      createdAt: this.#timestamp(),
      metadata: copyMetadata(definition.metadata),
    };
    collections.set(name, { info, namespaces: new Map() });
    return copyCollection(info);
  }

  /** Drops a collection with all its chunks and document records. @returns false when it did not exist. */
  async dropCollection(name: string): Promise<boolean> {
    const collections = this.#open();
    validateCollectionName(name);
    return collections.delete(name);
  }

  /** Every collection, in code-point order of names, with its chunk count over all namespaces. */
  async listCollections(): Promise<Array<CollectionInfo & { count: number }>> {
    const collections = [...this.#open().values()];
    collections.sort((a, b) => compareCodePointOrder(a.info.name, b.info.name));
    return collections.map((collection) => ({
      ...copyCollection(collection.info),
      count: sumOver(collection, (table) => table.chunks.size),
    }));
  }

  /** The registry entry, or `undefined`. */
  async getCollection(name: string): Promise<CollectionInfo | undefined> {
    const collections = this.#open();
    validateCollectionName(name);
    const collection = collections.get(name);
    return collection === undefined ? undefined : copyCollection(collection.info);
  }

  /** Totals over all collections and namespaces; no `bytes`. */
  async getStats(): Promise<StoreStats> {
    const collections = [...this.#open().values()];
    return {
      collections: collections.length,
      documents: collections.reduce((sum, c) => sum + sumOver(c, (table) => table.documents.size), 0),
      chunks: collections.reduce((sum, c) => sum + sumOver(c, (table) => table.chunks.size), 0),
    };
  }

  /**
   * Replaces a document and its chunks: validates every chunk and checks ids first, then deletes
   * the old chunks, inserts the new ones and writes the record (`chunkCount`, `ingestedAt` = now).
   * A failure leaves the previous version intact.
   * @throws {CollectionNotFoundError} when the collection does not exist.
   * @throws {DimensionMismatchError} for an embedding of the wrong length (or any embedding in a
   *   lexical-only collection).
   * @throws {InvalidArgumentError} for a malformed field, a missing, zero or non-finite embedding,
   *   chunks whose `documentId`/`sourceId` differ from the document's, or a chunk id already used
   *   by another document of the namespace.
   */
  async replaceDocument(scope: Scope, write: DocumentWrite): Promise<DocumentRecord> {
    const scoped = this.#scoped(scope);
    const prepared = prepareDocumentWrite(write, chunkTarget(scoped.collection.info));
    const { document } = write;
    const existing = this.#existingTable(scoped);
    for (const { chunk } of prepared) {
      const owner = existing?.chunks.get(chunk.id)?.documentId;
      if (owner !== undefined && owner !== document.documentId) {
        throw new InvalidArgumentError(
          'chunks',
          `chunk id "${chunk.id}" already belongs to document "${owner}" in namespace "${scoped.namespace}"`,
        );
      }
    }
    const chunks = prepared.map(newChunk);
    const record: DocumentRecord = {
      documentId: document.documentId,
      contentHash: document.contentHash,
      sourceId: document.sourceId,
      sourceName: document.sourceName,
      mediaType: document.mediaType,
      metadata: copyMetadata(document.metadata),
      chunkCount: chunks.length,
      pageCount: document.pageCount,
      parserFingerprint: document.parserFingerprint,
      ingestedAt: this.#timestamp(),
    };
    if (document.title !== undefined) record.title = document.title;

    const table = this.#writableTable(scoped);
    for (const id of [...table.chunkIdsOf(record.documentId)]) table.remove(id);
    for (const chunk of chunks) table.put(chunk);
    table.documents.set(record.documentId, record);
    return copyDocument(record);
  }

  /** Deletes a document record and its chunks. @returns false when neither existed. */
  async deleteDocument(scope: Scope, documentId: string): Promise<boolean> {
    const scoped = this.#scoped(scope);
    const id = validateId(documentId, 'documentId');
    const table = this.#existingTable(scoped);
    if (table === undefined) return false;
    const chunkIds = [...table.chunkIdsOf(id)];
    for (const chunkId of chunkIds) table.remove(chunkId);
    const hadRecord = table.documents.delete(id);
    this.#pruneIfEmpty(scoped, table);
    return chunkIds.length > 0 || hadRecord;
  }

  /** The document record, or `undefined`. */
  async getDocument(scope: Scope, documentId: string): Promise<DocumentRecord | undefined> {
    const record = this.#readableTable(this.#scoped(scope)).documents.get(documentId);
    return record === undefined ? undefined : copyDocument(record);
  }

  /** Every document record of the namespace, in code-point order of document ids. */
  async listDocuments(scope: Scope): Promise<DocumentRecord[]> {
    const records = [...this.#readableTable(this.#scoped(scope)).documents.values()];
    records.sort((a, b) => compareCodePointOrder(a.documentId, b.documentId));
    return records.map(copyDocument);
  }

  /**
   * Inserts chunks or overwrites them by id (an overwritten chunk keeps its place in tie-breaks),
   * after validating all of them. Creates no document record; recounts the records of documents
   * that gained or lost chunks.
   * @throws {DimensionMismatchError} / {InvalidArgumentError} before writing, as {@link replaceDocument}.
   */
  async upsertChunks(scope: Scope, chunks: StoredChunk[]): Promise<void> {
    const scoped = this.#scoped(scope);
    const prepared = prepareChunks(chunks, chunkTarget(scoped.collection.info)).map(newChunk);
    if (prepared.length === 0) return;
    const table = this.#writableTable(scoped);
    const touched: string[] = [];
    for (const chunk of prepared) {
      const previous = table.put(chunk);
      if (previous !== undefined) touched.push(previous.documentId);
      touched.push(chunk.record.documentId);
    }
    table.recount(touched);
  }

  /**
   * Deletes the chunks selected by `match` or by `sourceId` (either condition selects; with both,
   * a chunk meeting one of them goes), then inserts `chunks`. Everything is validated first; a
   * failure leaves every old chunk in place.
   * @returns The number of chunks deleted.
   * @throws {InvalidArgumentError} when neither selector is given, `match` is empty, or a chunk is malformed.
   * @throws {InvalidFilterError} for a malformed `match`.
   * @throws {DimensionMismatchError} for an embedding of the wrong length.
   */
  async replaceChunks(
    scope: Scope,
    selector: { match?: Filter; sourceId?: string },
    chunks: StoredChunk[],
  ): Promise<number> {
    const scoped = this.#scoped(scope);
    const match =
      selector?.match === undefined ? undefined : deletionFilter(selector.match, 'selector.match');
    const sourceId =
      selector?.sourceId === undefined ? undefined : validateId(selector.sourceId, 'selector.sourceId');
    if (match === undefined && sourceId === undefined) {
      throw new InvalidArgumentError(
        'selector',
        'give match (a metadata filter) or sourceId to select the chunks to replace',
      );
    }
    const prepared = prepareChunks(chunks, chunkTarget(scoped.collection.info)).map(newChunk);
    const selected = (record: ChunkRecord) =>
      record.sourceId === sourceId || (match !== undefined && matchesFilter(match, record.metadata));
    const existing = this.#existingTable(scoped);
    if (existing === undefined && prepared.length === 0) return 0;
    const table = existing ?? this.#writableTable(scoped);
    const deleted = deleteWhere(table, selected);
    for (const chunk of prepared) table.put(chunk);
    table.recount([...deleted, ...prepared.map((chunk) => chunk.record.documentId)]);
    this.#pruneIfEmpty(scoped, table);
    return deleted.length;
  }

  /** Deletes chunks by id; an empty list deletes nothing. @returns The number deleted. */
  async deleteChunks(scope: Scope, ids: string[]): Promise<number> {
    const scoped = this.#scoped(scope);
    validateIdList(ids, 'ids');
    const table = this.#existingTable(scoped);
    if (table === undefined || ids.length === 0) return 0;
    const documentIds: string[] = [];
    for (const id of ids) {
      const removed = table.remove(id);
      if (removed !== undefined) documentIds.push(removed.documentId);
    }
    table.recount(documentIds);
    this.#pruneIfEmpty(scoped, table);
    return documentIds.length;
  }

  /** Deletes every chunk and document record with this source id. @returns The number of chunks deleted. */
  async deleteBySourceId(scope: Scope, sourceId: string): Promise<number> {
    const scoped = this.#scoped(scope);
    const id = validateId(sourceId, 'sourceId');
    const table = this.#existingTable(scoped);
    if (table === undefined) return 0;
    const deleted = deleteWhere(table, (record) => record.sourceId === id);
    table.recount(deleted);
    for (const record of [...table.documents.values()]) {
      if (record.sourceId === id) table.documents.delete(record.documentId);
    }
    this.#pruneIfEmpty(scoped, table);
    return deleted.length;
  }

  /**
   * Deletes every chunk whose metadata matches.
   * @returns The number deleted.
   * @throws {InvalidArgumentError} when `match` is empty (it would delete every chunk).
   * @throws {InvalidFilterError} for a malformed filter.
   */
  async deleteByMetadata(scope: Scope, match: Filter): Promise<number> {
    const scoped = this.#scoped(scope);
    const filter = deletionFilter(match, 'match');
    const table = this.#existingTable(scoped);
    if (table === undefined) return 0;
    const deleted = deleteWhere(table, (record) => matchesFilter(filter, record.metadata));
    table.recount(deleted);
    this.#pruneIfEmpty(scoped, table);
    return deleted.length;
  }

  /**
   * Yields the chunks that pass the conditions in ascending id order (code-point order, as SQLite's
   * binary collation), `batchSize` at a time (default {@link MEMORY_ITERATION_BATCH_SIZE}), with
   * embeddings as `number[]` unless `includeEmbeddings` is false. Each batch resumes after the last
   * id yielded, so writes between batches are seen by later batches.
   * @throws {InvalidArgumentError} / {InvalidFilterError} / {CollectionNotFoundError} on the first `next()`.
   */
  async *iterChunks(request: IterateChunksRequest): AsyncIterable<StoredChunk[]> {
    const first = this.#scoped(request);
    const conditions = checkConditions(request);
    const batchSize = validatePositiveInteger(request.batchSize ?? MEMORY_ITERATION_BATCH_SIZE, 'batchSize');
    const includeEmbeddings = request.includeEmbeddings !== false;
    if (conditions.matchesNothing) return;
    const passes = scanPredicate(conditions);
    let after: string | undefined;
    for (let scoped = first; ; scoped = this.#scoped(request)) {
      const table = this.#readableTable(scoped);
      const ids = table.sortedIds();
      const batch: StoredChunk[] = [];
      for (let i = after === undefined ? 0 : upperBound(ids, after); i < ids.length; i++) {
        const record = table.chunks.get(ids[i]!)!;
        if (!passes(record)) continue;
        batch.push(storedChunkOf(record, includeEmbeddings));
        if (batch.length === batchSize) break;
      }
      if (batch.length === 0) return;
      yield batch;
      if (batch.length < batchSize) return;
      after = batch[batch.length - 1]!.id;
    }
  }

  /** Embeddings by chunk id, as `number[]`, in the order asked; unknown ids (and chunks without one) are absent. */
  async getEmbeddings(scope: Scope, ids: string[]): Promise<Map<string, number[]>> {
    const scoped = this.#scoped(scope);
    validateIdList(ids, 'ids');
    const table = this.#readableTable(scoped);
    const found = new Map<string, number[]>();
    for (const id of ids) {
      const embedding = table.chunks.get(id)?.embedding;
      if (embedding !== undefined && embedding !== null) found.set(id, Array.from(embedding));
    }
    return found;
  }

  /**
   * Exact cosine search over every chunk that passes the conditions, so `topK` hits come back
   * whenever that many pass them. `score` = `scores.dense` = cosine similarity in [-1, 1] (computed
   * in double precision over the float32 vectors); hits below `minSimilarity` are dropped. Ties go
   * to the chunk written first.
   * @throws {DimensionMismatchError} when the query's length differs from the collection's dimension.
   * @throws {InvalidArgumentError} for a zero or non-finite query, a bad `topK` or `minSimilarity`,
   *   or a lexical-only collection.
   */
  async denseSearch(request: DenseSearchRequest): Promise<Hit[]> {
    const scoped = this.#scoped(request);
    const { dimension, name } = scoped.collection.info;
    if (dimension === null) {
      throw new InvalidArgumentError(
        'collection',
        `"${name}" is lexical-only (no embeddings); use lexical search`,
      );
    }
    const vector = toEmbedding(request.vector, dimension, name, 'query vector');
    const topK = validatePositiveInteger(request.topK, 'topK');
    const minSimilarity = request.minSimilarity;
    if (minSimilarity !== undefined && !Number.isFinite(minSimilarity)) {
      throw new InvalidArgumentError('minSimilarity', 'must be a finite number');
    }
    const conditions = checkConditions(request);
    if (conditions.matchesNothing) return [];
    const table = this.#readableTable(scoped);
    const passes = scanPredicate(conditions);
    const norm = Math.sqrt(dot(vector, vector));
    const ranking = new TopRanking<ChunkRecord>(topK, request.keepBest === true);
    for (const record of candidates(table, conditions)) {
      if (record.embedding === null || !passes(record)) continue;
      const similarity = Math.min(1, Math.max(-1, dot(vector, record.embedding) / (norm * record.norm)));
      if (minSimilarity !== undefined && similarity < minSimilarity) continue;
      ranking.offer(record, similarity, record.seq, record.sourceId);
    }
    return ranking
      .results()
      .map(({ item, score }) => hitOf(item, score, { dense: score }, sourceNameOf(table, item)));
  }

  /**
   * BM25 search (k1 = 1.2, b = 0.75, as FTS5) over chunk text and heading paths. The query is split
   * into word tokens (`queryTerms`), never read as syntax; a chunk matching any of them is a hit.
   * `score` = `scores.lexical`, higher is better: FTS5's `-bm25()` formula over this namespace's
   * live chunks (see the class notes). Ties go to the chunk written first. Text without words
   * returns [].
   * @throws {InvalidArgumentError} for a non-string query or a bad `topK`.
   */
  async lexicalSearch(request: LexicalSearchRequest): Promise<Hit[]> {
    const scoped = this.#scoped(request);
    if (typeof request.query !== 'string') throw new InvalidArgumentError('query', 'must be a string');
    const topK = validatePositiveInteger(request.topK, 'topK');
    const conditions = checkConditions(request);
    const terms = queryIndexTerms(request.query);
    if (terms.length === 0 || conditions.matchesNothing) return [];
    const table = this.#readableTable(scoped);
    const passes = scanPredicate(conditions);
    const ranking = new TopRanking<ChunkRecord>(topK, request.keepBest === true);
    for (const [id, score] of table.index.score(terms)) {
      const record = table.chunks.get(id)!;
      if (passes(record)) ranking.offer(record, score, record.seq, record.sourceId);
    }
    return ranking
      .results()
      .map(({ item, score }) => hitOf(item, score, { lexical: score }, sourceNameOf(table, item)));
  }

  /** Chunks by id in the order asked; unknown ids are left out. */
  async getChunks(scope: Scope, ids: string[]): Promise<Array<Chunk & { sourceId: string }>> {
    const scoped = this.#scoped(scope);
    validateIdList(ids, 'ids');
    const table = this.#readableTable(scoped);
    return ids.flatMap((id) => {
      const record = table.chunks.get(id);
      return record === undefined ? [] : [chunkOf(record)];
    });
  }

  /** Number of chunks in the namespace that pass the conditions. */
  async countChunks(scope: Scope & ScanConditions): Promise<number> {
    const scoped = this.#scoped(scope);
    const conditions = checkConditions(scope);
    if (conditions.matchesNothing) return 0;
    const table = this.#readableTable(scoped);
    if (conditions.documentIds === undefined && conditions.sourceIds === undefined) {
      if (matchesEverything(conditions.filter)) return table.chunks.size;
    }
    const passes = scanPredicate(conditions);
    let count = 0;
    for (const record of candidates(table, conditions)) if (passes(record)) count += 1;
    return count;
  }

  /** Releases everything. Idempotent; every other method throws {@link InvalidArgumentError} afterwards. */
  async close(): Promise<void> {
    this.#collections = undefined;
  }

  #open(): Map<string, CollectionState> {
    if (this.#collections === undefined) {
      throw new StoreClosedError(this.backend);
    }
    return this.#collections;
  }

  #timestamp(): string {
    const now = this.#now();
    if (!(now instanceof Date) || Number.isNaN(now.getTime())) {
      throw new InvalidArgumentError('options.now', `must return a valid Date, got ${String(now)}`);
    }
    return now.toISOString();
  }

  /** Resolves a scope to its collection and namespace. */
  #scoped(scope: Scope): Scoped {
    const collections = this.#open();
    if (typeof scope !== 'object' || scope === null) {
      throw new InvalidArgumentError('scope', 'must be an object');
    }
    const name = validateCollectionName(scope.collection);
    const namespace = resolveNamespace(scope);
    const collection = collections.get(name);
    if (collection === undefined) {
      throw new CollectionNotFoundError(name, 'create it first with createCollection');
    }
    return { collection, namespace };
  }

  #existingTable({ collection, namespace }: Scoped): NamespaceTable | undefined {
    return collection.namespaces.get(namespace);
  }

  /** The namespace's table, or a fresh empty one that is not kept (reads create nothing). */
  #readableTable(scoped: Scoped): NamespaceTable {
    return this.#existingTable(scoped) ?? new NamespaceTable();
  }

  #writableTable({ collection, namespace }: Scoped): NamespaceTable {
    let table = collection.namespaces.get(namespace);
    if (table === undefined) {
      table = new NamespaceTable();
      collection.namespaces.set(namespace, table);
    }
    return table;
  }

  /** Forgets a namespace left with nothing in it. */
  #pruneIfEmpty({ collection, namespace }: Scoped, table: NamespaceTable): void {
    if (table.isEmpty() && collection.namespaces.get(namespace) === table) {
      collection.namespaces.delete(namespace);
    }
  }
}

/** Deletes the chunks `selected` picks. @returns The document id of each deleted chunk. */
function deleteWhere(table: NamespaceTable, selected: (record: ChunkRecord) => boolean): string[] {
  const doomed = [...table.chunks.values()].filter(selected);
  for (const record of doomed) table.remove(record.id);
  return doomed.map((record) => record.documentId);
}

/** The test every scanned chunk must pass: document ids, source ids, then the metadata filter. */
function scanPredicate(conditions: CheckedConditions): (record: ChunkRecord) => boolean {
  const documents = conditions.documentIds === undefined ? undefined : new Set(conditions.documentIds);
  const sources = conditions.sourceIds === undefined ? undefined : new Set(conditions.sourceIds);
  const filter = matchesEverything(conditions.filter) ? undefined : conditions.filter;
  return (record) =>
    (documents === undefined || documents.has(record.documentId)) &&
    (sources === undefined || sources.has(record.sourceId)) &&
    (filter === undefined || matchesFilter(filter, record.metadata));
}

/** The chunks a scan needs to look at: those of the listed documents, or all of them. */
function* candidates(table: NamespaceTable, conditions: CheckedConditions): Iterable<ChunkRecord> {
  if (conditions.documentIds === undefined) {
    yield* table.chunks.values();
    return;
  }
  for (const documentId of new Set(conditions.documentIds)) {
    for (const id of table.chunkIdsOf(documentId)) yield table.chunks.get(id)!;
  }
}

function sourceNameOf(table: NamespaceTable, record: ChunkRecord): string | undefined {
  return table.documents.get(record.documentId)?.sourceName;
}

function sumOver(collection: CollectionState, measure: (table: NamespaceTable) => number): number {
  let sum = 0;
  for (const table of collection.namespaces.values()) sum += measure(table);
  return sum;
}
