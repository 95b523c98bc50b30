/**
 * The collection model: the one implementation of the {@link Store} port, holding every storage
 * policy once — names and namespaces, the registry, provisioning and `provision: false`, model and
 * dimension pinning, numbered schema upgrades, selector and filter validation, storable text,
 * batching under the backend's limits, iteration, counts and deletion accounting, the lifecycle
 * (refuse after close, wait for calls in flight) — over a {@link StoreBackend} that only stores,
 * reads and ranks.
 * @module
 */

import {
  type DocumentFacet,
  type DocumentFacetsOptions,
  type DocumentPage,
  type DocumentQuery,
  facetsOf,
  pageDocuments,
  resolveDocumentQuery,
  resolveFacetsOptions,
} from '../../core/document-query.js';
import {
  CollectionConflictError,
  CollectionNotFoundError,
  ConfigError,
  InvalidArgumentError,
  StoreClosedError,
} from '../../core/errors.js';
import { refuseUnsupportedFilter } from '../../core/filter/filter-operations.js';
import { nodeCrypto } from '../../core/node-crypto.js';
import type {
  ChunkSelector,
  CollectionInfo,
  CreateCollectionOptions,
  DeleteResult,
  DenseSearchRequest,
  DocumentWrite,
  HybridSearchRequest,
  IterateChunksRequest,
  LexicalSearchRequest,
  ScanConditions,
  Scope,
  Store,
  StoreCapabilities,
  StoreStats,
} from '../../core/ports.js';
import { queryTerms } from '../../core/query-terms.js';
import { storableJson } from '../../core/storable-text.js';
import type { Chunk, DocumentRecord, Hit, StoredChunk } from '../../core/types.js';
import type {
  BackendChunk,
  BackendDocument,
  BackendScope,
  ChunkConditions,
  ScoredChunk,
  StoreBackend,
  StoredCollection,
  TransactionMode,
  WriteChunksOptions,
} from './backend.js';
import { type CheckedConditions, checkConditions, checkSelector } from './conditions.js';
import { applyUpgrades, schemaAction } from './schema-version.js';
import { orderTies } from './tie-order.js';
import {
  chunkTarget,
  describeDefinition,
  isStorableId,
  type PreparedChunk,
  prepareChunks,
  prepareDocumentWrite,
  resolveNamespace,
  toEmbedding,
  validateCollectionName,
  validateCreateOptions,
  validateIdList,
  validateNewCollectionName,
  validatePositiveInteger,
} from './validation.js';
import { readCurrentVersions } from './versioned-reads.js';

/**
 * Most rows a search reads past its `topK` to see the whole run of scores tied at the cut
 * (identical passages in many documents); beyond it the backend's order decides the cut.
 */
const MAX_TIE_READ = 256;

/** Default chunks per batch of {@link CollectionStore.iterChunks}. */
export const DEFAULT_ITERATION_BATCH_SIZE = 500;
/** Default candidates per ranking of {@link CollectionStore.hybridSearch} (raised to `topK`). */
export const DEFAULT_HYBRID_CANDIDATES = 50;
/** Default RRF rank constant of {@link CollectionStore.hybridSearch} (Cormack et al., 2009). */
export const DEFAULT_HYBRID_RRF_K = 60;

/** Options of {@link CollectionStore}. */
export interface CollectionStoreOptions {
  /** The clock for `createdAt` and `ingestedAt`; default `() => new Date()`. */
  now?: () => Date;
}

/** Marks a scoped transaction that found its collection in need of an upgrade. */
const NEEDS_UPGRADE = Symbol('needs upgrade');

/**
 * The {@link Store} over a {@link StoreBackend}. Backends' factories (`openSqliteStore`,
 * `openPostgresStore`, `createMemoryStore`) return it, or a subclass that adds what only that
 * engine has.
 */
export class CollectionStore<Tx = unknown> implements Store {
  readonly specificationVersion = 'v2' as const;
  readonly backend: string;
  readonly capabilities: StoreCapabilities;

  readonly #backend: StoreBackend<Tx>;
  readonly #now: () => Date;
  #closed = false;
  #closing: Promise<void> | undefined;
  #registryKnown = false;
  readonly #inFlight = new Set<Promise<unknown>>();

  constructor(backend: StoreBackend<Tx>, options: CollectionStoreOptions = {}) {
    this.#backend = backend;
    this.backend = backend.name;
    this.capabilities = Object.freeze({ ...backend.capabilities });
    this.#now = options.now ?? (() => new Date());
  }

  /**
   * Whether this store provisions automatically: engines and collection services create a
   * missing collection on first write, and outdated collections are upgraded on first use. With
   * `false`, nothing is created or upgraded on the side; the explicit admin calls
   * ({@link ensureRegistry}, {@link createCollection}, {@link dropCollection}) still issue their
   * DDL, so a migration job or an administrator prepares what runtime roles then use.
   */
  get provision(): boolean {
    return this.#backend.provision;
  }

  /**
   * Creates the registry and the backend's shared tables when missing. An explicit admin call:
   * it issues DDL whatever `provision` says.
   * @throws {StoreClosedError} after {@link close}.
   */
  async ensureRegistry(): Promise<void> {
    await this.#track(async () => {
      if (await this.#hasRegistry()) return;
      await this.#backend.transaction('write', async (tx) => {
        await this.#backend.lockRegistry(tx);
        await this.#backend.createRegistry(tx);
      });
      this.#registryKnown = true;
    });
  }

  /**
   * Creates a collection (storage and registry entry in one transaction with the registry
   * locked, so concurrent creators serialise and exactly one definition wins), or returns the
   * existing one when model and dimension agree (and `vectorType`, when given). Creates the
   * registry first when it is missing.
   * @throws {InvalidArgumentError} for a bad name or options, or a vector type this backend lacks;
   *   a new collection's name must also pass `validateNewCollectionName` (no control characters,
   *   path separators, dots only or outer whitespace).
   * @throws {CollectionConflictError} when it exists with another definition, also when a
   *   concurrent creator (another store object, another process) won the race with another one.
   *
   * An explicit admin call: it issues DDL whatever `provision` says.
   */
  async createCollection(name: string, options?: CreateCollectionOptions): Promise<CollectionInfo> {
    this.#open();
    validateCollectionName(name);
    const definition = validateCreateOptions(options);
    if (!this.capabilities.vectorTypes.includes(definition.vectorType)) {
      throw new InvalidArgumentError(
        'vectorType',
        `the ${this.backend} store keeps ${this.capabilities.vectorTypes.join(' or ')} embeddings only`,
      );
    }
    if (!this.capabilities.metrics.includes(definition.metric)) {
      throw new InvalidArgumentError(
        'metric',
        `the ${this.backend} store ranks by ${this.capabilities.metrics.join(', ')} only, not ${definition.metric}; ` +
          'use metric: cosine, or a store that serves it (memory)',
      );
    }
    const settle = (existing: StoredCollection): CollectionInfo => {
      const sameType = options?.vectorType === undefined || existing.vectorType === definition.vectorType;
      const sameMetric = options?.metric === undefined || (existing.metric ?? 'cosine') === definition.metric;
      if (
        existing.model === definition.model &&
        existing.dimension === definition.dimension &&
        sameType &&
        sameMetric
      ) {
        return publicInfo(existing);
      }
      throw new CollectionConflictError(
        name,
        `exists with ${describeDefinition(existing)}; this call asked for ${describeDefinition(definition)}. ` +
          "Use the collection's own model, or another collection name",
      );
    };
    return this.#track(async () => {
      const created = await this.#backend.transaction('write', async (tx) => {
        await this.#backend.lockRegistry(tx);
        if (!this.#registryKnown && !(await this.#backend.hasRegistry(tx))) {
          await this.#backend.createRegistry(tx);
        }
        const existing = await this.#backend.readCollection(tx, name, false);
        if (existing !== undefined) return settle(existing);
        validateNewCollectionName(name);
        const collection: StoredCollection = {
          name,
          location: this.#backend.locationFor(name),
          model: definition.model,
          dimension: definition.dimension,
          vectorType: definition.vectorType,
          schemaVersion: this.#backend.schemaVersion,
          createdAt: this.#timestamp(),
          metadata: storableJson(definition.metadata),
          ...(definition.metric === 'cosine' ? {} : { metric: definition.metric }),
        };
        await this.#backend.createCollection(tx, collection);
        return publicInfo(collection);
      });
      this.#registryKnown = true;
      return created;
    });
  }

  /**
   * Drops a collection: its storage, its document records in every namespace and its registry
   * entry, in one transaction. Waits for scoped calls on it to finish where the backend locks.
   * @returns false when it did not exist.
   *
   * An explicit admin call: it issues DDL whatever `provision` says.
   */
  async dropCollection(name: string): Promise<boolean> {
    this.#open();
    validateCollectionName(name);
    return this.#track(async () => {
      if ((await this.#readRegistryEntry(name)) === undefined) return false;
      return this.#backend.transaction('write', async (tx) => {
        await this.#backend.lockRegistry(tx);
        const collection = await this.#backend.readCollection(tx, name, false);
        if (collection === undefined) return false;
        await this.#backend.dropCollection(tx, collection);
        return true;
      });
    });
  }

  /** Every collection, ordered by name (code point), with its chunk count in `namespace` only. Never creates the registry. */
  async listCollections(
    options: { namespace?: string } = {},
  ): Promise<Array<CollectionInfo & { count: number }>> {
    this.#open();
    const namespace = resolveNamespace(options ?? {});
    return this.#track(async () => {
      if (!(await this.#hasRegistry())) return [];
      return this.#backend.transaction('read', async (tx) => {
        const collections = await this.#backend.readCollections(tx);
        await this.#backend.enterNamespace(tx, namespace);
        const listed: Array<CollectionInfo & { count: number }> = [];
        for (const collection of collections) {
          const count = await this.#backend.countChunks(tx, { collection, namespace }, {});
          listed.push({ ...publicInfo(collection), count });
        }
        return listed;
      });
    });
  }

  /** The registry entry, or `undefined` (also when the registry does not exist yet). */
  async getCollection(name: string): Promise<CollectionInfo | undefined> {
    this.#open();
    validateCollectionName(name);
    return this.#track(async () => {
      const collection = await this.#readRegistryEntry(name);
      return collection === undefined ? undefined : publicInfo(collection);
    });
  }

  /** Totals of one namespace (default `default`) over every collection; `bytes` is the whole database's size. */
  async getStats(options: { namespace?: string } = {}): Promise<StoreStats> {
    this.#open();
    const namespace = resolveNamespace(options ?? {});
    return this.#track(async () => {
      const hasRegistry = await this.#hasRegistry();
      return this.#backend.transaction('read', async (tx) => {
        const bytes = await this.#backend.storageBytes(tx);
        const stats: StoreStats = { collections: 0, documents: 0, chunks: 0 };
        if (bytes !== undefined) stats.bytes = bytes;
        if (!hasRegistry) return stats;
        const collections = await this.#backend.readCollections(tx);
        await this.#backend.enterNamespace(tx, namespace);
        stats.collections = collections.length;
        for (const collection of collections) {
          const scope = { collection, namespace };
          stats.chunks += await this.#backend.countChunks(tx, scope, {});
          stats.documents += await this.#backend.countDocuments(tx, scope);
        }
        return stats;
      });
    });
  }

  /**
   * Replaces a document and its chunks as one transaction: every chunk is validated first, then
   * the old chunks are deleted, the new ones written (in batches the backend accepts) and the
   * record upserted (`chunkCount`, `ingestedAt` = now). A failure leaves the previous version.
   * @throws {CollectionNotFoundError} when the collection does not exist.
   * @throws {DimensionMismatchError} before writing, for an embedding of the wrong length (or any
   *   embedding in a lexical-only collection).
   * @throws {InvalidArgumentError} before writing, for a malformed field, a missing, zero,
   *   non-finite or unrepresentable embedding, chunks whose `documentId`/`sourceId` differ from the
   *   document's, or a chunk id already used by another document of the namespace.
   */
  async replaceDocument(scope: Scope, write: DocumentWrite): Promise<DocumentRecord> {
    return this.#scoped('write', scope, async (tx, target) => {
      const { record, chunks } = prepareDocumentWrite(write, chunkTarget(target.collection));
      const stored: DocumentRecord = { ...record, ingestedAt: this.#timestamp() };
      if (this.#versioned) return this.#replaceVersioned(tx, target, stored, chunks);
      await this.#backend.deleteChunks(tx, target, { documentIds: [record.documentId] });
      const present = await this.#refuseTakenIds(tx, target, chunks, record.documentId);
      // Absent unless a concurrent replace of the same document committed its chunks meanwhile.
      await this.#writeChunks(tx, target, chunks, stored.ingestedAt, { absent: !present });
      await this.#backend.writeDocument(tx, target, stored);
      return stored;
    });
  }

  /** The document record, or `undefined`. */
  async getDocument(scope: Scope, documentId: string): Promise<DocumentRecord | undefined> {
    if (typeof documentId !== 'string') throw new InvalidArgumentError('documentId', 'must be a string');
    return this.#scoped('read', scope, async (tx, target) => {
      if (!isStorableId(documentId)) return undefined;
      const [record] = await this.#backend.readDocuments(tx, target, [documentId]);
      return record === undefined ? undefined : publicRecord(record);
    });
  }

  /** Every document record of the namespace, ordered by document id (code point). */
  async listDocuments(scope: Scope): Promise<DocumentRecord[]> {
    return this.#scoped('read', scope, async (tx, target) =>
      (await this.#backend.readDocuments(tx, target)).map(publicRecord),
    );
  }

  /**
   * One page of document records (see {@link Store.queryDocuments}): the backend's own query
   * where it has one, else its full list paged here.
   */
  async queryDocuments(scope: Scope, query?: DocumentQuery): Promise<DocumentPage> {
    const resolved = resolveDocumentQuery(query);
    return this.#scoped('read', scope, async (tx, target) => {
      if (this.#backend.queryDocuments && !this.#versioned) {
        const page = await this.#backend.queryDocuments(tx, target, resolved);
        return { ...page, documents: page.documents.map(publicRecord) };
      }
      return pageDocuments((await this.#backend.readDocuments(tx, target)).map(publicRecord), resolved);
    });
  }

  /** The metadata facets of the namespace's documents (see {@link Store.documentFacets}). */
  async documentFacets(scope: Scope, options?: DocumentFacetsOptions): Promise<DocumentFacet[]> {
    const bounds = resolveFacetsOptions(options);
    return this.#scoped('read', scope, async (tx, target) => {
      if (this.#backend.documentFacets && !this.#versioned)
        return this.#backend.documentFacets(tx, target, bounds);
      return facetsOf((await this.#backend.readDocuments(tx, target)).map(publicRecord), bounds);
    });
  }

  /**
   * Inserts chunks or overwrites them by id (keeping their creation time), as one transaction,
   * after validating all of them. Creates no document record; recounts the records of documents
   * that gained or lost chunks.
   * @throws {DimensionMismatchError} / {InvalidArgumentError} before writing, as {@link replaceDocument}.
   */
  async upsertChunks(scope: Scope, chunks: StoredChunk[]): Promise<void> {
    await this.#scoped('write', scope, async (tx, target) => {
      const prepared = prepareChunks(chunks, chunkTarget(target.collection));
      if (prepared.length === 0) return;
      const owners = await this.#backend.chunkOwners(
        tx,
        target,
        prepared.map(({ chunk }) => chunk.id),
      );
      if (this.#versioned) await this.#writeUnderCurrentVersions(tx, target, prepared, this.#timestamp());
      // No id stored yet (the owners' read just said so): the backend may skip its own look-up.
      else await this.#writeChunks(tx, target, prepared, this.#timestamp(), { absent: owners.size === 0 });
      await this.#backend.recountDocuments(tx, target, [
        ...new Set([...owners.values(), ...prepared.map(({ chunk }) => chunk.documentId)]),
      ]);
    });
  }

  /**
   * Deletes the chunks `selector` selects (every condition must hold), then inserts `chunks`, in
   * one transaction. Chunks are validated first; a failure leaves every old row in place.
   * @returns What was deleted.
   * @throws {InvalidArgumentError} when the selector would select every chunk without `all: true`,
   *   or a chunk is malformed.
   * @throws {InvalidFilterError} for a malformed filter.
   * @throws {DimensionMismatchError} for an embedding of the wrong length.
   */
  async replaceChunks(scope: Scope, selector: ChunkSelector, chunks: StoredChunk[]): Promise<DeleteResult> {
    const checked = this.#supported(checkSelector(selector, 'selector'));
    return this.#scoped('write', scope, async (tx, target) => {
      const prepared = prepareChunks(chunks, chunkTarget(target.collection));
      const deleted = checked.matchesNothing
        ? []
        : await this.#backend.deleteChunks(tx, target, checked.conditions);
      if (this.#versioned) await this.#writeUnderCurrentVersions(tx, target, prepared, this.#timestamp());
      else await this.#writeChunks(tx, target, prepared, this.#timestamp());
      const documents = await this.#backend.recountDocuments(tx, target, [
        ...new Set([...deleted, ...prepared.map(({ chunk }) => chunk.documentId)]),
      ]);
      return { chunks: deleted.length, documents };
    });
  }

  /**
   * Deletes the chunks `selector` selects (every condition must hold), in one transaction. A
   * document record goes with its document's last chunk; records named by `documentIds` and/or
   * `sourceIds` alone go even when they hold no chunk.
   * @returns What was deleted.
   * @throws {InvalidArgumentError} when the selector would select every chunk without `all: true`.
   * @throws {InvalidFilterError} for a malformed filter.
   */
  async deleteChunks(scope: Scope, selector: ChunkSelector): Promise<DeleteResult> {
    const checked = this.#supported(checkSelector(selector, 'selector'));
    return this.#scoped('write', scope, async (tx, target) => {
      if (checked.matchesNothing) return { chunks: 0, documents: 0 };
      const { conditions } = checked;
      const deleted = await this.#backend.deleteChunks(tx, target, conditions);
      let documents = 0;
      if (conditions.filter === undefined && conditions.ids === undefined) {
        documents += await this.#backend.deleteDocuments(tx, target, {
          documentIds: conditions.documentIds,
          sourceIds: conditions.sourceIds,
        });
      }
      documents += await this.#backend.recountDocuments(tx, target, [...new Set(deleted)]);
      return { chunks: deleted.length, documents };
    });
  }

  /**
   * Deletes every chunk and document record of one namespace, in every collection, in one
   * transaction.
   * @throws {InvalidArgumentError} for an empty or malformed namespace.
   */
  async purgeNamespace(namespace: string): Promise<DeleteResult> {
    this.#open();
    if (typeof namespace !== 'string') throw new InvalidArgumentError('namespace', 'must be a string');
    const resolved = resolveNamespace({ namespace });
    return this.#track(async () => {
      if (!(await this.#hasRegistry())) return { chunks: 0, documents: 0 };
      return this.#backend.transaction('write', async (tx) => {
        const collections = await this.#backend.readCollections(tx);
        await this.#backend.enterNamespace(tx, resolved);
        const result = { chunks: 0, documents: 0 };
        for (const collection of collections) {
          const scope = { collection, namespace: resolved };
          result.chunks += (await this.#backend.deleteChunks(tx, scope, {})).length;
          result.documents += await this.#backend.deleteDocuments(tx, scope, {});
        }
        return result;
      });
    });
  }

  /**
   * Yields the chunks that pass the conditions in ascending id order (code point), `batchSize` at
   * a time (default {@link DEFAULT_ITERATION_BATCH_SIZE}), with embeddings as `number[]` unless
   * `includeEmbeddings` is false. Each batch is its own transaction resuming after the last id
   * yielded, so writes between batches are seen by later batches and no transaction stays open.
   * @throws {InvalidArgumentError} / {InvalidFilterError} / {CollectionNotFoundError} on the first `next()`.
   */
  async *iterChunks(request: IterateChunksRequest): AsyncIterable<StoredChunk[]> {
    const { conditions, matchesNothing } = this.#supported(checkConditions(request));
    const limit = validatePositiveInteger(request.batchSize ?? DEFAULT_ITERATION_BATCH_SIZE, 'batchSize');
    const embeddings = request.includeEmbeddings !== false;
    let after: string | undefined;
    for (;;) {
      const page = await this.#scoped('read', request, async (tx, target) => {
        if (matchesNothing) return [];
        const rows = await this.#current(tx, target, {
          read: (extra) =>
            this.#backend.scanChunks(tx, target, conditions, {
              after,
              limit: limit + extra,
              embeddings: embeddings && target.collection.dimension !== null,
            }),
          versionOf: chunkVersion,
          want: { count: limit, full: (rows, extra) => rows.length >= limit + extra },
        });
        return rows.slice(0, limit).map(publicChunk);
      });
      if (page.length === 0) return;
      yield page;
      if (page.length < limit) return;
      after = page[page.length - 1]!.id;
    }
  }

  /** Embeddings by chunk id, as `number[]`; unknown ids (and chunks without one) are absent. */
  async getEmbeddings(scope: Scope, ids: string[]): Promise<Map<string, number[]>> {
    validateIdList(ids, 'ids');
    return this.#scoped('read', scope, async (tx, target) => {
      const found = new Map<string, number[]>();
      const wanted = [...new Set(ids.filter(isStorableId))];
      if (wanted.length === 0 || target.collection.dimension === null) return found;
      const chunks = await this.#current(tx, target, {
        read: () => this.#backend.readChunks(tx, target, wanted, true),
        versionOf: chunkVersion,
      });
      for (const chunk of chunks) {
        if (chunk.embedding !== undefined) found.set(chunk.id, Array.from(chunk.embedding));
      }
      return found;
    });
  }

  /**
   * Cosine search. `score` = `scores.dense` = cosine similarity clamped to [-1, 1]; a score that
   * is not a finite number never comes back. Hits below `minSimilarity` are dropped after ranking
   * (so fewer than `topK` may remain). When the backend's index is approximate and found fewer
   * than `topK` passing chunks, the search is repeated exactly, so `topK` hits come back whenever
   * that many chunks pass the conditions.
   * @throws {DimensionMismatchError} when the query's length differs from the collection's dimension.
   * @throws {InvalidArgumentError} for a zero, non-finite or unrepresentable query, a bad `topK` or
   *   `minSimilarity`, or a lexical-only collection.
   */
  async denseSearch(request: DenseSearchRequest): Promise<Hit[]> {
    const topK = validatePositiveInteger(request?.topK, 'topK');
    const minSimilarity = checkMinSimilarity(request.minSimilarity);
    const { conditions, matchesNothing } = this.#supported(checkConditions(request));
    return this.#scoped('search', request, async (tx, target) => {
      const vector = queryVector(target.collection, request.vector);
      if (matchesNothing) return [];
      const keepBest = request.keepBest === true;
      let exact = request.exact === true || this.capabilities.dense === 'exact';
      const query = { vector, topK, conditions, keepBest, exact };
      const search = (exactly: boolean) =>
        this.#currentHits(tx, target, topK, (extra) =>
          this.#backend.denseSearch(tx, target, { ...query, topK: topK + extra, exact: exactly }),
        );
      let rows = await search(exact);
      if (!exact && !keepBest && rows.length < topK) {
        exact = true;
        rows = await search(exact);
      }
      const hits: Hit[] = [];
      for (const row of rows) {
        if (!Number.isFinite(row.score)) continue;
        const similarity = target.collection.metric === undefined ? clampSimilarity(row.score) : row.score;
        if (minSimilarity !== undefined && similarity < minSimilarity) continue;
        hits.push(toHit(row, similarity, { dense: similarity }));
      }
      return hits;
    });
  }

  /**
   * Lexical search over chunk text and heading paths. The query is split into word tokens (see
   * `queryTerms`), each matched as a literal (never query syntax) and any of them matching; the
   * scoring is {@link StoreCapabilities.lexical}. `score` = `scores.lexical`, higher is better.
   * Text without words (empty, whitespace, punctuation only) returns [].
   * @throws {InvalidArgumentError} for a non-string query, a bad `topK`, or a backend without a lexical index.
   */
  async lexicalSearch(request: LexicalSearchRequest): Promise<Hit[]> {
    if (typeof request?.query !== 'string') throw new InvalidArgumentError('query', 'must be a string');
    const topK = validatePositiveInteger(request.topK, 'topK');
    const { conditions, matchesNothing } = this.#supported(checkConditions(request));
    if (this.capabilities.lexical === 'none') {
      throw new InvalidArgumentError(
        'mode',
        `the ${this.backend} store has no lexical index; search with dense vectors`,
      );
    }
    const terms = queryTerms(request.query);
    return this.#scoped('search', request, async (tx, target) => {
      if (terms.length === 0 || matchesNothing) return [];
      const rows = await this.#currentHits(tx, target, topK, (extra) =>
        this.#backend.lexicalSearch(tx, target, {
          text: request.query,
          terms,
          topK: topK + extra,
          conditions,
          keepBest: request.keepBest === true,
        }),
      );
      return rows.map((row) => toHit(row, row.score, { lexical: row.score }));
    });
  }

  /**
   * Dense and lexical search fused by reciprocal rank fusion inside the backend (one round trip).
   * Each ranking contributes its best `candidates`, ranked from 1; a chunk scores
   * `weight / (k + rank)` per ranking it is in. `score` = `scores.fused`; `scores.dense` and
   * `scores.lexical` are set for the rankings that held the chunk.
   * @throws {ConfigError} when the backend has no native hybrid search ({@link StoreCapabilities.hybrid}).
   * @throws As {@link denseSearch}, plus {@link InvalidArgumentError} for a non-string query or bad
   *   `candidates`, `k` or `weights`.
   */
  async hybridSearch(request: HybridSearchRequest): Promise<Hit[]> {
    const hybrid = this.#backend.hybridSearch?.bind(this.#backend);
    if (!this.capabilities.hybrid || hybrid === undefined) {
      throw new ConfigError(
        `the ${this.backend} store has no native hybrid search; fuse denseSearch and lexicalSearch (the engine's retriever does)`,
      );
    }
    if (typeof request?.query !== 'string') throw new InvalidArgumentError('query', 'must be a string');
    const topK = validatePositiveInteger(request.topK, 'topK');
    const candidates = Math.max(
      validatePositiveInteger(request.candidates ?? DEFAULT_HYBRID_CANDIDATES, 'candidates'),
      topK,
    );
    const k = request.k ?? DEFAULT_HYBRID_RRF_K;
    if (typeof k !== 'number' || !(Number.isFinite(k) && k >= 0)) {
      throw new InvalidArgumentError('k', `must be ≥ 0, got ${k}`);
    }
    const weights = request.weights ?? [1, 1];
    if (!Array.isArray(weights) || weights.length !== 2 || !weights.every((w) => Number.isFinite(w))) {
      throw new InvalidArgumentError('weights', 'must be two finite numbers [dense, lexical]');
    }
    const minSimilarity = checkMinSimilarity(request.minSimilarity);
    const { conditions, matchesNothing } = this.#supported(checkConditions(request));
    const terms = queryTerms(request.query);
    return this.#scoped('search', request, async (tx, target) => {
      const vector = queryVector(target.collection, request.vector);
      if (matchesNothing) return [];
      const rows = await this.#currentHits(
        tx,
        target,
        topK,
        (extra) =>
          hybrid(tx, target, {
            vector,
            text: request.query,
            terms,
            topK: topK + extra,
            conditions,
            keepBest: request.keepBest === true,
            exact: false,
            candidates: candidates + extra,
            k,
            weights: [weights[0], weights[1]],
            minSimilarity,
          }),
        false,
      );
      return rows.map((row) => {
        const scores: Hit['scores'] = { fused: row.score };
        if (row.dense !== undefined && Number.isFinite(row.dense)) {
          // Only cosine is bounded; Euclidean and dot similarities are reported as scored.
          scores.dense = target.collection.metric === undefined ? clampSimilarity(row.dense) : row.dense;
        }
        if (row.lexical !== undefined) scores.lexical = row.lexical;
        return toHit(row, row.score, scores);
      });
    });
  }

  /** Chunks by id in the order asked; unknown ids are left out. */
  async getChunks(scope: Scope, ids: string[]): Promise<Array<Chunk & { sourceId: string }>> {
    validateIdList(ids, 'ids');
    return this.#scoped('read', scope, async (tx, target) => {
      const wanted = [...new Set(ids.filter(isStorableId))];
      if (wanted.length === 0) return [];
      const byId = new Map<string, Chunk & { sourceId: string }>();
      const chunks = await this.#current(tx, target, {
        read: () => this.#backend.readChunks(tx, target, wanted, false),
        versionOf: chunkVersion,
      });
      for (const chunk of chunks) {
        const { embedding: _embedding, embeddingText: _text, version: _version, ...rest } = chunk;
        byId.set(chunk.id, rest);
      }
      return ids.flatMap((id) => byId.get(id) ?? []);
    });
  }

  /** Number of chunks in the namespace that pass the conditions. */
  async countChunks(scope: Scope & ScanConditions): Promise<number> {
    const { conditions, matchesNothing } = this.#supported(checkConditions(scope ?? {}));
    return this.#scoped('read', scope, (tx, target) =>
      matchesNothing ? Promise.resolve(0) : this.#backend.countChunks(tx, target, conditions),
    );
  }

  /** True when the backend answers a trivial request; false after {@link close} or on any failure. */
  async ping(): Promise<boolean> {
    if (this.#closed) return false;
    try {
      return await this.#backend.ping();
    } catch {
      return false;
    }
  }

  /**
   * Refuses new calls, waits for the calls in flight to settle, then releases the backend.
   * Idempotent; every other method throws {@link StoreClosedError} afterwards.
   */
  async close(): Promise<void> {
    if (this.#closing === undefined) {
      this.#closed = true;
      this.#closing = (async () => {
        while (this.#inFlight.size > 0) await Promise.allSettled([...this.#inFlight]);
        await this.#backend.close();
      })();
    }
    return this.#closing;
  }

  /**
   * Runs backend-specific work (a subclass's maintenance method) under the store's lifecycle:
   * refused after {@link close}, and waited for by it.
   */
  protected run<T>(work: () => Promise<T>): Promise<T> {
    return this.#track(work);
  }

  /**
   * Runs a subclass's own write (a bulk load) as every scoped write runs: one transaction
   * confined to the scope's namespace, the collection's registry entry read and locked against a
   * drop, under the store's lifecycle. `now` is the write's timestamp (the `now` option).
   * @throws {CollectionNotFoundError} when the collection does not exist.
   */
  protected scopedWrite<T>(
    scope: Scope,
    work: (tx: Tx, target: BackendScope, now: string) => Promise<T>,
  ): Promise<T> {
    return this.#scoped('write', scope, (tx, target) => work(tx, target, this.#timestamp()));
  }

  #open(): void {
    if (this.#closed) throw new StoreClosedError(this.backend);
  }

  /** Whether document replaces follow the versioned plan (no transactions). */
  get #versioned(): boolean {
    return this.capabilities.replace === 'versioned';
  }

  /** The checked conditions, refused when their filter needs an operation the backend lacks. */
  #supported(checked: CheckedConditions): CheckedConditions {
    refuseUnsupportedFilter(checked.conditions.filter, this.capabilities.unsupportedFilters, this.backend);
    return checked;
  }

  /** Rows of a read, restricted on versioned backends to their documents' current versions. */
  #current<Row>(
    tx: Tx,
    target: BackendScope,
    read: {
      read(extra: number): Promise<Row[]>;
      versionOf(row: Row): { documentId: string; version: string | undefined };
      want?: { count: number; full(rows: Row[], extra: number): boolean };
    },
  ): Promise<Row[]> {
    if (!this.#versioned) return read.read(0);
    return readCurrentVersions({ backend: this.#backend, tx, target, ...read });
  }

  /**
   * A search's `topK` rows on the current versions, reading more when dropped rows left fewer than
   * `topK`. With `tieOrder` (dense and lexical searches), ties go in the order of
   * {@link orderTies}: one row past the cut is read, and when it ties with the last row kept, the
   * backend's own order chose between them, so the search is read again with
   * {@link MAX_TIE_READ} rows past the cut (the whole run of equal scores, unless longer). A fused
   * ranking breaks its own ties (the better dense rank, then the better lexical rank), so it passes
   * `false`.
   */
  async #currentHits(
    tx: Tx,
    target: BackendScope,
    topK: number,
    search: (extra: number) => Promise<ScoredChunk[]>,
    tieOrder = true,
  ): Promise<ScoredChunk[]> {
    const read = (count: number) =>
      this.#current(tx, target, {
        read: (extra) => search(count - topK + extra),
        versionOf: (row) => ({ documentId: row.chunk.documentId, version: row.version }),
        want: { count, full: (rows, extra) => rows.length >= count + extra },
      });
    if (!tieOrder) return (await read(topK)).slice(0, topK);
    let rows = await read(topK + 1);
    // At most one more read: a search is one statement, so reading on in steps would repeat it.
    if (rows.length > topK && rows[topK]!.score === rows[topK - 1]!.score)
      rows = await read(topK + MAX_TIE_READ);
    return orderTies(rows).slice(0, topK);
  }

  /**
   * The versioned replace: the new chunks are written under a new version (beside the old ones,
   * which readers keep seeing), the record is switched to it in one write, then every other version
   * of the document is deleted. A failure before the switch leaves the old version current; the
   * new version's chunks it wrote are removed when possible, else left for the next replace.
   */
  async #replaceVersioned(
    tx: Tx,
    target: BackendScope,
    stored: DocumentRecord,
    chunks: PreparedChunk[],
  ): Promise<DocumentRecord> {
    const version = newVersion();
    await this.#refuseTakenIds(tx, target, chunks, stored.documentId);
    const documentIds = [stored.documentId];
    try {
      await this.#writeChunks(
        tx,
        target,
        chunks.map((prepared) => ({ ...prepared, version })),
        stored.ingestedAt,
      );
      await this.#backend.writeDocument(tx, target, { ...stored, version });
    } catch (error) {
      await this.#backend.deleteChunks(tx, target, { documentIds, onlyVersion: version }).catch(() => {});
      throw error;
    }
    await this.#backend.deleteChunks(tx, target, { documentIds, otherThanVersion: version });
    return stored;
  }

  /**
   * Writes chunks (upserts, replaceChunks) on a versioned backend: each under its document's
   * current version (so it goes with that version), or none when the document has no record;
   * rows of the same ids under other versions are deleted afterwards.
   */
  async #writeUnderCurrentVersions(tx: Tx, target: BackendScope, chunks: PreparedChunk[], now: string) {
    if (chunks.length === 0) return;
    const documentIds = [...new Set(chunks.map(({ chunk }) => chunk.documentId))];
    const versions = new Map<string, string>();
    for (const record of await this.#backend.readDocuments(tx, target, documentIds)) {
      versions.set(record.documentId, record.version ?? '');
    }
    const groups = new Map<string, PreparedChunk[]>();
    for (const prepared of chunks) {
      const version = versions.get(prepared.chunk.documentId) ?? '';
      groups.set(version, [...(groups.get(version) ?? []), { ...prepared, version }]);
    }
    for (const [version, group] of groups) {
      await this.#writeChunks(tx, target, group, now);
      const conditions: ChunkConditions = {
        ids: group.map(({ chunk }) => chunk.id),
        otherThanVersion: version,
      };
      await this.#backend.deleteChunks(tx, target, conditions);
    }
  }

  /** Runs `work` counted as a call in flight, so that {@link close} waits for it. */
  #track<T>(work: () => Promise<T>): Promise<T> {
    this.#open();
    const running = work();
    this.#inFlight.add(running);
    const forget = () => {
      this.#inFlight.delete(running);
    };
    running.then(forget, forget);
    return running;
  }

  #timestamp(): string {
    const now = this.#now();
    if (!(now instanceof Date) || Number.isNaN(now.getTime())) {
      throw new InvalidArgumentError('options.now', `must return a valid Date, got ${String(now)}`);
    }
    return now.toISOString();
  }

  async #hasRegistry(): Promise<boolean> {
    if (this.#registryKnown) return true;
    this.#registryKnown = await this.#backend.transaction('read', (tx) => this.#backend.hasRegistry(tx));
    return this.#registryKnown;
  }

  /** The registry entry of `name`, or `undefined` (also without a registry). */
  async #readRegistryEntry(name: string): Promise<StoredCollection | undefined> {
    if (!(await this.#hasRegistry())) return undefined;
    return this.#backend.transaction('read', (tx) => this.#backend.readCollection(tx, name, false));
  }

  /**
   * Runs `work` in one transaction confined to the scope's namespace, with its collection's
   * registry entry read (and locked against a concurrent drop) in the same transaction. A
   * collection at an older layout is upgraded first, in a transaction of its own.
   */
  #scoped<T>(
    mode: TransactionMode,
    scope: Scope,
    work: (tx: Tx, target: BackendScope) => Promise<T>,
  ): Promise<T> {
    this.#open();
    if (typeof scope !== 'object' || scope === null)
      throw new InvalidArgumentError('scope', 'must be an object');
    const name = validateCollectionName(scope.collection);
    const namespace = resolveNamespace(scope);
    return this.#track(async () => {
      let current = mode;
      for (;;) {
        const known = this.#registryKnown;
        const outcome = await this.#backend.transaction(current, async (tx) => {
          const exists = known || (await this.#backend.hasRegistry(tx));
          const entered = this.#backend.readCollectionIn !== undefined;
          const collection = !exists
            ? undefined
            : entered
              ? await this.#backend.readCollectionIn!(tx, name, namespace)
              : await this.#backend.readCollection(tx, name, true);
          if (collection === undefined) throw this.#notFound(name);
          this.#registryKnown = true;
          if (schemaAction(collection, this.#backend.schemaVersion, this.provision) === 'upgrade') {
            return NEEDS_UPGRADE;
          }
          if (!entered) await this.#backend.enterNamespace(tx, namespace);
          return { value: await work(tx, { collection, namespace }) };
        });
        if (outcome !== NEEDS_UPGRADE) return outcome.value;
        await this.#upgrade(name);
        // A replica may not show the upgrade yet: the retry reads where the upgrade was written.
        if (current === 'search') current = 'read';
      }
    });
  }

  /** Brings a collection to the backend's layout version through its numbered upgrade steps. */
  async #upgrade(name: string): Promise<void> {
    await this.#backend.transaction('write', async (tx) => {
      await this.#backend.lockRegistry(tx);
      const collection = await this.#backend.readCollection(tx, name, false);
      if (collection === undefined) throw this.#notFound(name);
      if (schemaAction(collection, this.#backend.schemaVersion, this.provision) !== 'upgrade') return;
      await applyUpgrades(tx, collection, this.#backend.schemaVersion, this.#backend.upgrades, (version) =>
        this.#backend.recordSchemaVersion(tx, collection, version),
      );
    });
  }

  #notFound(name: string): CollectionNotFoundError {
    return new CollectionNotFoundError(
      name,
      this.provision
        ? 'create it first with createCollection, or ingest into it'
        : 'create it with `cairn collections create …`, or open the store with provision: true; this store was opened with provision: false, so nothing creates it on first write',
    );
  }

  /**
   * Writes validated chunks in batches of at most the backend's `maxWriteBatch`, between the
   * backend's `beginBulkWrite` and what it returns (when it has one).
   */
  async #writeChunks(
    tx: Tx,
    target: BackendScope,
    chunks: PreparedChunk[],
    now: string,
    options?: WriteChunksOptions,
  ): Promise<void> {
    const size = this.capabilities.maxWriteBatch;
    const finish =
      chunks.length > 0 ? await this.#backend.beginBulkWrite?.(tx, target, chunks.length) : undefined;
    for (let start = 0; start < chunks.length; start += size) {
      await this.#backend.writeChunks(tx, target, chunks.slice(start, start + size), now, options);
    }
    await finish?.();
  }

  /**
   * Refuses a document write whose chunk ids belong to another document of the namespace.
   * @returns Whether any of the ids is stored (then by this document).
   */
  async #refuseTakenIds(
    tx: Tx,
    target: BackendScope,
    chunks: PreparedChunk[],
    documentId: string,
  ): Promise<boolean> {
    if (chunks.length === 0) return false;
    const owners = await this.#backend.chunkOwners(
      tx,
      target,
      chunks.map(({ chunk }) => chunk.id),
    );
    for (const [id, owner] of owners) {
      if (owner === documentId) continue;
      throw new InvalidArgumentError(
        'chunks',
        `chunk id "${id}" already belongs to document "${owner}" in namespace "${target.namespace}"`,
      );
    }
    return owners.size > 0;
  }
}

/** A new version id for a versioned replace: 64 random bits, hex. */
function newVersion(): string {
  return nodeCrypto().randomBytes(8).toString('hex');
}

function chunkVersion(chunk: BackendChunk): { documentId: string; version: string | undefined } {
  return { documentId: chunk.documentId, version: chunk.version };
}

/** A chunk without the backend's version. */
function publicChunk(chunk: BackendChunk): StoredChunk {
  if (chunk.version === undefined) return chunk;
  const { version: _version, ...rest } = chunk;
  return rest;
}

/** A document record without the backend's version. */
function publicRecord(record: BackendDocument): DocumentRecord {
  if (record.version === undefined) return record;
  const { version: _version, ...rest } = record;
  return rest;
}

/** The port's view of a registry entry (no backend location). */
function publicInfo(collection: StoredCollection): CollectionInfo {
  const { location: _location, ...info } = collection;
  return { ...info, metadata: structuredClone(info.metadata) };
}

/** The query vector of a dense or hybrid search, checked against the collection. */
function queryVector(collection: StoredCollection, vector: unknown): Float32Array {
  if (collection.dimension === null) {
    throw new InvalidArgumentError(
      'collection',
      `"${collection.name}" is lexical-only (no embeddings); use lexical search`,
    );
  }
  return toEmbedding(vector, collection.dimension, collection.name, 'query vector', collection.vectorType);
}

function checkMinSimilarity(value: unknown): number | undefined {
  if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) {
    throw new InvalidArgumentError('minSimilarity', 'must be a finite number');
  }
  return value as number | undefined;
}

function clampSimilarity(similarity: number): number {
  return Math.min(1, Math.max(-1, similarity));
}

function toHit(row: ScoredChunk, score: number, scores: Hit['scores']): Hit {
  const hit: Hit = { chunk: row.chunk, score, scores };
  if (row.sourceName !== undefined) hit.sourceName = row.sourceName;
  return hit;
}
