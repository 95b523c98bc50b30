/**
 * The memory backend: collections, documents and chunks in `Map`s. Dense search is exact cosine
 * similarity over float32 vectors; lexical search is BM25 over an inverted index per namespace,
 * kept in step with every write.
 *
 * Transactions run one at a time ({@link SerialLock}); a write transaction keeps an undo log, so
 * a transaction that throws part-way leaves every map as it found them.
 * @module
 */
import { matchesFilter } from '../../core/filter/match-filter.js';
import type { DistanceMetric, StoreCapabilities } from '../../core/ports.js';
import type { DocumentRecord, StoredChunk } from '../../core/types.js';
import type * as Backend from '../collection/backend.js';
import { defineCapabilities } from '../collection/backend.js';
import { SerialLock } from '../collection/serial-lock.js';
import type { PreparedChunk } from '../collection/validation.js';
import { tableNameFor } from '../sql/table-name.js';
import { compareCodePointOrder, upperBound } from './code-point-order.js';
import { NamespaceTable } from './memory-namespace.js';
import { TopRanking } from './memory-ranking.js';
import {
  type ChunkRecord,
  chunkOf,
  copyDocument,
  dot,
  newChunk,
  recordTerms,
  storedChunkOf,
} from './memory-records.js';
import { queryIndexTerms } from './memory-tokenizer.js';

/** Layout version the memory store reports for its collections. */
export const MEMORY_SCHEMA_VERSION = 1;

/** What the memory backend can do. */
export const MEMORY_CAPABILITIES: StoreCapabilities = defineCapabilities({
  lexical: 'bm25',
  persistent: false,
  metrics: Object.freeze(['cosine', 'euclidean', 'dot'] as const),
});

/** A collection: its registry entry and its namespaces (created by the first write into each). */
interface CollectionState {
  collection: Backend.StoredCollection;
  readonly namespaces: Map<string, NamespaceTable>;
}

/** One transaction: the undo log of a write (undefined for a read). */
export interface MemoryTransaction {
  readonly undo: Array<() => void> | undefined;
}

/** The {@link Backend.StoreBackend} over `Map`s. */
export class MemoryBackend implements Backend.StoreBackend<MemoryTransaction> {
  readonly name = 'memory';
  readonly capabilities = MEMORY_CAPABILITIES;
  readonly provision = true;
  readonly schemaVersion: number = MEMORY_SCHEMA_VERSION;
  readonly upgrades: readonly Backend.SchemaUpgrade<MemoryTransaction>[] = [];

  readonly #collections = new Map<string, CollectionState>();
  readonly #lock = new SerialLock();

  transaction<T>(mode: Backend.TransactionMode, work: (tx: MemoryTransaction) => Promise<T>): Promise<T> {
    return this.#lock.run(async () => {
      const tx: MemoryTransaction = { undo: mode === 'write' ? [] : undefined };
      try {
        return await work(tx);
      } catch (error) {
        for (const step of (tx.undo ?? []).reverse()) step();
        throw error;
      }
    });
  }

  async ping(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    this.#collections.clear();
  }

  async hasRegistry(): Promise<boolean> {
    return true;
  }

  async createRegistry(): Promise<void> {}

  async lockRegistry(): Promise<void> {}

  async readCollection(_tx: MemoryTransaction, name: string): Promise<Backend.StoredCollection | undefined> {
    const state = this.#collections.get(name);
    return state === undefined ? undefined : { ...state.collection };
  }

  async readCollections(): Promise<Backend.StoredCollection[]> {
    return [...this.#collections.values()]
      .map((state) => ({ ...state.collection }))
      .sort((a, b) => compareCodePointOrder(a.name, b.name));
  }

  locationFor(name: string): string {
    return tableNameFor(name);
  }

  async createCollection(tx: MemoryTransaction, collection: Backend.StoredCollection): Promise<void> {
    this.#collections.set(collection.name, { collection: { ...collection }, namespaces: new Map() });
    log(tx, () => this.#collections.delete(collection.name));
  }

  async dropCollection(tx: MemoryTransaction, collection: Backend.StoredCollection): Promise<void> {
    const state = this.#collections.get(collection.name);
    if (state === undefined) return;
    this.#collections.delete(collection.name);
    log(tx, () => this.#collections.set(collection.name, state));
  }

  async recordSchemaVersion(tx: MemoryTransaction, collection: Backend.StoredCollection, version: number) {
    const state = this.#collections.get(collection.name);
    if (state === undefined) return;
    const previous = state.collection;
    state.collection = { ...previous, schemaVersion: version };
    log(tx, () => {
      state.collection = previous;
    });
  }

  async enterNamespace(): Promise<void> {}

  async writeChunks(
    tx: MemoryTransaction,
    scope: Backend.BackendScope,
    chunks: readonly PreparedChunk[],
    now: string,
  ): Promise<void> {
    const table = this.#writableTable(tx, scope);
    for (const prepared of chunks) {
      const previous = table.put(newChunk(prepared, now));
      const id = prepared.chunk.id;
      log(tx, () => {
        if (previous === undefined) table.remove(id);
        else restore(table, previous);
      });
    }
  }

  async chunkOwners(_tx: MemoryTransaction, scope: Backend.BackendScope, ids: readonly string[]) {
    const table = this.#readableTable(scope);
    const owners = new Map<string, string>();
    for (const id of ids) {
      const record = table.chunks.get(id);
      if (record !== undefined) owners.set(id, record.documentId);
    }
    return owners;
  }

  async deleteChunks(
    tx: MemoryTransaction,
    scope: Backend.BackendScope,
    conditions: Backend.ChunkConditions,
  ) {
    const table = this.#existingTable(scope);
    if (table === undefined) return [];
    const passes = predicate(conditions);
    const doomed = [...candidates(table, conditions)].filter(passes);
    for (const record of doomed) {
      table.remove(record.id);
      log(tx, () => restore(table, record));
    }
    return doomed.map((record) => record.documentId);
  }

  async readChunks(
    _tx: MemoryTransaction,
    scope: Backend.BackendScope,
    ids: readonly string[],
    embeddings: boolean,
  ): Promise<StoredChunk[]> {
    const table = this.#readableTable(scope);
    return ids.flatMap((id) => {
      const record = table.chunks.get(id);
      return record === undefined ? [] : [storedChunkOf(record, embeddings)];
    });
  }

  async scanChunks(
    _tx: MemoryTransaction,
    scope: Backend.BackendScope,
    conditions: Backend.ChunkConditions,
    page: Backend.ChunkPage,
  ): Promise<StoredChunk[]> {
    const table = this.#readableTable(scope);
    const passes = predicate(conditions);
    const ids = table.sortedIds();
    const batch: StoredChunk[] = [];
    for (let i = page.after === undefined ? 0 : upperBound(ids, page.after); i < ids.length; i++) {
      const record = table.chunks.get(ids[i]!)!;
      if (!passes(record)) continue;
      batch.push({
        ...storedChunkOf(record, page.embeddings),
        createdAt: record.createdAt,
        updatedAt: record.updatedAt,
      });
      if (batch.length === page.limit) break;
    }
    return batch;
  }

  async countChunks(
    _tx: MemoryTransaction,
    scope: Backend.BackendScope,
    conditions: Backend.ChunkConditions,
  ) {
    const table = this.#readableTable(scope);
    if (Object.keys(conditions).length === 0) return table.chunks.size;
    const passes = predicate(conditions);
    let count = 0;
    for (const record of candidates(table, conditions)) if (passes(record)) count += 1;
    return count;
  }

  /**
   * Exact cosine search over every passing chunk, computed in double precision over the float32
   * vectors. Ties go to the chunk written first.
   */
  async denseSearch(
    _tx: MemoryTransaction,
    scope: Backend.BackendScope,
    query: Backend.DenseQuery,
  ): Promise<Backend.ScoredChunk[]> {
    const table = this.#readableTable(scope);
    const passes = predicate(query.conditions);
    const norm = Math.sqrt(dot(query.vector, query.vector));
    const score = metricScore(scope.collection.metric ?? 'cosine', query.vector, norm);
    const ranking = new TopRanking<ChunkRecord>(query.topK, query.keepBest);
    for (const record of candidates(table, query.conditions)) {
      if (record.embedding === null || !passes(record)) continue;
      ranking.offer(record, score(record.embedding, record.norm), record.seq, record.sourceId);
    }
    return scored(table, ranking);
  }

  /**
   * BM25 (k1 = 1.2, b = 0.75, as FTS5) over chunk text and heading paths, with this namespace's
   * live chunks as the statistics. Ties go to the chunk written first.
   */
  async lexicalSearch(
    _tx: MemoryTransaction,
    scope: Backend.BackendScope,
    query: Backend.LexicalQuery,
  ): Promise<Backend.ScoredChunk[]> {
    const table = this.#readableTable(scope);
    const passes = predicate(query.conditions);
    const ranking = new TopRanking<ChunkRecord>(query.topK, query.keepBest);
    for (const [id, score] of table.index.score(queryIndexTerms(query.terms.join(' ')))) {
      const record = table.chunks.get(id)!;
      if (passes(record)) ranking.offer(record, score, record.seq, record.sourceId);
    }
    return scored(table, ranking);
  }

  async writeDocument(tx: MemoryTransaction, scope: Backend.BackendScope, record: DocumentRecord) {
    const table = this.#writableTable(tx, scope);
    const previous = table.documents.get(record.documentId);
    table.documents.set(record.documentId, copyDocument(record));
    log(tx, () => {
      if (previous === undefined) table.documents.delete(record.documentId);
      else table.documents.set(record.documentId, previous);
    });
  }

  async readDocuments(_tx: MemoryTransaction, scope: Backend.BackendScope, documentIds?: readonly string[]) {
    const table = this.#readableTable(scope);
    const records =
      documentIds === undefined
        ? [...table.documents.values()]
        : documentIds.flatMap((id) => table.documents.get(id) ?? []);
    records.sort((a, b) => compareCodePointOrder(a.documentId, b.documentId));
    return records.map(copyDocument);
  }

  async countDocuments(_tx: MemoryTransaction, scope: Backend.BackendScope): Promise<number> {
    return this.#readableTable(scope).documents.size;
  }

  async deleteDocuments(
    tx: MemoryTransaction,
    scope: Backend.BackendScope,
    selection: { documentIds?: readonly string[]; sourceIds?: readonly string[] },
  ): Promise<number> {
    const table = this.#existingTable(scope);
    if (table === undefined) return 0;
    const documents = selection.documentIds === undefined ? undefined : new Set(selection.documentIds);
    const sources = selection.sourceIds === undefined ? undefined : new Set(selection.sourceIds);
    let deleted = 0;
    for (const record of [...table.documents.values()]) {
      if (documents !== undefined && !documents.has(record.documentId)) continue;
      if (sources !== undefined && !sources.has(record.sourceId)) continue;
      table.documents.delete(record.documentId);
      log(tx, () => table.documents.set(record.documentId, record));
      deleted += 1;
    }
    return deleted;
  }

  async recountDocuments(
    tx: MemoryTransaction,
    scope: Backend.BackendScope,
    documentIds: readonly string[],
  ): Promise<number> {
    const table = this.#existingTable(scope);
    if (table === undefined) return 0;
    const before = new Map(
      documentIds.flatMap((id) => {
        const record = table.documents.get(id);
        return record === undefined ? [] : [[id, record] as const];
      }),
    );
    table.recount(documentIds);
    log(tx, () => {
      for (const [id, record] of before) table.documents.set(id, record);
    });
    let deleted = 0;
    for (const id of before.keys()) if (!table.documents.has(id)) deleted += 1;
    return deleted;
  }

  async storageBytes(): Promise<number | undefined> {
    return undefined;
  }

  #existingTable({ collection, namespace }: Backend.BackendScope): NamespaceTable | undefined {
    return this.#collections.get(collection.name)?.namespaces.get(namespace);
  }

  /** The namespace's table, or a fresh empty one that is not kept (reads create nothing). */
  #readableTable(scope: Backend.BackendScope): NamespaceTable {
    return this.#existingTable(scope) ?? new NamespaceTable();
  }

  #writableTable(tx: MemoryTransaction, { collection, namespace }: Backend.BackendScope): NamespaceTable {
    const state = this.#collections.get(collection.name);
    if (state === undefined) throw new Error(`memory backend: collection "${collection.name}" vanished`);
    let table = state.namespaces.get(namespace);
    if (table === undefined) {
      const created = new NamespaceTable();
      table = created;
      state.namespaces.set(namespace, created);
      log(tx, () => {
        if (created.isEmpty()) state.namespaces.delete(namespace);
      });
    }
    return table;
  }
}

/** Records an undo step in a write transaction. */
/**
 * The score of an embedding against the query under `metric` (see `DistanceMetric`): cosine
 * similarity, 1 / (1 + L2 distance), or the inner product; higher is better on each.
 */
function metricScore(
  metric: DistanceMetric,
  query: Float32Array,
  queryNorm: number,
): (embedding: Float32Array, norm: number) => number {
  if (metric === 'dot') return (embedding) => dot(query, embedding);
  if (metric === 'euclidean') {
    return (embedding, norm) => {
      // |q - e|² = |q|² + |e|² - 2 q·e, floored at 0 against rounding.
      const squared = queryNorm * queryNorm + norm * norm - 2 * dot(query, embedding);
      return 1 / (1 + Math.sqrt(Math.max(0, squared)));
    };
  }
  return (embedding, norm) => dot(query, embedding) / (queryNorm * norm);
}

function log(tx: MemoryTransaction, undo: () => void): void {
  tx.undo?.push(undo);
}

/** Puts a record back as it was (its terms are derived from it again). */
function restore(table: NamespaceTable, record: ChunkRecord): void {
  const seq = record.seq;
  table.put({ record, terms: recordTerms(record) });
  record.seq = seq;
}

/** The test every scanned chunk must pass: ids, document ids, source ids, then the metadata filter. */
function predicate(conditions: Backend.ChunkConditions): (record: ChunkRecord) => boolean {
  const ids = conditions.ids === undefined ? undefined : new Set(conditions.ids);
  const documents = conditions.documentIds === undefined ? undefined : new Set(conditions.documentIds);
  const sources = conditions.sourceIds === undefined ? undefined : new Set(conditions.sourceIds);
  const { filter } = conditions;
  return (record) =>
    (ids === undefined || ids.has(record.id)) &&
    (documents === undefined || documents.has(record.documentId)) &&
    (sources === undefined || sources.has(record.sourceId)) &&
    (filter === undefined || matchesFilter(filter, record.metadata, record.headingPath));
}

/** The chunks a scan needs to look at: those of the listed documents, or all of them. */
function* candidates(table: NamespaceTable, conditions: Backend.ChunkConditions): Iterable<ChunkRecord> {
  if (conditions.documentIds === undefined) {
    yield* table.chunks.values();
    return;
  }
  for (const documentId of conditions.documentIds) {
    for (const id of [...table.chunkIdsOf(documentId)]) yield table.chunks.get(id)!;
  }
}

function scored(table: NamespaceTable, ranking: TopRanking<ChunkRecord>): Backend.ScoredChunk[] {
  return ranking.results().map(({ item, score }) => {
    const row: Backend.ScoredChunk = { chunk: chunkOf(item), score };
    const sourceName = table.documents.get(item.documentId)?.sourceName;
    if (sourceName !== undefined) row.sourceName = sourceName;
    return row;
  });
}
