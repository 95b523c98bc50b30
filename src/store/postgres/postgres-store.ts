/**
 * The PostgreSQL store: pgvector for dense search (HNSW, cosine), a generated `tsvector` column for
 * full-text search (GIN), JSONB metadata, and tenant isolation by row-level security. Runs on a
 * PostgreSQL server through `pg`, or in-process on PGlite. See `postgres-schema.ts` for the layout.
 *
 * Every namespaced read and write runs in one transaction that reads the collection's registry row
 * (as the connecting owner), then switches to the application role (`SET LOCAL ROLE`) and sets the
 * namespace in a transaction-local setting; the row-level-security policy on each chunk table and
 * on the documents table then confines every statement to that namespace. No statement names the
 * namespace in its `WHERE` clause: the policy is the only guard, and the tests hold it to that.
 * @module
 */
import {
  CollectionConflictError,
  CollectionNotFoundError,
  ConfigError,
  InvalidArgumentError,
  StoreClosedError,
} from '../../core/errors.js';
import type { Filter } from '../../core/filter/filter.js';
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
import { checkConditions } from '../scan-conditions.js';
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
import { createPgDriver } from './pg-driver.js';
import { createPglite, pgliteDriver } from './pglite-driver.js';
import { compileConditions } from './postgres-conditions.js';
import type { PostgresDriver, PostgresQueryable } from './postgres-driver.js';
import { compilePostgresFilter } from './postgres-filter.js';
import { quoteIdentifier } from './postgres-identifiers.js';
import {
  type PostgresStoreOptions,
  parsePostgresStoreOptions,
  type ResolvedPostgresStoreOptions,
} from './postgres-options.js';
import { SqlParams } from './postgres-params.js';
import {
  checkCollectionTable,
  checkSchemaVersion,
  countAll,
  lockDdl,
  readCollection,
  readRegistry,
  registryExists,
  runDdl,
  schemaExists,
} from './postgres-registry.js';
import {
  CHUNK_COLUMNS,
  type ChunkRow,
  COLLECTION_COLUMNS,
  chunkFromRow,
  DOCUMENT_COLUMNS,
  type DocumentRow,
  documentFromRow,
  EMBEDDING_TEXT,
  storedChunkFromRow,
  vectorFromText,
  vectorLiteral,
} from './postgres-rows.js';
import { cleanJson, cleanText, isStorableId } from './postgres-sanitize.js';
import {
  CURRENT_SCHEMA_VERSION,
  collectionStatements,
  DOCUMENTS_TABLE,
  dropCollectionStatements,
  embeddingType,
  foldedConfigName,
  hasHnswIndex,
  isolationStatements,
  migrationStatements,
  type PostgresSchemaSettings,
  policyStatements,
  REGISTRY_TABLE,
} from './postgres-schema.js';
import { denseSearchSql, hybridSearchSql, lexicalSearchSql, type SearchTarget } from './postgres-search.js';
import { tsqueryText } from './postgres-tsquery.js';
import {
  countDeleted,
  deleteAndRecount,
  deleteWhere,
  insertChunks,
  recountDocuments,
  refuseTakenIds,
  refuseUnstorableId,
  refuseUnstorableIds,
  type Scoped,
} from './postgres-writes.js';

/** Default chunks per batch of {@link PostgresStore.iterChunks}. */
export const DEFAULT_ITERATION_BATCH_SIZE = 500;
/** Default candidates per ranking in {@link PostgresStore.hybridSearch} (raised to `topK`). */
export const DEFAULT_HYBRID_CANDIDATES = 50;
/** Default RRF rank constant of {@link PostgresStore.hybridSearch}. */
export const DEFAULT_HYBRID_RRF_K = 60;
/** Rows written to a never-analysed table before `autoAnalyze` runs `ANALYZE`; later, the table must double. */
export const AUTO_ANALYZE_MIN_ROWS = 1000;

/** A request of {@link PostgresStore.hybridSearch}: dense and lexical search fused in the database. */
export interface HybridSearchRequest extends Scope, ScanConditions {
  /** The query embedding (the collection's dimension). */
  vector: number[] | Float32Array;
  /** The query text, plain user text (never parsed as query syntax). */
  query: string;
  topK: number;
  /** Candidates taken from each ranking before fusion; default max(50, topK). */
  candidates?: number;
  /** RRF rank constant; default 60. */
  k?: number;
  /** RRF weights `[dense, lexical]`; default `[1, 1]`. */
  weights?: [number, number];
  /** Dense candidates below this cosine similarity take no part. */
  minSimilarity?: number;
  /** Keep only the best hit per source id. */
  keepBest?: boolean;
}

type ScoredRow = ChunkRow & {
  score: number;
  distance?: number | null;
  lexical?: number | null;
  fused?: number | null;
  source_name: string | null;
};

/**
 * Opens a PostgreSQL store on a server (`url`, through a `pg` pool) or in-process (`pglite`).
 * Sends nothing yet and creates nothing: the schema comes with `migrate()` (also run by the first
 * `ensureRegistry`/`createCollection`).
 *
 * @example
 * ```ts
 * const store = await openPostgresStore({ url: 'postgres://cairn@localhost/cairn' });
 * const local = await openPostgresStore({ pglite: 'memory://' });
 * ```
 * @throws {InvalidArgumentError} for a malformed option (e.g. `options.appRole`).
 * @throws {ConfigError} when the driver package (`pg`, or `@electric-sql/pglite` and
 *   `@electric-sql/pglite-pgvector`) cannot be loaded.
 */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<PostgresStore> {
  const resolved = parsePostgresStoreOptions(options);
  let driver: PostgresDriver;
  if (resolved.driver !== undefined) driver = resolved.driver;
  else if (resolved.url !== undefined) driver = await createPgDriver(resolved.url, resolved.pool);
  else if (typeof resolved.pglite === 'string') {
    driver = pgliteDriver(await createPglite({ dataDir: resolved.pglite }), true);
  } else driver = pgliteDriver(resolved.pglite!, false);
  return new PostgresStore(driver, resolved);
}

/**
 * The {@link Store} over PostgreSQL with pgvector. Create it with {@link openPostgresStore}.
 *
 * Behaviour beyond the port's contract:
 * - Connect as the owner of the schema objects: migrations and registry-level work (listing,
 *   counting, dropping) run as that user and see every namespace; namespaced work switches to
 *   {@link PostgresStore.settings}`.appRole` and sees one.
 * - Every scoped call re-reads the collection's registry row (`FOR SHARE`, so a concurrent drop
 *   waits for it), so collections created or dropped by other processes are seen at once.
 * - Text and metadata lose their NUL characters on the way in (PostgreSQL refuses them); ids
 *   containing NUL are refused.
 * - Dense search uses the HNSW index with iterative scans (`relaxed_order`), re-ordered exactly;
 *   when fewer than `topK` rows come back it answers with an exact scan, so filtered searches
 *   return `topK` rows whenever that many pass. `keepBest` searches are exact.
 * - Lexical scores are `ts_rank_cd` (cover density, length-normalised), not BM25.
 * - `vectorType: 'float16'` collections store `halfvec`; their embeddings read back rounded to float16.
 */
export class PostgresStore implements Store {
  readonly specificationVersion = 'v1' as const;
  readonly backend = 'postgres';
  /** Role, namespace setting and text-search configuration this store uses. */
  readonly settings: Readonly<PostgresSchemaSettings>;
  /** HNSW settings applied to each dense search. */
  readonly hnsw: Readonly<ResolvedPostgresStoreOptions['hnsw']>;

  /**
   * Whether the store refreshes planner statistics (`ANALYZE`) of a collection table after writes
   * that grew it markedly. On by default for PGlite, which has no autovacuum; without statistics
   * the planner may scan a whole namespace instead of using the HNSW index.
   */
  readonly autoAnalyze: boolean;

  #driver: PostgresDriver | undefined;
  #registryExists = false;
  #migrated = false;
  readonly #analyzed = new Map<string, { pending: number; rows: number }>();

  /** Wraps a driver. Use {@link openPostgresStore}, which validates the options. */
  constructor(
    driver: PostgresDriver,
    options: Pick<
      ResolvedPostgresStoreOptions,
      'appRole' | 'namespaceSetting' | 'textSearchConfig' | 'hnsw' | 'autoAnalyze'
    >,
  ) {
    this.#driver = driver;
    this.autoAnalyze = options.autoAnalyze ?? driver.kind === 'pglite';
    this.settings = Object.freeze({
      appRole: options.appRole,
      namespaceSetting: options.namespaceSetting,
      textSearchConfig: options.textSearchConfig,
    });
    this.hnsw = Object.freeze({ ...options.hnsw });
  }

  /** Which driver the store runs on: `pg` (a server) or `pglite` (in-process). */
  get driverKind(): PostgresDriver['kind'] {
    return this.#live().kind;
  }

  /**
   * Creates or updates the schema, idempotently, in one transaction under an advisory lock: the
   * `vector` and `unaccent` extensions, the accent-folding text-search configuration, the
   * application role (NOLOGIN, granted to the connecting user), the registry and documents tables,
   * and the row-level-security policy of every namespaced table. Before any DDL it checks each
   * registered collection's table against the registry.
   * @throws {SchemaError} when a collection table's embedding column differs from its registry
   *   entry (naming both dimensions); nothing is changed.
   * @throws {ConfigError} when the application role bypasses row-level security, or an extension
   *   is not installed on the server.
   */
  async migrate(): Promise<void> {
    await this.#live().transaction(async (tx) => {
      await lockDdl(tx);
      const registered = (await registryExists(tx)) ? await readRegistry(tx) : [];
      for (const info of registered) await checkCollectionTable(tx, info);
      await this.#checkRole(tx);
      for (const sql of migrationStatements(this.settings)) await runDdl(tx, sql);
      for (const info of registered) {
        for (const sql of policyStatements(info.tableName, this.settings)) await tx.query(sql);
      }
    });
    this.#registryExists = true;
    this.#migrated = true;
  }

  /** The statements {@link migrate} runs with this store's settings (no database needed). */
  migrationStatements(): string[] {
    return migrationStatements(this.settings);
  }

  /** Runs {@link migrate} (idempotent). */
  async ensureRegistry(): Promise<void> {
    await this.migrate();
  }

  /**
   * Creates a collection (table, indexes, policy and registry row in one transaction under the DDL
   * lock, so concurrent creators serialise and exactly one definition wins), or returns the
   * existing one when model and dimension (and `vectorType`, when given) agree. Runs
   * {@link migrate} first when the registry, the application role or the text-search
   * configuration is missing (after changing `appRole` or `namespaceSetting`, run `migrate()`
   * yourself so that existing tables' policies follow).
   * @throws {InvalidArgumentError} for a bad name or options.
   * @throws {CollectionConflictError} when it exists with another definition.
   * @throws {SchemaError} when a table of that name exists with another embedding dimension.
   */
  async createCollection(name: string, options?: CreateCollectionOptions): Promise<CollectionInfo> {
    this.#live();
    validateCollectionName(name);
    const definition = validateCreateOptions(options);
    const settle = (existing: CollectionInfo): CollectionInfo => {
      const sameType = options?.vectorType === undefined || existing.vectorType === definition.vectorType;
      if (existing.model === definition.model && existing.dimension === definition.dimension && sameType) {
        return existing;
      }
      throw new CollectionConflictError(
        name,
        `exists with ${describeDefinition(existing)}; this call asked for ${describeDefinition(definition)}. ` +
          "Use the collection's own model, or another collection name",
      );
    };
    if (!this.#migrated && !(await this.#live().transaction((tx) => schemaExists(tx, this.settings)))) {
      await this.migrate();
    }
    return this.#live().transaction(async (tx) => {
      await lockDdl(tx);
      const existing = await readCollection(tx, name);
      if (existing !== undefined) return settle(existing);
      const info: CollectionInfo = {
        name,
        tableName: tableNameFor(name),
        model: definition.model,
        dimension: definition.dimension,
        vectorType: definition.vectorType,
        schemaVersion: CURRENT_SCHEMA_VERSION,
        createdAt: new Date().toISOString(),
        metadata: cleanJson(definition.metadata) as CollectionInfo['metadata'],
      };
      await checkCollectionTable(tx, info);
      for (const sql of collectionStatements(info, this.settings)) await runDdl(tx, sql);
      await tx.query(
        `INSERT INTO ${REGISTRY_TABLE} (${COLLECTION_COLUMNS}) VALUES ` +
          '($1::text, $2::text, $3::text, $4::int, $5::text, $6::int, $7::timestamptz, $8::jsonb)',
        [
          info.name,
          info.tableName,
          info.model === null ? null : cleanText(info.model),
          info.dimension,
          info.vectorType,
          info.schemaVersion,
          info.createdAt,
          JSON.stringify(info.metadata),
        ],
      );
      if (info.model !== null) info.model = cleanText(info.model);
      return info;
    });
  }

  /**
   * Drops a collection's table, its document records (in every namespace) and its registry entry,
   * in one transaction. Waits for scoped calls on it to finish.
   * @returns false when it did not exist.
   */
  async dropCollection(name: string): Promise<boolean> {
    this.#live();
    validateCollectionName(name);
    if (!(await this.#hasRegistry())) return false;
    return this.#live().transaction(async (tx) => {
      await lockDdl(tx);
      const { rows } = await tx.query<{ table_name: string }>(
        `DELETE FROM ${REGISTRY_TABLE} WHERE name = $1::text RETURNING table_name`,
        [name],
      );
      const dropped = rows[0];
      if (dropped === undefined) return false;
      for (const sql of dropCollectionStatements(dropped.table_name)) await tx.query(sql);
      await tx.query(`DELETE FROM ${DOCUMENTS_TABLE} WHERE collection = $1::text`, [name]);
      return true;
    });
  }

  /** Every collection, ordered by name (code point), with its chunk count over all namespaces. Never creates the registry. */
  async listCollections(): Promise<Array<CollectionInfo & { count: number }>> {
    this.#live();
    if (!(await this.#hasRegistry())) return [];
    return this.#live().transaction(async (tx) => {
      const collections = await readRegistry(tx, true);
      const counts = await countAll(tx, collections);
      return collections.map((info, index) => ({ ...info, count: counts[index] ?? 0 }));
    });
  }

  /** The registry entry, or `undefined` (also when the registry does not exist yet). */
  async getCollection(name: string): Promise<CollectionInfo | undefined> {
    this.#live();
    validateCollectionName(name);
    if (!(await this.#hasRegistry())) return undefined;
    return this.#live().transaction((tx) => readCollection(tx, name));
  }

  /** Totals over all collections and namespaces; `bytes` is the size of the store's tables and indexes. */
  async getStats(): Promise<StoreStats> {
    this.#live();
    if (!(await this.#hasRegistry())) return { collections: 0, documents: 0, chunks: 0, bytes: 0 };
    return this.#live().transaction(async (tx) => {
      const collections = await readRegistry(tx, true);
      const counts = await countAll(tx, collections);
      const tables = [REGISTRY_TABLE, DOCUMENTS_TABLE, ...collections.map((info) => info.tableName)];
      const { rows } = await tx.query<{ documents: number; bytes: number }>(
        `SELECT (SELECT count(*) FROM ${DOCUMENTS_TABLE})::int AS documents, ` +
          'coalesce(sum(pg_total_relation_size(to_regclass(t))), 0)::float8 AS bytes FROM unnest($1::text[]) AS t',
        [tables],
      );
      return {
        collections: collections.length,
        documents: rows[0]?.documents ?? 0,
        chunks: counts.reduce((sum, count) => sum + count, 0),
        bytes: rows[0]?.bytes ?? 0,
      };
    });
  }

  /**
   * Replaces a document and its chunks in one transaction: every chunk is validated first, then the
   * old chunks are deleted, the new ones inserted and the document record upserted (`chunkCount`,
   * `ingestedAt` = now). A failure leaves the previous version intact. The returned record is what
   * was stored (strings without NUL characters).
   * @throws {CollectionNotFoundError} when the collection does not exist.
   * @throws {DimensionMismatchError} before writing, for an embedding of the wrong length.
   * @throws {InvalidArgumentError} before writing, for a malformed field, an id containing NUL, a
   *   missing, zero or non-finite embedding, chunks of another document, or a chunk id already used
   *   by another document of the namespace.
   */
  async replaceDocument(scope: Scope, write: DocumentWrite): Promise<DocumentRecord> {
    return this.#inScope(scope, async (scoped) => {
      const prepared = prepareDocumentWrite(write, chunkTarget(scoped.info));
      const { document } = write;
      refuseUnstorableId(document.documentId, 'document.documentId');
      refuseUnstorableId(document.sourceId, 'document.sourceId');
      refuseUnstorableIds(prepared);
      const record: DocumentRecord = {
        documentId: document.documentId,
        contentHash: cleanText(document.contentHash),
        sourceId: document.sourceId,
        sourceName: cleanText(document.sourceName),
        mediaType: cleanText(document.mediaType),
        metadata: cleanJson(document.metadata) as DocumentRecord['metadata'],
        chunkCount: prepared.length,
        pageCount: document.pageCount,
        parserFingerprint: cleanText(document.parserFingerprint),
        ingestedAt: new Date().toISOString(),
      };
      if (document.title !== undefined) record.title = cleanText(document.title);
      const { tx, table } = scoped;
      await tx.query(`DELETE FROM ${table} WHERE document_id = $1::text`, [record.documentId]);
      await refuseTakenIds(scoped, prepared);
      await insertChunks(scoped, prepared, record.ingestedAt);
      await tx.query(
        `INSERT INTO ${DOCUMENTS_TABLE} (collection, namespace, ${DOCUMENT_COLUMNS}) VALUES ` +
          '($1::text, $2::text, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text, $9::jsonb, $10::int, ' +
          '$11::int, $12::text, $13::timestamptz) ON CONFLICT (collection, namespace, document_id) DO UPDATE SET ' +
          'content_hash = excluded.content_hash, source_id = excluded.source_id, source_name = excluded.source_name, ' +
          'media_type = excluded.media_type, title = excluded.title, metadata = excluded.metadata, ' +
          'chunk_count = excluded.chunk_count, page_count = excluded.page_count, ' +
          'parser_fingerprint = excluded.parser_fingerprint, ingested_at = excluded.ingested_at',
        [
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
        ],
      );
      return record;
    });
  }

  /** Deletes a document record and its chunks. @returns false when neither existed. */
  async deleteDocument(scope: Scope, documentId: string): Promise<boolean> {
    return this.#inScope(scope, async ({ tx, table, info }) => {
      const id = validateId(documentId, 'documentId');
      if (!isStorableId(id)) return false;
      const chunks = await countDeleted(tx, `DELETE FROM ${table} WHERE document_id = $1::text`, [id]);
      const records = await countDeleted(
        tx,
        `DELETE FROM ${DOCUMENTS_TABLE} WHERE collection = $1::text AND document_id = $2::text`,
        [info.name, id],
      );
      return chunks + records > 0;
    });
  }

  /** The document record, or `undefined`. */
  async getDocument(scope: Scope, documentId: string): Promise<DocumentRecord | undefined> {
    return this.#inScope(scope, async ({ tx, info }) => {
      if (typeof documentId !== 'string') throw new InvalidArgumentError('documentId', 'must be a string');
      if (!isStorableId(documentId)) return undefined;
      const { rows } = await tx.query<DocumentRow>(
        `SELECT ${DOCUMENT_COLUMNS} FROM ${DOCUMENTS_TABLE} WHERE collection = $1::text AND document_id = $2::text`,
        [info.name, documentId],
      );
      return rows[0] === undefined ? undefined : documentFromRow(rows[0]);
    });
  }

  /** Every document record of the namespace, ordered by document id (code point). */
  async listDocuments(scope: Scope): Promise<DocumentRecord[]> {
    return this.#inScope(scope, async ({ tx, info }) => {
      const { rows } = await tx.query<DocumentRow>(
        `SELECT ${DOCUMENT_COLUMNS} FROM ${DOCUMENTS_TABLE} WHERE collection = $1::text ORDER BY document_id`,
        [info.name],
      );
      return rows.map(documentFromRow);
    });
  }

  /**
   * Inserts chunks or overwrites them by id (keeping their `created_at`), in one transaction, after
   * validating all of them. Creates no document record; recounts the records of documents that
   * gained or lost chunks.
   * @throws {DimensionMismatchError} / {InvalidArgumentError} before writing, as {@link replaceDocument}.
   */
  async upsertChunks(scope: Scope, chunks: StoredChunk[]): Promise<void> {
    await this.#inScope(scope, async (scoped) => {
      const prepared = prepareChunks(chunks, chunkTarget(scoped.info));
      refuseUnstorableIds(prepared);
      if (prepared.length === 0) return;
      const { rows } = await scoped.tx.query<{ document_id: string }>(
        `SELECT DISTINCT document_id FROM ${scoped.table} WHERE id = ANY($1::text[])`,
        [prepared.map(({ chunk }) => chunk.id)],
      );
      await insertChunks(scoped, prepared, new Date().toISOString());
      await recountDocuments(scoped, [
        ...rows.map((row) => row.document_id),
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
    return this.#inScope(scope, async (scoped) => {
      const params = new SqlParams();
      const conditions: string[] = [];
      if (selector?.match !== undefined) {
        conditions.push(
          compilePostgresFilter(deletionFilter(selector.match, 'selector.match'), 'c.metadata', params),
        );
      }
      if (selector?.sourceId !== undefined) {
        const sourceId = validateId(selector.sourceId, 'selector.sourceId');
        conditions.push(isStorableId(sourceId) ? `c.source_id = ${params.bind(sourceId, 'text')}` : 'FALSE');
      }
      if (conditions.length === 0) {
        throw new InvalidArgumentError(
          'selector',
          'give match (a metadata filter) or sourceId to select the chunks to replace',
        );
      }
      const prepared = prepareChunks(chunks, chunkTarget(scoped.info));
      refuseUnstorableIds(prepared);
      const deleted = await deleteWhere(scoped, `(${conditions.join(' OR ')})`, params);
      await insertChunks(scoped, prepared, new Date().toISOString());
      await recountDocuments(scoped, [...deleted, ...prepared.map(({ chunk }) => chunk.documentId)]);
      return deleted.length;
    });
  }

  /** Deletes chunks by id; an empty list deletes nothing. @returns The number deleted. */
  async deleteChunks(scope: Scope, ids: string[]): Promise<number> {
    return this.#inScope(scope, async (scoped) => {
      validateIdList(ids, 'ids');
      if (ids.length === 0) return 0;
      const params = new SqlParams();
      const where = `c.id = ANY(${params.bind(ids.filter(isStorableId), 'text[]')})`;
      return deleteAndRecount(scoped, where, params);
    });
  }

  /** Deletes every chunk and document record with this source id. @returns The number of chunks deleted. */
  async deleteBySourceId(scope: Scope, sourceId: string): Promise<number> {
    return this.#inScope(scope, async (scoped) => {
      const id = validateId(sourceId, 'sourceId');
      if (!isStorableId(id)) return 0;
      const params = new SqlParams();
      const deleted = await deleteAndRecount(scoped, `c.source_id = ${params.bind(id, 'text')}`, params);
      await scoped.tx.query(
        `DELETE FROM ${DOCUMENTS_TABLE} WHERE collection = $1::text AND source_id = $2::text`,
        [scoped.info.name, id],
      );
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
    return this.#inScope(scope, async (scoped) => {
      const params = new SqlParams();
      const where = compilePostgresFilter(deletionFilter(match, 'match'), 'c.metadata', params);
      return deleteAndRecount(scoped, where, params);
    });
  }

  /**
   * Yields the chunks that pass the conditions in ascending id order (code point), `batchSize` at a
   * time (default {@link DEFAULT_ITERATION_BATCH_SIZE}), with embeddings as `number[]` unless
   * `includeEmbeddings` is false. Each batch is one keyset query (`id > last`) in its own scoped
   * transaction, so no transaction stays open between batches.
   * @throws {InvalidArgumentError} / {InvalidFilterError} / {CollectionNotFoundError} on the first `next()`.
   */
  async *iterChunks(request: IterateChunksRequest): AsyncIterable<StoredChunk[]> {
    this.#live();
    const conditions = checkConditions(request);
    const batchSize = validatePositiveInteger(request.batchSize ?? DEFAULT_ITERATION_BATCH_SIZE, 'batchSize');
    let after: string | undefined;
    for (;;) {
      const rows = await this.#inScope(request, async ({ tx, table, info }) => {
        if (conditions.matchesNothing) return [];
        const withEmbeddings = request.includeEmbeddings !== false && info.dimension !== null;
        const params = new SqlParams();
        const where = compileConditions(conditions, params);
        const keyset = after === undefined ? '' : ` AND c.id > ${params.bind(after, 'text')}`;
        const limit = params.bind(batchSize, 'int');
        const columns = withEmbeddings ? `${CHUNK_COLUMNS}, ${EMBEDDING_TEXT}` : CHUNK_COLUMNS;
        const result = await tx.query<ChunkRow>(
          `SELECT ${columns} FROM ${table} AS c WHERE ${where}${keyset} ORDER BY c.id LIMIT ${limit}`,
          params.values,
        );
        return result.rows;
      });
      if (rows.length === 0) return;
      yield rows.map(storedChunkFromRow);
      if (rows.length < batchSize) return;
      after = rows[rows.length - 1]!.id;
    }
  }

  /** Embeddings by chunk id, as `number[]` (float32, or float16 values in a `halfvec` collection); unknown ids are absent. */
  async getEmbeddings(scope: Scope, ids: string[]): Promise<Map<string, number[]>> {
    return this.#inScope(scope, async ({ tx, table, info }) => {
      validateIdList(ids, 'ids');
      const found = new Map<string, number[]>();
      const wanted = ids.filter(isStorableId);
      if (wanted.length === 0 || info.dimension === null) return found;
      const { rows } = await tx.query<{ id: string; embedding: string }>(
        `SELECT c.id, ${EMBEDDING_TEXT} FROM ${table} AS c WHERE c.id = ANY($1::text[])`,
        [wanted],
      );
      for (const row of rows) found.set(row.id, vectorFromText(row.embedding));
      return found;
    });
  }

  /**
   * Cosine search. `score` = `scores.dense` = cosine similarity in [-1, 1]; hits below
   * `minSimilarity` are dropped after ranking (so fewer than `topK` may remain). Conditions are
   * part of the scan; see the class notes on the HNSW index and the exact fallback.
   * @throws {DimensionMismatchError} when the query's length differs from the collection's dimension.
   * @throws {InvalidArgumentError} for a zero or non-finite query, a bad `topK` or `minSimilarity`,
   *   or a lexical-only collection.
   */
  async denseSearch(request: DenseSearchRequest): Promise<Hit[]> {
    return this.#inScope(request, async (scoped) => {
      const { vector, vectorType } = queryVector(scoped.info, request.vector);
      const topK = validatePositiveInteger(request.topK, 'topK');
      const minSimilarity = checkMinSimilarity(request.minSimilarity);
      const conditions = checkConditions(request);
      if (conditions.matchesNothing) return [];
      const keepBest = request.keepBest === true;
      const statement = denseSearchSql({
        target: searchTarget(scoped.info),
        vector,
        vectorType,
        conditions,
        topK,
        keepBest,
      });
      await this.#tuneIndexScan(scoped.tx, topK);
      let { rows } = await scoped.tx.query<ScoredRow>(statement.sql, statement.params);
      if (rows.length < topK && !keepBest && hasHnswIndex(scoped.info)) {
        // The index scan gave up before topK rows passed the conditions: answer exactly.
        await scoped.tx.query("SELECT set_config('enable_indexscan', 'off', true)");
        ({ rows } = await scoped.tx.query<ScoredRow>(statement.sql, statement.params));
      }
      const hits: Hit[] = [];
      for (const row of rows) {
        const similarity = toSimilarity(row.score);
        if (minSimilarity !== undefined && similarity < minSimilarity) continue;
        hits.push(toHit(row, similarity, { dense: similarity }));
      }
      return hits;
    });
  }

  /**
   * Full-text search over chunk text and heading paths with the accent-folding configuration. The
   * query is split into word tokens (see `queryTerms`), each matched as a literal lexeme and joined
   * with OR. `score` = `scores.lexical` = `ts_rank_cd` (higher is better). Text without words
   * returns [].
   * @throws {InvalidArgumentError} for a non-string query or a bad `topK`.
   */
  async lexicalSearch(request: LexicalSearchRequest): Promise<Hit[]> {
    return this.#inScope(request, async (scoped) => {
      if (typeof request.query !== 'string') throw new InvalidArgumentError('query', 'must be a string');
      const topK = validatePositiveInteger(request.topK, 'topK');
      const conditions = checkConditions(request);
      const query = tsqueryText(request.query);
      if (query === undefined || conditions.matchesNothing) return [];
      const statement = lexicalSearchSql({
        target: searchTarget(scoped.info),
        query,
        config: foldedConfigName(this.settings),
        conditions,
        topK,
        keepBest: request.keepBest === true,
      });
      const { rows } = await scoped.tx.query<ScoredRow>(statement.sql, statement.params);
      return rows.map((row) => toHit(row, row.score, { lexical: row.score }));
    });
  }

  /**
   * Dense and lexical search fused by reciprocal rank fusion in one statement (one round trip
   * after the scope is set). Each ranking contributes its best `candidates` (dense through the
   * HNSW index, lexical through the GIN index), ranked from 1; a chunk scores
   * `weight / (k + rank)` per ranking it is in. `score` = `scores.fused`; `scores.dense` (cosine
   * similarity) and `scores.lexical` are set for the rankings that held the chunk. The same as
   * fusing {@link denseSearch} and {@link lexicalSearch} results with `reciprocalRankFusion`,
   * without the exact fallback for dense candidates.
   * @throws As {@link denseSearch}, plus {@link InvalidArgumentError} for a non-string query or bad
   *   `candidates`, `k` or `weights`.
   */
  async hybridSearch(request: HybridSearchRequest): Promise<Hit[]> {
    return this.#inScope(request, async (scoped) => {
      const { vector, vectorType } = queryVector(scoped.info, request.vector);
      if (typeof request.query !== 'string') throw new InvalidArgumentError('query', 'must be a string');
      const topK = validatePositiveInteger(request.topK, 'topK');
      const candidates = Math.max(
        validatePositiveInteger(request.candidates ?? DEFAULT_HYBRID_CANDIDATES, 'candidates'),
        topK,
      );
      const k = request.k ?? DEFAULT_HYBRID_RRF_K;
      if (!(Number.isFinite(k) && k >= 0)) throw new InvalidArgumentError('k', `must be ≥ 0, got ${k}`);
      const weights = request.weights ?? [1, 1];
      if (!Array.isArray(weights) || weights.length !== 2 || !weights.every((w) => Number.isFinite(w))) {
        throw new InvalidArgumentError('weights', 'must be two finite numbers [dense, lexical]');
      }
      const minSimilarity = checkMinSimilarity(request.minSimilarity);
      const conditions = checkConditions(request);
      if (conditions.matchesNothing) return [];
      const statement = hybridSearchSql({
        target: searchTarget(scoped.info),
        vector,
        vectorType,
        query: tsqueryText(request.query),
        config: foldedConfigName(this.settings),
        conditions,
        topK,
        keepBest: request.keepBest === true,
        candidates,
        k,
        weights,
        minSimilarity,
      });
      await this.#tuneIndexScan(scoped.tx, candidates);
      const { rows } = await scoped.tx.query<ScoredRow>(statement.sql, statement.params);
      return rows.map((row) => {
        const scores: Hit['scores'] = { fused: row.score };
        if (row.distance !== null && row.distance !== undefined) scores.dense = toSimilarity(row.distance);
        if (row.lexical !== null && row.lexical !== undefined) scores.lexical = row.lexical;
        return toHit(row, row.score, scores);
      });
    });
  }

  /** Chunks by id in the order asked; unknown ids are left out. */
  async getChunks(scope: Scope, ids: string[]): Promise<Array<Chunk & { sourceId: string }>> {
    return this.#inScope(scope, async ({ tx, table }) => {
      validateIdList(ids, 'ids');
      const wanted = ids.filter(isStorableId);
      if (wanted.length === 0) return [];
      const { rows } = await tx.query<ChunkRow>(
        `SELECT ${CHUNK_COLUMNS} FROM ${table} AS c WHERE c.id = ANY($1::text[])`,
        [wanted],
      );
      const byId = new Map(rows.map((row) => [row.id, chunkFromRow(row)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    });
  }

  /** Number of chunks in the namespace that pass the conditions. */
  async countChunks(scope: Scope & ScanConditions): Promise<number> {
    return this.#inScope(scope, async ({ tx, table }) => {
      const conditions = checkConditions(scope);
      if (conditions.matchesNothing) return 0;
      const params = new SqlParams();
      const where = compileConditions(conditions, params);
      const { rows } = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} AS c WHERE ${where}`,
        params.values,
      );
      return rows[0]?.n ?? 0;
    });
  }

  /**
   * Deletes every chunk and document record of one namespace, in every collection, in one
   * transaction. The statements carry no `WHERE` clause: they run as the application role with
   * the namespace set, so the row-level-security policy alone decides which rows go.
   * @returns The number of chunks deleted.
   * @throws {InvalidArgumentError} for an empty or malformed namespace.
   */
  async purgeNamespace(namespace: string): Promise<number> {
    this.#live();
    if (typeof namespace !== 'string') throw new InvalidArgumentError('namespace', 'must be a string');
    const resolved = resolveNamespace({ namespace });
    if (!(await this.#hasRegistry())) return 0;
    return this.#live().transaction(async (tx) => {
      const collections = await readRegistry(tx, true);
      await this.#enter(tx, resolved);
      let deleted = 0;
      for (const info of collections) {
        deleted += await countDeleted(tx, `DELETE FROM ${quoteIdentifier(info.tableName)}`, []);
      }
      await tx.query(`DELETE FROM ${DOCUMENTS_TABLE}`);
      return deleted;
    });
  }

  /**
   * Refreshes the planner statistics of collection tables (`ANALYZE`, as the owner): of `collection`,
   * or of every collection. A server's autovacuum does this by itself; on PGlite see {@link autoAnalyze}.
   * @throws {CollectionNotFoundError} when `collection` does not exist.
   */
  async analyze(collection?: string): Promise<void> {
    this.#live();
    if (collection !== undefined) validateCollectionName(collection);
    if (!(await this.#hasRegistry())) {
      if (collection === undefined) return;
      throw new CollectionNotFoundError(collection);
    }
    const targets = await this.#live().transaction(async (tx) => {
      if (collection === undefined) return readRegistry(tx);
      const info = await readCollection(tx, collection);
      if (info === undefined) throw new CollectionNotFoundError(collection);
      return [info];
    });
    for (const info of targets) {
      const rows = await this.#analyzeTable(info.tableName);
      this.#analyzed.set(info.tableName, { pending: 0, rows });
    }
  }

  /** True when a trivial round trip to the database succeeds; false after {@link close} or on any failure. */
  async ping(): Promise<boolean> {
    const driver = this.#driver;
    return driver === undefined ? false : driver.ping();
  }

  /**
   * Closes the pool (or the PGlite database the store opened; a PGlite instance passed in stays
   * open). Idempotent; every other method throws {@link InvalidArgumentError} afterwards.
   */
  async close(): Promise<void> {
    const driver = this.#driver;
    if (driver === undefined) return;
    this.#driver = undefined;
    await driver.close();
  }

  #live(): PostgresDriver {
    if (this.#driver === undefined) throw new StoreClosedError(this.backend);
    return this.#driver;
  }

  async #hasRegistry(): Promise<boolean> {
    if (this.#registryExists) return true;
    this.#registryExists = await this.#live().transaction(registryExists);
    return this.#registryExists;
  }

  /** Runs `work` in a transaction pinned to the scope's namespace, with the collection resolved. */
  async #inScope<T>(scope: Scope, work: (scoped: Scoped) => Promise<T>): Promise<T> {
    const driver = this.#live();
    if (typeof scope !== 'object' || scope === null)
      throw new InvalidArgumentError('scope', 'must be an object');
    const name = validateCollectionName(scope.collection);
    const namespace = resolveNamespace(scope);
    const known = this.#registryExists;
    let scoped: Scoped | undefined;
    const result = await driver.transaction(async (tx) => {
      const info = known || (await registryExists(tx)) ? await readCollection(tx, name, true) : undefined;
      if (info === undefined) {
        throw new CollectionNotFoundError(
          name,
          'create it first with createCollection (CLI: `cairn collections create`)',
        );
      }
      this.#registryExists = true;
      checkSchemaVersion(info);
      await this.#enter(tx, namespace);
      scoped = { tx, info, table: quoteIdentifier(info.tableName), namespace, written: 0 };
      return work(scoped);
    });
    if (scoped !== undefined && scoped.written > 0)
      await this.#afterWrite(scoped.info.tableName, scoped.written);
    return result;
  }

  /** With `autoAnalyze`, refreshes a table's planner statistics once enough rows were written since the last time. */
  async #afterWrite(tableName: string, written: number): Promise<void> {
    if (!this.autoAnalyze) return;
    const state = this.#analyzed.get(tableName) ?? { pending: 0, rows: 0 };
    state.pending += written;
    this.#analyzed.set(tableName, state);
    if (state.pending < Math.max(AUTO_ANALYZE_MIN_ROWS, state.rows)) return;
    state.pending = 0;
    try {
      state.rows = await this.#analyzeTable(tableName);
    } catch {
      // Statistics are an optimisation; a table dropped meanwhile is no error of the write.
    }
  }

  async #analyzeTable(tableName: string): Promise<number> {
    return this.#live().transaction(async (tx) => {
      await tx.query(`ANALYZE ${quoteIdentifier(tableName)}`);
      const { rows } = await tx.query<{ n: number }>(
        'SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = to_regclass($1::text)',
        [tableName],
      );
      return rows[0]?.n ?? 0;
    });
  }

  /** Switches the transaction to the application role and the namespace. */
  async #enter(tx: PostgresQueryable, namespace: string): Promise<void> {
    for (const statement of isolationStatements(this.settings, namespace)) {
      await tx.query(statement.sql, statement.params);
    }
  }

  /** Transaction-local HNSW settings: candidate list, iterative scans, their budget. */
  async #tuneIndexScan(tx: PostgresQueryable, wanted: number): Promise<void> {
    await tx.query(
      "SELECT set_config('hnsw.ef_search', $1::text, true), set_config('hnsw.iterative_scan', 'relaxed_order', true), " +
        "set_config('hnsw.max_scan_tuples', $2::text, true)",
      [String(Math.min(1000, Math.max(this.hnsw.efSearch, wanted))), String(this.hnsw.maxScanTuples)],
    );
  }

  /** Refuses an application role that would make the policies moot. */
  async #checkRole(tx: PostgresQueryable): Promise<void> {
    const { rows } = await tx.query<{ bypasses: boolean }>(
      'SELECT rolsuper OR rolbypassrls AS bypasses FROM pg_roles WHERE rolname = $1::text',
      [this.settings.appRole],
    );
    if (rows[0]?.bypasses) {
      throw new ConfigError(
        `role "${this.settings.appRole}" is a superuser or has BYPASSRLS, so row-level security would not ` +
          'isolate namespaces; set appRole to a non-privileged role (migrate creates it when missing)',
      );
    }
  }
}

function searchTarget(info: CollectionInfo): SearchTarget {
  return { tableName: info.tableName, collection: info.name };
}

/** The query vector as pgvector text and the type to cast it to. */
function queryVector(info: CollectionInfo, vector: unknown): { vector: string; vectorType: string } {
  const type = embeddingType(info);
  if (info.dimension === null || type === null) {
    throw new InvalidArgumentError(
      'collection',
      `"${info.name}" is lexical-only (no embeddings); use lexical search`,
    );
  }
  return {
    vector: vectorLiteral(toEmbedding(vector, info.dimension, info.name, 'query vector')),
    vectorType: type,
  };
}

function checkMinSimilarity(value: unknown): number | undefined {
  if (value !== undefined && (typeof value !== 'number' || !Number.isFinite(value))) {
    throw new InvalidArgumentError('minSimilarity', 'must be a finite number');
  }
  return value as number | undefined;
}

function toSimilarity(distance: number): number {
  return Math.min(1, Math.max(-1, 1 - distance));
}

function toHit(row: ScoredRow, score: number, scores: Hit['scores']): Hit {
  const hit: Hit = { chunk: chunkFromRow(row), score, scores };
  if (row.source_name !== null) hit.sourceName = row.source_name;
  return hit;
}
