/**
 * The embedded store: one SQLite file (better-sqlite3) with sqlite-vec for exact cosine search and
 * FTS5 for BM25. See `sqlite-schema.ts` for the layout.
 *
 * better-sqlite3 is synchronous; every method runs to completion on the calling thread and returns
 * a settled promise. Writes run in `BEGIN IMMEDIATE` transactions, so several processes can share
 * one file (WAL mode; a busy connection waits up to `busyTimeoutMs`).
 * @module
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import {
  CollectionConflictError,
  CollectionNotFoundError,
  ConfigError,
  InvalidArgumentError,
  SchemaError,
  StoreClosedError,
} from '../../core/errors.js';
import type { Filter } from '../../core/filter/filter.js';
import { matchesEverything } from '../../core/filter/filter-node.js';
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
  type PreparedChunk,
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
import { ftsMatchExpression } from './fts-query.js';
import { compileConditions, type NamespaceAccess, scanAccess } from './sqlite-conditions.js';
import { compileSqliteFilter, type SqlValue } from './sqlite-filter.js';
import {
  parseSqliteStoreOptions,
  type ResolvedSqliteStoreOptions,
  type SqliteStoreOptions,
} from './sqlite-options.js';
import {
  CHUNK_COLUMNS,
  type ChunkRow,
  type CollectionRow,
  chunkFromRow,
  collectionFromRow,
  type DocumentRow,
  documentFromRow,
  embeddingBlob,
  embeddingFromBlob,
  storedChunkFromRow,
} from './sqlite-rows.js';
import {
  applyUpgrades,
  type CollectionTables,
  CURRENT_SCHEMA_VERSION,
  collectionDdl,
  collectionTables,
  DOCUMENTS_TABLE,
  dropCollectionDdl,
  REGISTRY_DDL,
  REGISTRY_TABLE,
  schemaAction,
} from './sqlite-schema.js';
import { denseSearchQuery, lexicalSearchQuery } from './sqlite-search.js';
import { StatementCache } from './sqlite-statements.js';

/** Default chunks per batch of {@link SqliteStore.iterChunks}. */
export const DEFAULT_ITERATION_BATCH_SIZE = 500;

/** A collection resolved for one call. */
interface Scoped {
  db: BetterSqlite3.Database;
  info: CollectionInfo;
  tables: CollectionTables;
  namespace: string;
}

type ScoredRow = ChunkRow & { score: number | null; source_name: string | null };

const COLLECTION_COLUMNS =
  'name, table_name, model, dimension, vector_type, schema_version, created_at, metadata';
const DOCUMENT_COLUMNS =
  'document_id, content_hash, source_id, source_name, media_type, title, metadata, chunk_count, page_count, ' +
  'parser_fingerprint, ingested_at';

/**
 * Opens (and, with provisioning on, creates) a SQLite store. Loads better-sqlite3 and sqlite-vec on
 * first use, creates the file's parent folder, and sets WAL mode, `synchronous = NORMAL`,
 * `busy_timeout` and `mmap_size`. Creates no tables: those come with the first
 * `ensureRegistry`/`createCollection`.
 *
 * @param options See {@link SqliteStoreOptions}; `path` may be `:memory:`.
 * @throws {InvalidArgumentError} for a malformed option.
 * @throws {SchemaError} when `provision` is false and the file does not exist.
 * @throws {ConfigError} when better-sqlite3 or sqlite-vec cannot be loaded.
 */
export async function openSqliteStore(options: SqliteStoreOptions): Promise<SqliteStore> {
  const resolved = parseSqliteStoreOptions(options);
  const inMemory = resolved.path === ':memory:';
  if (!inMemory) {
    if (resolved.provision) mkdirSync(dirname(resolve(resolved.path)), { recursive: true });
    else if (!existsSync(resolved.path)) {
      throw new SchemaError(
        `database file "${resolved.path}" does not exist, and this store was opened with provision: false; ` +
          'create it with a store opened with provision: true (e.g. run `cairn collections create`)',
      );
    }
  }
  const { Database, loadVectorExtension } = await loadDriver();
  const db = new Database(resolved.path, { fileMustExist: !resolved.provision && !inMemory });
  try {
    loadVectorExtension(db);
    db.pragma(`busy_timeout = ${resolved.busyTimeoutMs}`);
    await switchToWal(db, resolved.busyTimeoutMs);
    db.pragma('synchronous = NORMAL');
    db.pragma(`mmap_size = ${resolved.mmapSizeBytes}`);
    db.pragma('temp_store = MEMORY');
  } catch (error) {
    db.close();
    throw error;
  }
  return new SqliteStore(db, resolved);
}

/**
 * Turns on WAL mode. Switching needs an exclusive lock, and SQLite answers SQLITE_BUSY at once
 * (without calling the busy handler) when another connection is opening the same new file, so
 * the switch is retried until `timeoutMs` has passed.
 */
async function switchToWal(db: BetterSqlite3.Database, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || Date.now() >= deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20));
    }
  }
}

async function loadDriver() {
  try {
    const [driver, sqliteVec] = await Promise.all([import('better-sqlite3'), import('sqlite-vec')]);
    return { Database: driver.default, loadVectorExtension: sqliteVec.load };
  } catch (error) {
    throw new ConfigError(
      `the SQLite store needs the packages better-sqlite3 (12.x) and sqlite-vec: npm install better-sqlite3@12 sqlite-vec (${String(error)})`,
    );
  }
}

/**
 * The {@link Store} over one SQLite file. Create it with {@link openSqliteStore}.
 *
 * Behaviour beyond the port's contract:
 * - Every scoped call re-reads the collection's registry row, so a collection created, dropped or
 *   upgraded by another process is seen at once.
 * - Collection-scoped calls on a missing collection throw {@link CollectionNotFoundError}; a
 *   collection at an older schema version is upgraded first (or refused with `provision: false`);
 *   one at a newer version is refused with {@link SchemaError}.
 * - Chunk-level deletes and upserts keep the documents table honest: a document's `chunkCount` is
 *   recounted, and its record is removed once it has no chunks left.
 * - BM25 statistics (document frequencies) are computed over the whole collection, across namespaces.
 */
export class SqliteStore implements Store {
  readonly specificationVersion = 'v1' as const;
  readonly backend = 'sqlite';
  /** The database file, or `:memory:`. */
  readonly path: string;
  /** Whether this store may issue DDL. */
  readonly provision: boolean;

  #db: BetterSqlite3.Database | undefined;
  readonly #statements: StatementCache;
  readonly #lexicalWeights: { content: number; headings: number };
  #registryExists = false;

  /**
   * Wraps an open, configured connection. Use {@link openSqliteStore}, which loads the vector
   * extension and sets the pragmas this class relies on.
   */
  constructor(db: BetterSqlite3.Database, options: ResolvedSqliteStoreOptions) {
    this.#db = db;
    this.#statements = new StatementCache(db);
    this.path = options.path;
    this.provision = options.provision;
    this.#lexicalWeights = options.lexicalWeights;
  }

  /**
   * Creates the registry and documents tables if missing.
   * @throws {SchemaError} when they are missing and the store was opened with `provision: false`.
   */
  async ensureRegistry(): Promise<void> {
    const db = this.#connection();
    if (this.#hasRegistry(db)) return;
    this.#requireProvision('create the collection registry');
    this.#transaction(db, () => db.exec(REGISTRY_DDL));
    this.#registryExists = true;
  }

  /**
   * Creates a collection (in one `BEGIN IMMEDIATE` transaction, so concurrent creators serialise and
   * exactly one definition wins), or returns the existing one when model and dimension agree.
   * @throws {InvalidArgumentError} for a bad name or options; `vectorType: 'float16'` (SQLite stores float32).
   * @throws {CollectionConflictError} when it exists with another model or dimension.
   * @throws {SchemaError} when it does not exist and the store was opened with `provision: false`.
   */
  async createCollection(name: string, options?: CreateCollectionOptions): Promise<CollectionInfo> {
    const db = this.#connection();
    validateCollectionName(name);
    const definition = validateCreateOptions(options);
    if (definition.vectorType !== 'float32') {
      throw new InvalidArgumentError('vectorType', 'the SQLite store keeps float32 embeddings only');
    }
    const settle = (existing: CollectionInfo): CollectionInfo => {
      if (existing.model === definition.model && existing.dimension === definition.dimension) return existing;
      throw new CollectionConflictError(
        name,
        `exists with ${describeDefinition(existing)}; this call asked for ${describeDefinition(definition)}. ` +
          "Use the collection's own model, or another collection name",
      );
    };
    if (!this.provision) {
      const existing = this.#readCollection(db, name);
      if (existing !== undefined) return settle(existing);
      this.#requireProvision(`create collection "${name}"`);
    }
    const created = this.#transaction(db, () => {
      db.exec(REGISTRY_DDL);
      const existing = this.#readCollection(db, name, true);
      if (existing !== undefined) return settle(existing);
      const info: CollectionInfo = {
        name,
        tableName: tableNameFor(name),
        model: definition.model,
        dimension: definition.dimension,
        vectorType: 'float32',
        schemaVersion: CURRENT_SCHEMA_VERSION,
        createdAt: new Date().toISOString(),
        metadata: definition.metadata,
      };
      db.exec(collectionDdl(info.tableName, info.dimension));
      this.#statement(
        `INSERT INTO ${REGISTRY_TABLE} (${COLLECTION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ).run(
        info.name,
        info.tableName,
        info.model,
        info.dimension,
        info.vectorType,
        info.schemaVersion,
        info.createdAt,
        JSON.stringify(info.metadata),
      );
      return info;
    });
    this.#registryExists = true;
    return created;
  }

  /**
   * Drops a collection's tables, its document records and its registry entry, in one transaction.
   * @returns false when it did not exist.
   * @throws {SchemaError} when it exists and the store was opened with `provision: false`.
   */
  async dropCollection(name: string): Promise<boolean> {
    const db = this.#connection();
    validateCollectionName(name);
    if (this.#readCollection(db, name) === undefined) return false;
    this.#requireProvision(`drop collection "${name}"`);
    const dropped = this.#transaction(db, () => {
      const info = this.#readCollection(db, name);
      if (info === undefined) return undefined;
      db.exec(dropCollectionDdl(info.tableName));
      this.#statement(`DELETE FROM ${DOCUMENTS_TABLE} WHERE collection = ?`).run(name);
      this.#statement(`DELETE FROM ${REGISTRY_TABLE} WHERE name = ?`).run(name);
      return info;
    });
    if (dropped !== undefined) this.#statements.forget(dropped.tableName);
    return dropped !== undefined;
  }

  /** Every collection, ordered by name, with its chunk count over all namespaces. Never creates the registry. */
  async listCollections(): Promise<Array<CollectionInfo & { count: number }>> {
    const db = this.#connection();
    if (!this.#hasRegistry(db)) return [];
    const rows = this.#statement(
      `SELECT ${COLLECTION_COLUMNS} FROM ${REGISTRY_TABLE} ORDER BY name`,
    ).all() as CollectionRow[];
    return rows.map((row) => {
      const info = collectionFromRow(row);
      return { ...info, count: this.#countAll(info) };
    });
  }

  /** The registry entry, or `undefined` (also when the registry does not exist yet). */
  async getCollection(name: string): Promise<CollectionInfo | undefined> {
    validateCollectionName(name);
    return this.#readCollection(this.#connection(), name);
  }

  /** Totals over all collections and namespaces; `bytes` is the main database file's size. */
  async getStats(): Promise<StoreStats> {
    const db = this.#connection();
    const bytes =
      Number(db.pragma('page_count', { simple: true })) * Number(db.pragma('page_size', { simple: true }));
    if (!this.#hasRegistry(db)) return { collections: 0, documents: 0, chunks: 0, bytes };
    const collections = await this.listCollections();
    const documents = this.#statement(`SELECT count(*) AS n FROM ${DOCUMENTS_TABLE}`).get() as { n: number };
    const chunks = collections.reduce((sum, collection) => sum + collection.count, 0);
    return { collections: collections.length, documents: documents.n, chunks, bytes };
  }

  /**
   * Replaces a document and its chunks in one transaction: every chunk is validated first, then the
   * old chunks are deleted, the new ones inserted and the document record upserted (`chunkCount`,
   * `ingestedAt` = now). A failure leaves the previous version intact.
   * @throws {CollectionNotFoundError} when the collection does not exist.
   * @throws {DimensionMismatchError} before writing, for an embedding of the wrong length (or any
   *   embedding in a lexical-only collection).
   * @throws {InvalidArgumentError} before writing, for a malformed field, a missing, zero or
   *   non-finite embedding, chunks whose `documentId`/`sourceId` differ from the document's, or a
   *   chunk id already used by another document.
   */
  async replaceDocument(scope: Scope, write: DocumentWrite): Promise<DocumentRecord> {
    const scoped = this.#scoped(scope);
    const prepared = prepareDocumentWrite(write, chunkTarget(scoped.info));
    const { document } = write;
    const record: DocumentRecord = {
      documentId: document.documentId,
      contentHash: document.contentHash,
      sourceId: document.sourceId,
      sourceName: document.sourceName,
      mediaType: document.mediaType,
      metadata: document.metadata,
      chunkCount: prepared.length,
      pageCount: document.pageCount,
      parserFingerprint: document.parserFingerprint,
      ingestedAt: new Date().toISOString(),
    };
    if (document.title !== undefined) record.title = document.title;
    return this.#transaction(scoped.db, () => {
      this.#statement(`DELETE FROM ${scoped.tables.chunks} WHERE namespace = ? AND document_id = ?`).run(
        scoped.namespace,
        document.documentId,
      );
      this.#refuseTakenIds(scoped, prepared);
      this.#insertChunks(scoped, prepared, record.ingestedAt);
      this.#statement(
        `INSERT INTO ${DOCUMENTS_TABLE} (collection, namespace, ${DOCUMENT_COLUMNS}) ` +
          'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (collection, namespace, document_id) DO UPDATE SET ' +
          'content_hash = excluded.content_hash, source_id = excluded.source_id, source_name = excluded.source_name, ' +
          'media_type = excluded.media_type, title = excluded.title, metadata = excluded.metadata, ' +
          'chunk_count = excluded.chunk_count, page_count = excluded.page_count, ' +
          'parser_fingerprint = excluded.parser_fingerprint, ingested_at = excluded.ingested_at',
      ).run(
        scoped.info.name,
        scoped.namespace,
        record.documentId,
        record.contentHash,
        record.sourceId,
        record.sourceName,
        record.mediaType,
        record.title ?? null,
        JSON.stringify(record.metadata),
        record.chunkCount,
        record.pageCount,
        record.parserFingerprint,
        record.ingestedAt,
      );
      return record;
    });
  }

  /** Deletes a document record and its chunks. @returns false when neither existed. */
  async deleteDocument(scope: Scope, documentId: string): Promise<boolean> {
    const scoped = this.#scoped(scope);
    const id = validateId(documentId, 'documentId');
    return this.#transaction(scoped.db, () => {
      const chunks = this.#statement(
        `DELETE FROM ${scoped.tables.chunks} WHERE namespace = ? AND document_id = ?`,
      ).run(scoped.namespace, id);
      const records = this.#statement(
        `DELETE FROM ${DOCUMENTS_TABLE} WHERE collection = ? AND namespace = ? AND document_id = ?`,
      ).run(scoped.info.name, scoped.namespace, id);
      return chunks.changes + records.changes > 0;
    });
  }

  /** The document record, or `undefined`. */
  async getDocument(scope: Scope, documentId: string): Promise<DocumentRecord | undefined> {
    const scoped = this.#scoped(scope);
    const row = this.#statement(
      `SELECT ${DOCUMENT_COLUMNS} FROM ${DOCUMENTS_TABLE} WHERE collection = ? AND namespace = ? AND document_id = ?`,
    ).get(scoped.info.name, scoped.namespace, documentId) as DocumentRow | undefined;
    return row === undefined ? undefined : documentFromRow(row);
  }

  /** Every document record of the namespace, ordered by document id. */
  async listDocuments(scope: Scope): Promise<DocumentRecord[]> {
    const scoped = this.#scoped(scope);
    const rows = this.#statement(
      `SELECT ${DOCUMENT_COLUMNS} FROM ${DOCUMENTS_TABLE} WHERE collection = ? AND namespace = ? ORDER BY document_id`,
    ).all(scoped.info.name, scoped.namespace) as DocumentRow[];
    return rows.map(documentFromRow);
  }

  /**
   * Inserts chunks or overwrites them by id (keeping their `created_at`), in one transaction, after
   * validating all of them. Creates no document record.
   * @throws {DimensionMismatchError} / {InvalidArgumentError} before writing, as {@link replaceDocument}.
   */
  async upsertChunks(scope: Scope, chunks: StoredChunk[]): Promise<void> {
    const scoped = this.#scoped(scope);
    const prepared = prepareChunks(chunks, chunkTarget(scoped.info));
    if (prepared.length === 0) return;
    this.#transaction(scoped.db, () => {
      const previous = this.#statement(
        `SELECT DISTINCT document_id FROM ${scoped.tables.chunks} WHERE namespace = ? AND id IN (SELECT value FROM json_each(?))`,
      ).all(scoped.namespace, JSON.stringify(prepared.map(({ chunk }) => chunk.id))) as Array<{
        document_id: string;
      }>;
      this.#insertChunks(scoped, prepared, new Date().toISOString());
      this.#recountDocuments(scoped, [
        ...previous.map((row) => row.document_id),
        ...prepared.map(({ chunk }) => chunk.documentId),
      ]);
    });
  }

  /**
   * Deletes the chunks selected by `match` or by `sourceId` (either condition selects; with both,
   * a chunk meeting one of them goes), then inserts `chunks`, in one transaction. Chunks are
   * validated first; a failure leaves every old row in place.
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
    const conditions: string[] = [];
    const params: SqlValue[] = [];
    if (selector?.match !== undefined) {
      const filter = compileSqliteFilter(deletionFilter(selector.match, 'selector.match'), 'c.metadata');
      conditions.push(filter.sql);
      params.push(...filter.params);
    }
    if (selector?.sourceId !== undefined) {
      conditions.push('c.source_id = ?');
      params.push(validateId(selector.sourceId, 'selector.sourceId'));
    }
    if (conditions.length === 0) {
      throw new InvalidArgumentError(
        'selector',
        'give match (a metadata filter) or sourceId to select the chunks to replace',
      );
    }
    const prepared = prepareChunks(chunks, chunkTarget(scoped.info));
    return this.#transaction(scoped.db, () => {
      const deleted = this.#deleteWhere(scoped, { sql: `(${conditions.join(' OR ')})`, params });
      this.#insertChunks(scoped, prepared, new Date().toISOString());
      this.#recountDocuments(scoped, [...deleted, ...prepared.map(({ chunk }) => chunk.documentId)]);
      return deleted.length;
    });
  }

  /** Deletes chunks by id; an empty list deletes nothing. @returns The number deleted. */
  async deleteChunks(scope: Scope, ids: string[]): Promise<number> {
    const scoped = this.#scoped(scope);
    validateIdList(ids, 'ids');
    if (ids.length === 0) return 0;
    return this.#transaction(scoped.db, () =>
      this.#deleteAndRecount(scoped, {
        sql: 'c.id IN (SELECT value FROM json_each(?))',
        params: [JSON.stringify(ids)],
      }),
    );
  }

  /** Deletes every chunk and document record with this source id. @returns The number of chunks deleted. */
  async deleteBySourceId(scope: Scope, sourceId: string): Promise<number> {
    const scoped = this.#scoped(scope);
    const id = validateId(sourceId, 'sourceId');
    return this.#transaction(scoped.db, () => {
      const deleted = this.#deleteAndRecount(scoped, { sql: 'c.source_id = ?', params: [id] });
      this.#statement(
        `DELETE FROM ${DOCUMENTS_TABLE} WHERE collection = ? AND namespace = ? AND source_id = ?`,
      ).run(scoped.info.name, scoped.namespace, id);
      return deleted;
    });
  }

  /**
   * Deletes every chunk whose metadata matches.
   * @returns The number deleted.
   * @throws {InvalidArgumentError} when `match` is empty (it would delete every chunk).
   * @throws {InvalidFilterError} for a malformed filter.
   */
  async deleteByMetadata(scope: Scope, match: Filter): Promise<number> {
    const scoped = this.#scoped(scope);
    const filter = compileSqliteFilter(deletionFilter(match, 'match'), 'c.metadata');
    return this.#transaction(scoped.db, () => this.#deleteAndRecount(scoped, filter));
  }

  /**
   * Yields the chunks that pass the conditions in ascending id order (binary/code-point order),
   * `batchSize` at a time (default {@link DEFAULT_ITERATION_BATCH_SIZE}), with embeddings as
   * `number[]` unless `includeEmbeddings` is false. Each batch is one keyset query (`id > last`),
   * so writes between batches are seen by later batches and no transaction stays open.
   * @throws {InvalidArgumentError} / {InvalidFilterError} / {CollectionNotFoundError} on the first `next()`.
   */
  async *iterChunks(request: IterateChunksRequest): AsyncIterable<StoredChunk[]> {
    const first = this.#scoped(request);
    const conditions = checkConditions(request);
    const batchSize = validatePositiveInteger(request.batchSize ?? DEFAULT_ITERATION_BATCH_SIZE, 'batchSize');
    const columns = request.includeEmbeddings === false ? CHUNK_COLUMNS : `${CHUNK_COLUMNS}, c.embedding`;
    if (conditions.matchesNothing) return;
    let after = '';
    for (let scoped = first; ; scoped = this.#scoped(request)) {
      const where = compileConditions(scoped.namespace, conditions, 'index');
      const rows = this.#statement(
        `SELECT ${columns} FROM ${scoped.tables.chunks} AS c WHERE ${where.sql} AND c.id > ? ORDER BY c.id LIMIT ?`,
      ).all(...where.params, after, batchSize) as ChunkRow[];
      if (rows.length === 0) return;
      yield rows.map(storedChunkFromRow);
      if (rows.length < batchSize) return;
      after = rows[rows.length - 1]!.id;
    }
  }

  /** Embeddings by chunk id, as `number[]`; unknown ids (and chunks without one) are absent. */
  async getEmbeddings(scope: Scope, ids: string[]): Promise<Map<string, number[]>> {
    const scoped = this.#scoped(scope);
    validateIdList(ids, 'ids');
    const found = new Map<string, number[]>();
    if (ids.length === 0) return found;
    const rows = this.#statement(
      `SELECT id, embedding FROM ${scoped.tables.chunks} WHERE namespace = ? AND id IN (SELECT value FROM json_each(?)) AND embedding IS NOT NULL`,
    ).all(scoped.namespace, JSON.stringify(ids)) as Array<{ id: string; embedding: Buffer }>;
    for (const row of rows) found.set(row.id, embeddingFromBlob(row.embedding));
    return found;
  }

  /**
   * Exact cosine search. Conditions are part of the scan, so `topK` hits come back whenever that
   * many chunks pass them. `score` = `scores.dense` = cosine similarity in [-1, 1]; hits below
   * `minSimilarity` are dropped (after ranking, so fewer than `topK` may remain).
   * @throws {DimensionMismatchError} when the query's length differs from the collection's dimension.
   * @throws {InvalidArgumentError} for a zero or non-finite query, a bad `topK` or `minSimilarity`,
   *   or a lexical-only collection.
   */
  async denseSearch(request: DenseSearchRequest): Promise<Hit[]> {
    const scoped = this.#scoped(request);
    const { dimension, name } = scoped.info;
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
    const query = denseSearchQuery(
      this.#ranked(scoped, conditions, scanAccess(conditions), topK, request.keepBest),
      embeddingBlob(vector),
    );
    const rows = this.#statement(query.sql).all(...query.params) as ScoredRow[];
    const hits: Hit[] = [];
    for (const row of rows) {
      if (row.score === null) continue;
      const similarity = Math.min(1, Math.max(-1, 1 - row.score));
      if (minSimilarity !== undefined && similarity < minSimilarity) continue;
      hits.push(toHit(row, similarity, { dense: similarity }));
    }
    return hits;
  }

  /**
   * BM25 search over chunk text and heading paths. The query is split into word tokens, each
   * matched as a literal (never FTS5 syntax) and joined with OR. `score` = `scores.lexical` =
   * `-bm25()`, higher is better. Text without words (empty, punctuation only) returns [].
   * @throws {InvalidArgumentError} for a non-string query or a bad `topK`.
   */
  async lexicalSearch(request: LexicalSearchRequest): Promise<Hit[]> {
    const scoped = this.#scoped(request);
    if (typeof request.query !== 'string') throw new InvalidArgumentError('query', 'must be a string');
    const topK = validatePositiveInteger(request.topK, 'topK');
    const conditions = checkConditions(request);
    const match = ftsMatchExpression(request.query);
    if (match === undefined || conditions.matchesNothing) return [];
    const query = lexicalSearchQuery(
      this.#ranked(scoped, conditions, 'scan', topK, request.keepBest),
      match,
      this.#lexicalWeights,
    );
    const rows = this.#statement(query.sql).all(...query.params) as ScoredRow[];
    return rows.map((row) => toHit(row, row.score ?? 0, { lexical: row.score ?? 0 }));
  }

  /** Chunks by id in the order asked; unknown ids are left out. */
  async getChunks(scope: Scope, ids: string[]): Promise<Array<Chunk & { sourceId: string }>> {
    const scoped = this.#scoped(scope);
    validateIdList(ids, 'ids');
    if (ids.length === 0) return [];
    const rows = this.#statement(
      `SELECT ${CHUNK_COLUMNS} FROM ${scoped.tables.chunks} AS c WHERE c.namespace = ? AND c.id IN (SELECT value FROM json_each(?))`,
    ).all(scoped.namespace, JSON.stringify(ids)) as ChunkRow[];
    const byId = new Map(rows.map((row) => [row.id, chunkFromRow(row)]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Number of chunks in the namespace that pass the conditions. */
  async countChunks(scope: Scope & ScanConditions): Promise<number> {
    const scoped = this.#scoped(scope);
    const conditions = checkConditions(scope);
    if (conditions.matchesNothing) return 0;
    const access = matchesEverything(conditions.filter) ? 'index' : scanAccess(conditions);
    const where = compileConditions(scoped.namespace, conditions, access);
    const row = this.#statement(
      `SELECT count(*) AS n FROM ${scoped.tables.chunks} AS c WHERE ${where.sql}`,
    ).get(...where.params) as { n: number };
    return row.n;
  }

  /** Closes the connection. Idempotent; every other method throws {@link InvalidArgumentError} afterwards. */
  async close(): Promise<void> {
    const db = this.#db;
    if (db === undefined) return;
    this.#db = undefined;
    this.#statements.clear();
    db.close();
  }

  #connection(): BetterSqlite3.Database {
    if (this.#db === undefined) throw new StoreClosedError(this.backend);
    return this.#db;
  }

  #statement(sql: string): BetterSqlite3.Statement {
    this.#connection();
    return this.#statements.get(sql);
  }

  #transaction<T>(db: BetterSqlite3.Database, work: () => T): T {
    return db.transaction(work).immediate();
  }

  #requireProvision(action: string): void {
    if (this.provision) return;
    throw new SchemaError(
      `cannot ${action}: this store was opened with provision: false and issues no DDL; ` +
        'run `cairn collections create …` or open the store with provision: true',
    );
  }

  #hasRegistry(db: BetterSqlite3.Database): boolean {
    if (this.#registryExists) return true;
    const row = db
      .prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?")
      .get(REGISTRY_TABLE);
    this.#registryExists = row !== undefined;
    return this.#registryExists;
  }

  /** The registry row of `name`; `registryKnown` skips the existence check (the caller just created it). */
  #readCollection(
    db: BetterSqlite3.Database,
    name: string,
    registryKnown = false,
  ): CollectionInfo | undefined {
    if (!registryKnown && !this.#hasRegistry(db)) return undefined;
    const row = this.#statement(`SELECT ${COLLECTION_COLUMNS} FROM ${REGISTRY_TABLE} WHERE name = ?`).get(
      name,
    ) as CollectionRow | undefined;
    return row === undefined ? undefined : collectionFromRow(row);
  }

  /** Resolves a scope to its collection, upgrading the collection's schema when needed and allowed. */
  #scoped(scope: Scope): Scoped {
    const db = this.#connection();
    if (typeof scope !== 'object' || scope === null)
      throw new InvalidArgumentError('scope', 'must be an object');
    const name = validateCollectionName(scope.collection);
    const namespace = resolveNamespace(scope);
    let info = this.#readCollection(db, name);
    if (info === undefined) {
      throw new CollectionNotFoundError(
        name,
        this.provision
          ? 'create it first with createCollection (CLI: `cairn collections create`)'
          : 'create it with `cairn collections create …` or a store opened with provision: true',
      );
    }
    if (schemaAction(info, CURRENT_SCHEMA_VERSION, this.provision) === 'upgrade') {
      info = this.#transaction(db, () => {
        const current = this.#readCollection(db, name);
        if (current === undefined) throw new CollectionNotFoundError(name);
        if (schemaAction(current, CURRENT_SCHEMA_VERSION, this.provision) === 'upgrade') {
          current.schemaVersion = applyUpgrades(db, current, CURRENT_SCHEMA_VERSION);
        }
        return current;
      });
      this.#statements.forget(info.tableName);
    }
    return { db, info, tables: collectionTables(info.tableName), namespace };
  }

  #ranked(
    scoped: Scoped,
    conditions: CheckedConditions,
    access: NamespaceAccess,
    topK: number,
    keepBest: boolean | undefined,
  ) {
    return {
      tables: scoped.tables,
      collection: scoped.info.name,
      where: compileConditions(scoped.namespace, conditions, access),
      topK,
      keepBest: keepBest === true,
    };
  }

  #countAll(info: CollectionInfo): number {
    const { chunks } = collectionTables(info.tableName);
    return (this.#statement(`SELECT count(*) AS n FROM ${chunks}`).get() as { n: number }).n;
  }

  #insertChunks(scoped: Scoped, prepared: PreparedChunk[], now: string): void {
    const insert = this.#statement(
      `INSERT INTO ${scoped.tables.chunks} (namespace, id, document_id, source_id, ordinal, content, heading_path, ` +
        'page_start, page_end, token_count, indivisible, metadata, embedding, created_at, updated_at) ' +
        'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (namespace, id) DO UPDATE SET ' +
        'document_id = excluded.document_id, source_id = excluded.source_id, ordinal = excluded.ordinal, ' +
        'content = excluded.content, heading_path = excluded.heading_path, page_start = excluded.page_start, ' +
        'page_end = excluded.page_end, token_count = excluded.token_count, indivisible = excluded.indivisible, ' +
        'metadata = excluded.metadata, embedding = excluded.embedding, updated_at = excluded.updated_at',
    );
    for (const { chunk, embedding } of prepared) {
      insert.run(
        scoped.namespace,
        chunk.id,
        chunk.documentId,
        chunk.sourceId,
        chunk.ordinal,
        chunk.text,
        JSON.stringify(chunk.headingPath),
        chunk.pageStart,
        chunk.pageEnd,
        chunk.tokenCount,
        chunk.indivisible === true ? 1 : 0,
        JSON.stringify(chunk.metadata),
        embedding === null ? null : embeddingBlob(embedding),
        now,
        now,
      );
    }
  }

  /** Refuses a document write whose chunk ids belong to another document of the namespace. */
  #refuseTakenIds(scoped: Scoped, prepared: PreparedChunk[]): void {
    if (prepared.length === 0) return;
    const taken = this.#statement(
      `SELECT id, document_id FROM ${scoped.tables.chunks} WHERE namespace = ? AND id IN (SELECT value FROM json_each(?)) LIMIT 1`,
    ).get(scoped.namespace, JSON.stringify(prepared.map(({ chunk }) => chunk.id))) as
      | { id: string; document_id: string }
      | undefined;
    if (taken !== undefined) {
      throw new InvalidArgumentError(
        'chunks',
        `chunk id "${taken.id}" already belongs to document "${taken.document_id}" in namespace "${scoped.namespace}"`,
      );
    }
  }

  /** Deletes the namespace's chunks that pass `condition`. @returns The document id of each deleted chunk. */
  #deleteWhere(scoped: Scoped, condition: { sql: string; params: SqlValue[] }): string[] {
    const deleted = this.#statement(
      `DELETE FROM ${scoped.tables.chunks} AS c WHERE c.namespace = ? AND ${condition.sql} RETURNING document_id`,
    ).all(scoped.namespace, ...condition.params) as Array<{ document_id: string }>;
    return deleted.map((row) => row.document_id);
  }

  /** {@link #deleteWhere}, then recounts the documents that lost chunks. @returns The number deleted. */
  #deleteAndRecount(scoped: Scoped, condition: { sql: string; params: SqlValue[] }): number {
    const documentIds = this.#deleteWhere(scoped, condition);
    this.#recountDocuments(scoped, documentIds);
    return documentIds.length;
  }

  /** Sets `chunk_count` of these documents' records to their chunks' count; drops records left with none. */
  #recountDocuments(scoped: Scoped, documentIds: string[]): void {
    if (documentIds.length === 0) return;
    const ids = JSON.stringify([...new Set(documentIds)]);
    const { name } = scoped.info;
    this.#statement(
      `UPDATE ${DOCUMENTS_TABLE} SET chunk_count = (SELECT count(*) FROM ${scoped.tables.chunks} AS c ` +
        `WHERE c.namespace = ${DOCUMENTS_TABLE}.namespace AND c.document_id = ${DOCUMENTS_TABLE}.document_id) ` +
        'WHERE collection = ? AND namespace = ? AND document_id IN (SELECT value FROM json_each(?))',
    ).run(name, scoped.namespace, ids);
    this.#statement(
      `DELETE FROM ${DOCUMENTS_TABLE} WHERE collection = ? AND namespace = ? AND chunk_count = 0 ` +
        'AND document_id IN (SELECT value FROM json_each(?))',
    ).run(name, scoped.namespace, ids);
  }
}

function toHit(row: ScoredRow, score: number, scores: Hit['scores']): Hit {
  const hit: Hit = { chunk: chunkFromRow(row), score, scores };
  if (row.source_name !== null) hit.sourceName = row.source_name;
  return hit;
}
