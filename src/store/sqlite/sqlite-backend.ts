/**
 * The SQLite backend: what differs from the shared SQL layer — its transactions on one
 * better-sqlite3 connection, its DDL (`sqlite-schema.ts`), its batched chunk writes
 * (`sqlite-chunk-writes.ts`), and its searches: approximate dense search through an IVF index
 * kept beside the database (`sqlite-vector-sync.ts`, planned in `sqlite-dense-plan.ts`), exact
 * dense search (sqlite-vec's cosine distance) and FTS5's BM25 (`sqlite-search.ts`).
 *
 * better-sqlite3 is synchronous; a transaction here is `BEGIN` … `COMMIT` around asynchronous
 * work, so transactions on one connection run one at a time ({@link SerialLock}). Writes start
 * with `BEGIN IMMEDIATE`, so several processes can share one file (WAL mode; a busy connection
 * waits up to `busyTimeoutMs`).
 * @module
 */
import { basename, dirname, join, resolve } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { isCairnError } from '../../core/errors.js';
import type { StoreCapabilities } from '../../core/ports.js';
import type * as Backend from '../collection/backend.js';
import { SerialLock } from '../collection/serial-lock.js';
import type { PreparedChunk } from '../collection/validation.js';
import { type ScoredRow, SqlBackend, scanAccess } from '../sql/sql-backend.js';
import type { NamespaceAccess, SqlConnection, SqlParams, SqlStatement } from '../sql/sql-dialect.js';
import type { DocumentListingSql } from '../sql/sql-documents.js';
import { ftsMatchExpression } from './fts-query.js';
import { SQLITE_APPROXIMATE_CAPABILITIES, SQLITE_CAPABILITIES } from './sqlite-capabilities.js';
import { deleteChunkRows, fillMetadataIndex, writeChunkBatch } from './sqlite-chunk-writes.js';
import { type DensePlanSettings, planDenseSearch } from './sqlite-dense-plan.js';
import { embeddingBlob, sqliteDialect } from './sqlite-dialect.js';
import type { ResolvedSqliteStoreOptions } from './sqlite-options.js';
import {
  CURRENT_SCHEMA_VERSION,
  collectionDdl,
  collectionTables,
  dropCollectionDdl,
  ensureDocumentColumns,
  REGISTRY_DDL,
  REGISTRY_TABLE,
  schemaUpgrades,
  sourceCondition,
} from './sqlite-schema.js';
import {
  denseSearchQuery,
  type LexicalWeights,
  lexicalSearchQuery,
  type RankedSearch,
} from './sqlite-search.js';
import { StatementCache } from './sqlite-statements.js';
import { VectorIndexes } from './sqlite-vector-sync.js';
import { lazyUsearch } from './usearch-module.js';
import type { WalCheckpointer } from './wal-checkpointer.js';

export { SQLITE_APPROXIMATE_CAPABILITIES, SQLITE_CAPABILITIES };

/**
 * Where a database file's approximate indexes are saved: the hidden folder `.<file>.vectors`
 * beside it (hidden, so that ingesting the folder a database sits in never reads them).
 */
export function vectorIndexFolder(databasePath: string): string {
  return join(dirname(databasePath), `.${basename(databasePath)}.vectors`);
}

/** Write locks by resolved database path, shared by the store objects of this process. */
const fileWriteLocks = new Map<string, SerialLock>();

/**
 * The write lock of a database file in this process: one per resolved path, so that two store
 * objects opened on the same file serialise their write transactions (a private `:memory:`
 * database gets a lock of its own).
 */
export function fileWriteLock(databasePath: string): SerialLock {
  if (databasePath === ':memory:' || databasePath === '') return new SerialLock();
  const key = resolve(databasePath);
  let lock = fileWriteLocks.get(key);
  if (lock === undefined) {
    lock = new SerialLock();
    fileWriteLocks.set(key, lock);
  }
  return lock;
}

/** SQLite's pieces of the document listing: its `lower()` folds ASCII only, text compares by code point. */
const SQLITE_LISTING_SQL: DocumentListingSql = {
  asciiLower: (expression) => `lower(${expression})`,
  codePoint: '',
  contains: (text, needle) => `instr(${text}, ${needle}) > 0`,
  metadataFields: (column, alias) => ({
    from: `json_each(${column}) AS ${alias}`,
    key: `${alias}.key`,
    json: `(CASE WHEN ${alias}.type IN ('true', 'false') THEN ${alias}.type ELSE json_quote(${alias}.value) END)`,
    scalar: `${alias}.type IN ('text', 'integer', 'real', 'true', 'false')`,
  }),
};

/** The SQLite {@link SqlBackend}. */
export class SqliteBackend extends SqlBackend {
  readonly name = 'sqlite';
  readonly capabilities: StoreCapabilities;
  readonly schemaVersion = CURRENT_SCHEMA_VERSION;
  readonly upgrades = schemaUpgrades({
    fillDocumentFields: (tx, collection) => this.fillDocumentFields(tx, collection),
    fillMetadataIndex: (tx, collection) => fillMetadataIndex(tx, collection.location),
    fillNameTerms: (tx, collection) => this.fillNameTerms(tx, collection),
  });
  readonly provision: boolean;
  protected readonly listingSql = SQLITE_LISTING_SQL;
  /** The database file, or `:memory:`. */
  readonly path: string;

  readonly #db: BetterSqlite3.Database;
  readonly #statements: StatementCache;
  /** Statements whose rows are read as their first column only. */
  readonly #plucked: StatementCache;
  readonly #lock = new SerialLock();
  /** Held by write transactions of every store object of this process on the same file. */
  readonly #writeLock: SerialLock;
  readonly #lexicalWeights: LexicalWeights;
  readonly #connection: SqlConnection;
  readonly #vectors: VectorIndexes | undefined;
  readonly #plan: DensePlanSettings | undefined;

  /** Loads sqlite-vec into the connection; called before the first exact dense search. */
  readonly #loadVectorExtension: (db: BetterSqlite3.Database) => Promise<void>;
  #vectorExtension: Promise<void> | undefined;
  /** Told of every write commit; copies the WAL back on a worker thread (absent for `:memory:`). */
  readonly #checkpointer: WalCheckpointer | undefined;

  /**
   * Wraps an open connection with the pragmas set (see `openSqliteStore`).
   * @param loadVectorExtension Loads sqlite-vec into `db`; called once, before the first exact
   *   dense search (a store that never searches densely never loads it).
   * @param checkpointer Runs WAL checkpoints off the writer's thread; closed with the store.
   */
  constructor(
    db: BetterSqlite3.Database,
    options: ResolvedSqliteStoreOptions,
    loadVectorExtension: (db: BetterSqlite3.Database) => Promise<void>,
    checkpointer?: WalCheckpointer,
  ) {
    super(sqliteDialect);
    this.#db = db;
    this.#checkpointer = checkpointer;
    this.#loadVectorExtension = loadVectorExtension;
    this.#statements = new StatementCache(db);
    this.#plucked = new StatementCache(db, 64, (statement) => statement.pluck());
    this.path = options.path;
    this.#writeLock = fileWriteLock(options.path);
    this.provision = options.provision;
    this.#lexicalWeights = options.lexicalWeights;
    const usearch = options.vectorIndex === false ? undefined : lazyUsearch();
    if (usearch !== undefined && options.vectorIndex !== false) {
      const settings = options.vectorIndex;
      this.#vectors = new VectorIndexes(
        usearch,
        settings,
        options.path === ':memory:' ? undefined : vectorIndexFolder(options.path),
        (sql, params) =>
          this.#db
            .prepare(sql)
            .raw(true)
            .iterate(...params) as IterableIterator<unknown[]>,
      );
      this.#plan = settings;
    }
    this.capabilities = this.#vectors === undefined ? SQLITE_CAPABILITIES : SQLITE_APPROXIMATE_CAPABILITIES;
    this.#connection = {
      all: async <Row>(statement: SqlStatement) => this.#prepare(statement).all(...statement.params) as Row[],
      run: async (statement: SqlStatement) => {
        this.#prepare(statement).run(...statement.params);
      },
    };
  }

  /**
   * Runs `work` in one transaction on this connection. A write transaction also holds the file's
   * {@link fileWriteLock}, so store objects of this process on the same file take turns instead
   * of one blocking the event loop in SQLite's busy handler while the other, holding the write
   * lock across an `await`, cannot finish (which ended in `SQLITE_BUSY`).
   */
  transaction<T>(mode: Backend.TransactionMode, work: (tx: SqlConnection) => Promise<T>): Promise<T> {
    const body = async () => {
      this.#db.exec(mode === 'write' ? 'BEGIN IMMEDIATE' : 'BEGIN');
      try {
        const result = await work(this.#connection);
        this.#db.exec('COMMIT');
        if (mode === 'write') this.#checkpointer?.committed();
        return result;
      } catch (error) {
        if (this.#db.inTransaction) this.#db.exec('ROLLBACK');
        throw error;
      }
    };
    return this.#lock.run(() => (mode === 'write' ? this.#writeLock.run(body) : body()));
  }

  async ping(): Promise<boolean> {
    return this.#lock.run(
      async () => this.#db.open && this.#db.prepare('SELECT 1 AS ok').get() !== undefined,
    );
  }

  /**
   * Saves the approximate indexes worth saving (see {@link saveVectorIndexes}), then closes the
   * connection. A failure to save loses nothing: the next open catches up or rebuilds.
   */
  async close(): Promise<void> {
    try {
      await this.#lock.run(() =>
        this.#writeLock.run(async () => {
          this.#vectors?.finishTrainings();
          this.saveVectorIndexes(false);
        }),
      );
    } catch {
      // The database stays the source of truth; the index is rebuilt or caught up on next open.
    }
    this.#vectors?.close();
    // The worker's connection closes first, so that this one, the last, checkpoints and removes the WAL.
    await this.#checkpointer?.close();
    this.#statements.clear();
    this.#plucked.clear();
    this.#db.close();
  }

  /**
   * Writes the in-memory approximate indexes with unsaved changes beside the database
   * (`.<file>.vectors/`) — with `force` every changed one, else those with changes worth a write —
   * then prunes the tombstones they no longer need. Runs inside the store's lock; call it through
   * `SqliteStore.saveVectorIndexes`.
   */
  saveVectorIndexes(force: boolean): void {
    if (this.#vectors === undefined) return;
    const saved = this.#vectors.saveChanged(force, (location) => this.#epochOf(location));
    if (saved.length === 0) return;
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      for (const { location, epoch, version } of saved) {
        // Checked again under the write lock: another process may have dropped the collection
        // since the save, and its namesake's tombstones are not this index's to prune.
        if (this.#epochOf(location) !== epoch) continue;
        const tables = collectionTables(location);
        this.#db.prepare(`DELETE FROM ${tables.removed} WHERE version <= ?`).run(version);
        this.#db.prepare(`UPDATE ${tables.state} SET floor = ? WHERE floor < ?`).run(version, version);
      }
      this.#db.exec('COMMIT');
    } catch (error) {
      if (this.#db.inTransaction) this.#db.exec('ROLLBACK');
      throw error;
    }
  }

  /** The epoch of a collection table's write state, or `undefined` when the table is gone. */
  #epochOf(location: string): string | undefined {
    if (!this.#tableExists(`${location}_state`)) return undefined;
    const { state } = collectionTables(location);
    const row = this.#db.prepare(`SELECT epoch FROM ${state}`).get() as { epoch: string } | undefined;
    return row?.epoch;
  }

  /**
   * Brings a collection's approximate index up to date with its chunk table now (loading or
   * building it when needed, and finishing any training of its centroids) instead of at the next
   * search, and saves it.
   * @returns How many vectors it holds, or `undefined` without an approximate index.
   */
  async refreshVectorIndex(collection: Backend.StoredCollection): Promise<number | undefined> {
    const vectors = this.#vectors;
    if (vectors === undefined || collection.dimension === null) return undefined;
    const count = await this.transaction(
      'read',
      async (tx) => (await vectors.current(tx, collection, true)).count,
    );
    await this.#lock.run(() => this.#writeLock.run(async () => this.saveVectorIndexes(true)));
    return count;
  }

  /** See `SqliteStore.vectorIndexState`. */
  vectorIndexState(location: string): { vectors: number; lists: number; training: boolean } | undefined {
    const index = this.#vectors?.held(location);
    return index === undefined
      ? undefined
      : { vectors: index.count, lists: index.lists, training: index.training };
  }

  async hasRegistry(): Promise<boolean> {
    return this.#tableExists(REGISTRY_TABLE);
  }

  #tableExists(name: string): boolean {
    return (
      this.#db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?").get(name) !==
      undefined
    );
  }

  async createRegistry(): Promise<void> {
    this.#db.exec(REGISTRY_DDL);
  }

  /** Nothing to do: `BEGIN IMMEDIATE` already serialises writers. */
  async lockRegistry(): Promise<void> {}

  protected async createCollectionStorage(
    tx: SqlConnection,
    collection: Backend.StoredCollection,
  ): Promise<void> {
    await ensureDocumentColumns(tx);
    this.#db.exec(collectionDdl(collection.location, collection.dimension));
  }

  protected async dropCollectionStorage(
    _tx: SqlConnection,
    collection: Backend.StoredCollection,
  ): Promise<void> {
    this.#db.exec(dropCollectionDdl(collection.location));
    this.#statements.forget(collection.location);
    this.#plucked.forget(collection.location);
    this.#vectors?.forget(collection.location);
  }

  /** Nothing to do: every statement names the namespace. */
  async enterNamespace(): Promise<void> {}

  /**
   * The chunk conditions (`SqlBackend.where`), with the source condition of schema version 7
   * ({@link sourceCondition}). Where the source ids are the narrowest condition (`index` access
   * without ids or documents), the namespace term outside it takes its scan form
   * (`+c.namespace`), so that SQLite searches the two indexes for the listed sources instead of
   * reading the namespace's whole document index (it has no statistics to tell the two apart).
   */
  protected override where(
    scope: Backend.BackendScope,
    conditions: Backend.ChunkConditions,
    params: SqlParams,
    access: NamespaceAccess,
  ): string {
    const { sourceIds, ...rest } = conditions;
    if (sourceIds === undefined) return super.where(scope, conditions, params, access);
    const drives = access === 'index' && rest.ids === undefined && rest.documentIds === undefined;
    const others = super.where(scope, rest, params, drives ? 'scan' : access);
    const source = sourceCondition(
      access === 'index' ? 'index' : 'row',
      scope.namespace,
      sourceIds,
      (value) => params.bind(value, 'text'),
    );
    return `${others} AND ${source}`;
  }

  /** Writes a batch with its full-text, metadata-index and write-state rows (`sqlite-chunk-writes.ts`). */
  async writeChunks(
    tx: SqlConnection,
    scope: Backend.BackendScope,
    chunks: readonly PreparedChunk[],
    now: string,
    options?: Backend.WriteChunksOptions,
  ): Promise<void> {
    await writeChunkBatch(tx, scope, chunks, now, options);
  }

  /** Deletes what passes, with the rows' full-text and metadata-index entries, leaving tombstones for the vector index. */
  override async deleteChunks(
    tx: SqlConnection,
    scope: Backend.BackendScope,
    conditions: Backend.ChunkConditions,
  ): Promise<string[]> {
    const params = this.dialect.params();
    const where = this.where(scope, conditions, params, scanAccess(conditions));
    return deleteChunkRows(tx, scope, { sql: where, params: params.values });
  }

  /**
   * Dense search. With the approximate index (and without `query.exact`), planned by
   * `planDenseSearch`: a scan of a small candidate set, or the IVF index, then exact rescoring.
   * Otherwise exact: `vec_distance_cosine` over every chunk that passes; similarity = 1 − distance.
   */
  async denseSearch(
    tx: SqlConnection,
    scope: Backend.BackendScope,
    query: Backend.DenseQuery,
  ): Promise<Backend.ScoredChunk[]> {
    const vectors = this.#vectors;
    const location = scope.collection.location;
    if (
      vectors !== undefined &&
      this.#plan !== undefined &&
      !query.exact &&
      !this.#failedIndexes.has(location)
    ) {
      try {
        const index = await vectors.current(tx, scope.collection);
        return await planDenseSearch(
          {
            tx,
            scope,
            tables: collectionTables(location),
            index,
            settings: this.#plan,
            params: () => this.dialect.params(),
            seqs: async (sql, params) => this.#plucked.get(sql).all(...params) as number[],
            where: (conditions, params, access) => this.where(scope, conditions, params, access),
            exact: () => this.#exactSearch(tx, scope, query),
            scored: (row, score) => this.scored(row, score),
          },
          query,
        );
      } catch (error) {
        // The approximate index only speeds search up; the chunk table is the truth. An index
        // that cannot be built, caught up or searched (a fault of the native library, say)
        // leaves this collection on exact search for the life of the store, said once.
        if (isCairnError(error)) throw error;
        this.#failedIndexes.add(location);
        vectors.discard(location);
        process.emitWarning(
          `cairn: the approximate index of collection "${scope.collection.name}" failed (${(error as Error)?.message ?? error}); searching it exactly until the store is reopened`,
          { code: 'CAIRN_VECTOR_INDEX' },
        );
      }
    }
    return this.#exactSearch(tx, scope, query);
  }

  /** Collections whose approximate index failed in this process: searched exactly. */
  readonly #failedIndexes = new Set<string>();

  async #exactSearch(
    tx: SqlConnection,
    scope: Backend.BackendScope,
    query: Backend.DenseQuery,
  ): Promise<Backend.ScoredChunk[]> {
    this.#vectorExtension ??= this.#loadVectorExtension(this.#db).catch((error) => {
      this.#vectorExtension = undefined;
      throw error;
    });
    await this.#vectorExtension;
    const statement = denseSearchQuery(
      this.#ranked(scope, query, scanAccess(query.conditions)),
      embeddingBlob(query.vector),
    );
    const rows = await tx.all<ScoredRow>(statement);
    return rows.filter((row) => row.score !== null).map((row) => this.scored(row, 1 - row.score));
  }

  /** BM25 through the collection's FTS5 index: `score` = `-bm25()` with the configured column weights. */
  async lexicalSearch(
    tx: SqlConnection,
    scope: Backend.BackendScope,
    query: Backend.LexicalQuery,
  ): Promise<Backend.ScoredChunk[]> {
    const match = ftsMatchExpression(query.terms);
    if (match === undefined) return [];
    const statement = lexicalSearchQuery(this.#ranked(scope, query, 'scan'), match, this.#lexicalWeights);
    const rows = await tx.all<ScoredRow>(statement);
    return rows.map((row) => this.scored(row, row.score ?? 0));
  }

  /** The size of the main database file: page count × page size. */
  async storageBytes(): Promise<number> {
    return (
      Number(this.#db.pragma('page_count', { simple: true })) *
      Number(this.#db.pragma('page_size', { simple: true }))
    );
  }

  #prepare(statement: SqlStatement): BetterSqlite3.Statement {
    return this.#statements.get(statement.sql);
  }

  #ranked(
    scope: Backend.BackendScope,
    query: Backend.DenseQuery | Backend.LexicalQuery,
    access: 'index' | 'scan',
  ): RankedSearch {
    const params = this.dialect.params();
    const where = this.where(scope, query.conditions, params, access);
    return {
      tables: collectionTables(scope.collection.location),
      collection: scope.collection.name,
      where: { sql: where, params: params.values as RankedSearch['where']['params'] },
      topK: query.topK,
      keepBest: query.keepBest,
    };
  }
}
