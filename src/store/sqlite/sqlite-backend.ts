/**
 * The SQLite backend: what differs from the shared SQL layer — its transactions on one
 * better-sqlite3 connection, its DDL (`sqlite-schema.ts`), its chunk writes, and its two searches
 * (sqlite-vec's exact cosine distance, FTS5's BM25; `sqlite-search.ts`).
 *
 * better-sqlite3 is synchronous; a transaction here is `BEGIN` … `COMMIT` around asynchronous
 * work, so transactions on one connection run one at a time ({@link SerialLock}). Writes start
 * with `BEGIN IMMEDIATE`, so several processes can share one file (WAL mode; a busy connection
 * waits up to `busyTimeoutMs`).
 * @module
 */
import type BetterSqlite3 from 'better-sqlite3';
import type * as Backend from '../collection/backend.js';
import { SerialLock } from '../collection/serial-lock.js';
import type { PreparedChunk } from '../collection/validation.js';
import { type ScoredRow, SqlBackend, scanAccess } from '../sql/sql-backend.js';
import type { SqlConnection, SqlStatement } from '../sql/sql-dialect.js';
import { ftsMatchExpression } from './fts-query.js';
import { SQLITE_CAPABILITIES } from './sqlite-capabilities.js';
import { embeddingBlob, sqliteDialect } from './sqlite-dialect.js';
import type { ResolvedSqliteStoreOptions } from './sqlite-options.js';
import {
  CURRENT_SCHEMA_VERSION,
  collectionDdl,
  collectionTables,
  dropCollectionDdl,
  REGISTRY_DDL,
  REGISTRY_TABLE,
  schemaUpgrades,
} from './sqlite-schema.js';
import {
  denseSearchQuery,
  type LexicalWeights,
  lexicalSearchQuery,
  type RankedSearch,
} from './sqlite-search.js';
import { StatementCache } from './sqlite-statements.js';

export { SQLITE_CAPABILITIES };

const INSERT_CHUNK =
  'INSERT INTO %TABLE% (namespace, id, document_id, source_id, ordinal, content, heading_path, ' +
  'page_start, page_end, token_count, indivisible, metadata, embedding, created_at, updated_at, lexical_document, context) ' +
  'VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (namespace, id) DO UPDATE SET ' +
  'document_id = excluded.document_id, source_id = excluded.source_id, ordinal = excluded.ordinal, ' +
  'content = excluded.content, heading_path = excluded.heading_path, page_start = excluded.page_start, ' +
  'page_end = excluded.page_end, token_count = excluded.token_count, indivisible = excluded.indivisible, ' +
  'metadata = excluded.metadata, embedding = excluded.embedding, updated_at = excluded.updated_at, ' +
  'lexical_document = excluded.lexical_document, context = excluded.context';

/** The SQLite {@link SqlBackend}. */
export class SqliteBackend extends SqlBackend {
  readonly name = 'sqlite';
  readonly capabilities = SQLITE_CAPABILITIES;
  readonly schemaVersion = CURRENT_SCHEMA_VERSION;
  readonly upgrades = schemaUpgrades((tx, collection) => this.fillDocumentFields(tx, collection));
  readonly provision: boolean;
  /** The database file, or `:memory:`. */
  readonly path: string;

  readonly #db: BetterSqlite3.Database;
  readonly #statements: StatementCache;
  readonly #lock = new SerialLock();
  readonly #lexicalWeights: LexicalWeights;
  readonly #connection: SqlConnection;

  /** Wraps an open connection with the vector extension loaded and the pragmas set (see `openSqliteStore`). */
  constructor(db: BetterSqlite3.Database, options: ResolvedSqliteStoreOptions) {
    super(sqliteDialect);
    this.#db = db;
    this.#statements = new StatementCache(db);
    this.path = options.path;
    this.provision = options.provision;
    this.#lexicalWeights = options.lexicalWeights;
    this.#connection = {
      all: async <Row>(statement: SqlStatement) => this.#prepare(statement).all(...statement.params) as Row[],
      run: async (statement: SqlStatement) => {
        this.#prepare(statement).run(...statement.params);
      },
    };
  }

  transaction<T>(mode: 'read' | 'write', work: (tx: SqlConnection) => Promise<T>): Promise<T> {
    return this.#lock.run(async () => {
      this.#db.exec(mode === 'write' ? 'BEGIN IMMEDIATE' : 'BEGIN');
      try {
        const result = await work(this.#connection);
        this.#db.exec('COMMIT');
        return result;
      } catch (error) {
        if (this.#db.inTransaction) this.#db.exec('ROLLBACK');
        throw error;
      }
    });
  }

  async ping(): Promise<boolean> {
    return this.#lock.run(
      async () => this.#db.open && this.#db.prepare('SELECT 1 AS ok').get() !== undefined,
    );
  }

  async close(): Promise<void> {
    this.#statements.clear();
    this.#db.close();
  }

  async hasRegistry(): Promise<boolean> {
    const row = this.#db
      .prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?")
      .get(REGISTRY_TABLE);
    return row !== undefined;
  }

  async createRegistry(): Promise<void> {
    this.#db.exec(REGISTRY_DDL);
  }

  /** Nothing to do: `BEGIN IMMEDIATE` already serialises writers. */
  async lockRegistry(): Promise<void> {}

  protected async createCollectionStorage(
    _tx: SqlConnection,
    collection: Backend.StoredCollection,
  ): Promise<void> {
    this.#db.exec(collectionDdl(collection.location, collection.dimension));
  }

  protected async dropCollectionStorage(
    _tx: SqlConnection,
    collection: Backend.StoredCollection,
  ): Promise<void> {
    this.#db.exec(dropCollectionDdl(collection.location));
    this.#statements.forget(collection.location);
  }

  /** Nothing to do: every statement names the namespace. */
  async enterNamespace(): Promise<void> {}

  /** One prepared upsert per chunk (SQLite runs them in-process, so batching saves nothing). */
  async writeChunks(
    _tx: SqlConnection,
    scope: Backend.BackendScope,
    chunks: readonly PreparedChunk[],
    now: string,
  ): Promise<void> {
    const insert = this.#statements.get(INSERT_CHUNK.replace('%TABLE%', this.table(scope.collection)));
    for (const { chunk, embedding, lexical } of chunks) {
      insert.run(
        scope.namespace,
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
        lexical.document,
        lexical.context,
      );
    }
  }

  /** Exact cosine search: `vec_distance_cosine` over every chunk that passes; similarity = 1 − distance. */
  async denseSearch(
    tx: SqlConnection,
    scope: Backend.BackendScope,
    query: Backend.DenseQuery,
  ): Promise<Backend.ScoredChunk[]> {
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
