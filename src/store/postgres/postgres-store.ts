/**
 * The PostgreSQL store: the collection model over {@link PostgresBackend} — pgvector for dense
 * search (HNSW, cosine), a generated `tsvector` column for full-text search (GIN), JSONB metadata,
 * and tenant isolation by row-level security. Runs on a PostgreSQL server through `pg`, or
 * in-process on PGlite. See `postgres-schema.ts` for the layout.
 * @module
 */
import { CollectionNotFoundError, InvalidArgumentError } from '../../core/errors.js';
import type { DocumentWrite, Scope } from '../../core/ports.js';
import type { DocumentRecord, StoredChunk } from '../../core/types.js';
import { CollectionStore } from '../collection/collection-store.js';
import {
  chunkTarget,
  type PreparedChunk,
  prepareChunks,
  prepareDocumentWrite,
  validateCollectionName,
} from '../collection/validation.js';
import type { SqlConnection } from '../sql/sql-dialect.js';
import { createPgDriver } from './pg-driver.js';
import { createPglite, pgliteDriver } from './pglite-driver.js';
import { lockPgliteFolder } from './pglite-lock.js';
import { INSERT_BATCH_SIZE, PostgresBackend } from './postgres-backend.js';
import type { PostgresDriver } from './postgres-driver.js';
import { quoteIdentifier } from './postgres-identifiers.js';
import {
  type PostgresStoreOptions,
  parsePostgresStoreOptions,
  type ResolvedPostgresStoreOptions,
} from './postgres-options.js';
import { type ReplicaConsistency, ReplicaRouter, replicaUrlParameters } from './postgres-replicas.js';
import { migrationStatements, type PostgresSchemaSettings } from './postgres-schema.js';
import {
  ivfflatLists,
  VECTOR_INDEX_QUERY,
  type VectorIndexInfo,
  type VectorIndexMethod,
  vectorIndexStatement,
} from './postgres-vector-index.js';

/** Options of {@link PostgresStore.bulkLoad}. */
export interface BulkLoadOptions {
  /**
   * Drop the HNSW index and the postings' indexes before the load and build them once after it.
   * Default true; pass false when loading into a collection much larger than the load.
   */
  rebuildIndexes?: boolean;
  /** `maintenance_work_mem` for the index builds (e.g. `512MB`, `1GB`); default the server's. */
  maintenanceWorkMem?: string;
  /** Called after each batch with the number of chunks written so far. */
  onBatch?: (written: number) => void;
}

/**
 * One batch of {@link PostgresStore.bulkLoad}: chunks (as `upsertChunks` takes them), or whole
 * documents with their records (as `replaceDocument` takes them).
 */
export type BulkLoadBatch = StoredChunk[] | { documents: DocumentWrite[] };

/** What {@link PostgresStore.bulkLoad} wrote. */
export interface BulkLoadResult {
  /** Chunks written (inserted or overwritten). */
  chunks: number;
  /** Distinct documents those chunks belong to, and documents that lost overwritten chunks. */
  documents: number;
}

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
 *   `@electric-sql/pglite-pgvector`) cannot be loaded, or a PGlite data folder is in use by
 *   another process (PGlite allows one at a time; the message names its PID).
 */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<PostgresStore> {
  const resolved = withUrlReplicas(parsePostgresStoreOptions(options));
  let driver: PostgresDriver;
  let replicas: ReplicaRouter | undefined;
  if (resolved.driver !== undefined) driver = resolved.driver;
  else if (resolved.url !== undefined) {
    driver = await createPgDriver(resolved.url, resolved.pool);
    if (resolved.replicas.length > 0) {
      const pools = await Promise.all(resolved.replicas.map((url) => createPgDriver(url, resolved.pool)));
      replicas = new ReplicaRouter(driver, pools, resolved.replicaConsistency);
    }
  } else if (typeof resolved.pglite === 'string') {
    driver = await openPgliteFolder(resolved.pglite);
  } else driver = pgliteDriver(resolved.pglite!, false);
  return new PostgresStore(new PostgresBackend(driver, { ...resolved, replicaRouter: replicas }));
}

/** Moves `replica=` and `replicaConsistency=` parameters of the URL into the options (the URL's win). */
function withUrlReplicas(options: ResolvedPostgresStoreOptions): ResolvedPostgresStoreOptions {
  if (options.url === undefined) return options;
  const { url, replicas, consistency } = replicaUrlParameters(options.url);
  return {
    ...options,
    url,
    replicas: [...options.replicas, ...replicas],
    replicaConsistency: consistency ?? options.replicaConsistency,
  };
}

/**
 * A driver over a PGlite database the store opens itself; a data folder (not `memory://`) is
 * locked for this process until the store closes.
 */
async function openPgliteFolder(dataDir: string): Promise<PostgresDriver> {
  if (dataDir.startsWith('memory://')) return pgliteDriver(await createPglite({ dataDir }), true);
  const lock = lockPgliteFolder(dataDir);
  try {
    const driver = pgliteDriver(await createPglite({ dataDir }), true);
    return {
      ...driver,
      async close() {
        try {
          await driver.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}

/**
 * The {@link Store} over PostgreSQL with pgvector. Create it with {@link openPostgresStore}.
 *
 * Behaviour beyond the port's contract:
 * - Connect as the owner of the schema objects: migrations and registry reads run as that user;
 *   every namespaced statement runs as {@link PostgresStore.settings}`.appRole`, confined by
 *   row-level security to one namespace.
 * - Scoped calls lock their collection's registry row (`FOR SHARE`), so a concurrent drop waits.
 * - Dense search uses the HNSW index with iterative scans; when fewer than `topK` rows come back
 *   it answers with an exact scan, so filtered searches return `topK` rows whenever that many pass.
 * - Lexical scores are Okapi BM25 as the SQLite store computes them (same tokenisation, fields,
 *   weights, k1 and b), from postings and statistics kept per namespace in the database
 *   (`postgres-lexical.ts`); a query matches chunks holding any of its words.
 * - `vectorType: 'float16'` collections store `halfvec`; their embeddings read back rounded to float16.
 * - With `replicas`, searches run on a read replica and everything else on the primary; with the
 *   default `session` consistency a search sees every write this store object made before it
 *   (docs/postgres.md, "Read replicas").
 * - A connection failure (the server restarted or went away mid-call) throws a retryable
 *   `StoreRequestError` (code `PROVIDER_ERROR`, `isRetryable` true); the transaction is never
 *   left half-applied, and running the call again completes it.
 */
export class PostgresStore extends CollectionStore<SqlConnection> {
  readonly #backend: PostgresBackend;

  constructor(backend: PostgresBackend) {
    super(backend);
    this.#backend = backend;
  }

  /** Role, namespace setting and text-search configuration this store uses. */
  get settings(): Readonly<PostgresSchemaSettings> {
    return this.#backend.settings;
  }

  /** HNSW settings applied to each dense search. */
  get hnsw(): Readonly<ResolvedPostgresStoreOptions['hnsw']> {
    return this.#backend.hnsw;
  }

  /**
   * Whether the store refreshes planner statistics (`ANALYZE`) of a collection table after writes
   * that grew it markedly. On by default for PGlite, which has no autovacuum; without statistics
   * the planner may scan a whole namespace instead of using the HNSW index.
   */
  get autoAnalyze(): boolean {
    return this.#backend.autoAnalyze;
  }

  /**
   * Read replicas in use (their count) and what a search on them sees; `undefined` without
   * replicas. See `replicas` and `replicaConsistency` of {@link PostgresStoreOptions}.
   */
  get replicas(): { count: number; consistency: ReplicaConsistency } | undefined {
    const router = this.#backend.replicas;
    return router === undefined
      ? undefined
      : { count: router.drivers.length, consistency: router.consistency };
  }

  /** Which driver the store runs on: `pg` (a server) or `pglite` (in-process). */
  get driverKind(): PostgresDriver['kind'] {
    return this.#backend.driver.kind;
  }

  /**
   * Creates or updates the schema, idempotently, in one transaction under an advisory lock: the
   * `vector` and `unaccent` extensions, the accent-folding text-search configuration, the
   * application role (NOLOGIN, granted to the connecting user), the registry and documents tables,
   * and the row-level-security policy of every namespaced table. Before any DDL it checks each
   * registered collection's table against the registry. Run it after changing `appRole` or
   * `namespaceSetting`, so that existing tables' policies follow.
   * @throws {SchemaError} when a collection table's embedding column differs from its registry
   *   entry (naming both dimensions); nothing is changed.
   * @throws {ConfigError} when the application role bypasses row-level security, or an extension
   *   is not installed on the server.
   */
  migrate(): Promise<void> {
    return this.run(() =>
      this.#backend.transaction('write', async (tx) => {
        await this.#backend.lockRegistry(tx);
        await this.#backend.createRegistry(tx);
      }),
    );
  }

  /** Runs {@link migrate} (idempotent). */
  override ensureRegistry(): Promise<void> {
    return this.migrate();
  }

  /** The statements {@link migrate} runs with this store's settings (no database needed). */
  migrationStatements(): string[] {
    return migrationStatements(this.settings);
  }

  /**
   * The approximate vector index `collection` has (pgvector HNSW or IVFFlat), or `undefined`:
   * lexical-only collections, dimensions beyond pgvector's index limit, or an index dropped.
   * @throws {CollectionNotFoundError} when `collection` does not exist.
   */
  vectorIndex(collection: string): Promise<VectorIndexInfo | undefined> {
    validateCollectionName(collection);
    return this.run(async () => {
      const found = await this.#collection(collection);
      return this.#backend.transaction('read', async (tx) => {
        const [row] = await tx.all<VectorIndexInfo>({ sql: VECTOR_INDEX_QUERY, params: [found.location] });
        return row === undefined ? undefined : { name: row.name, method: row.method };
      });
    });
  }

  /**
   * Builds `collection`'s vector index on demand with `method` (default `hnsw`), replacing the one
   * it has when that is another method; nothing to do when it has one of that method. IVFFlat
   * clusters the rows present, so build it once the collection holds its data; `lists` defaults
   * to {@link ivfflatLists} of the row count. Searches set `ivfflat.probes` (option
   * `ivfflat.probes`). An explicit admin call: it runs whatever `provision` says.
   * @returns The index the collection has afterwards.
   * @throws {CollectionNotFoundError} when `collection` does not exist.
   * @throws {InvalidArgumentError} for a lexical-only collection, or `lists` that is not a positive integer.
   */
  async buildVectorIndex(
    collection: string,
    options: { method?: VectorIndexMethod; lists?: number } = {},
  ): Promise<VectorIndexInfo> {
    validateCollectionName(collection);
    const method = options.method ?? 'hnsw';
    if (method !== 'hnsw' && method !== 'ivfflat') {
      throw new InvalidArgumentError('method', `must be hnsw or ivfflat, got ${String(method)}`);
    }
    if (options.lists !== undefined && !(Number.isSafeInteger(options.lists) && options.lists > 0)) {
      throw new InvalidArgumentError('lists', `must be a positive integer, got ${options.lists}`);
    }
    return this.run(async () => {
      const found = await this.#collection(collection);
      if (found.dimension === null) {
        throw new InvalidArgumentError(
          'collection',
          `"${collection}" is lexical-only; it has no embeddings to index`,
        );
      }
      return this.#backend.transaction('write', async (tx) => {
        const table = quoteIdentifier(found.location);
        const existing = await tx.all<VectorIndexInfo>({ sql: VECTOR_INDEX_QUERY, params: [found.location] });
        const same = existing.find((index) => index.method === method);
        if (same) return { name: same.name, method };
        for (const index of existing)
          await tx.run({ sql: `DROP INDEX ${quoteIdentifier(index.name)}`, params: [] });
        let lists = options.lists ?? 1;
        if (method === 'ivfflat' && options.lists === undefined) {
          const [row] = await tx.all<{ n: number | string }>({
            sql: `SELECT count(*) AS n FROM ${table}`,
            params: [],
          });
          lists = ivfflatLists(Number(row?.n ?? 0));
        }
        await tx.run({ sql: vectorIndexStatement(found, method, lists), params: [] });
        const [built] = await tx.all<VectorIndexInfo>({ sql: VECTOR_INDEX_QUERY, params: [found.location] });
        return { name: built!.name, method: built!.method };
      });
    });
  }

  /**
   * Loads many chunks into one collection and namespace as one transaction, much faster than
   * {@link upsertChunks} for large loads (a new collection, a restore, a benchmark's million
   * chunks): the batches are written in statements of up to `INSERT_BATCH_SIZE` rows with their
   * BM25 postings only; with `rebuildIndexes` (default) the HNSW index and the postings' indexes
   * are dropped first and built once over the whole tables at the end; the namespace's term
   * statistics and totals are then counted once from its postings. Chunks are validated as
   * `upsertChunks` validates them and overwrite chunks of the same id (keeping their creation
   * time); document records of documents that gained or lost chunks are recounted. A batch may
   * instead hold whole documents (`{ documents: DocumentWrite[] }`, validated as `replaceDocument`
   * validates one): each document's earlier chunks are deleted, its chunks written and its record
   * upserted, so each document is replaced as `replaceDocument` replaces it (a chunk id held by
   * another document is refused), all inside the load's one transaction.
   *
   * Into a namespace that holds no chunks when the load begins, chunks of ids the load has not
   * written yet are inserted without a look-up (the fast path: `cairn migrate` into a new
   * collection); into a non-empty one, each batch looks its ids up first, and overwriting (or
   * replacing a document) with the postings' indexes dropped reads every posting of the table per
   * batch — pass `rebuildIndexes: false` when a load overwrites much. Nothing is
   * visible to other transactions until the load commits, and a failure (a bad chunk in any batch,
   * a lost connection) rolls all of it back.
   *
   * While it runs, the load holds the namespace's statistics row (other writers of the namespace
   * wait) and, with `rebuildIndexes`, an exclusive lock on the collection's tables (every reader
   * of the collection, in any namespace, waits). Index builds cost time in proportion to the
   * whole table, so into a collection already much larger than the load pass
   * `rebuildIndexes: false` (indexes kept up to date row by row, as `upsertChunks` does).
   * On a server, run `analyze(collection)` afterwards (or wait for autovacuum) so the planner knows
   * the new size. See docs/postgres.md, "Bulk loads".
   *
   * @example
   * ```ts
   * const store = await openPostgresStore({ url });
   * await store.createCollection('papers', { model: 'bge-small', dimension: 384 });
   * await store.bulkLoad({ collection: 'papers' }, batchesOfChunks(), { maintenanceWorkMem: '1GB' });
   * await store.analyze('papers');
   * ```
   * @param batches Arrays of chunks or `{ documents }` batches, read one at a time (an async
   *   generator keeps memory flat).
   * @param options `rebuildIndexes` (default true); `maintenanceWorkMem`, PostgreSQL's
   *   `maintenance_work_mem` for the index builds in this transaction (e.g. `1GB`; default the
   *   server's, 64 MB out of the box: an HNSW graph larger than it builds much more slowly);
   *   `onBatch`, called with the running count of chunks written after each batch.
   * @returns How many chunks were written and how many documents they belong to.
   * @throws {CollectionNotFoundError} when the collection does not exist (create it first).
   * @throws {DimensionMismatchError} / {InvalidArgumentError} for a bad chunk, as `upsertChunks`;
   *   nothing of the load is stored.
   */
  bulkLoad(
    scope: Scope,
    batches: AsyncIterable<BulkLoadBatch> | Iterable<BulkLoadBatch>,
    options: BulkLoadOptions = {},
  ): Promise<BulkLoadResult> {
    if (
      options.maintenanceWorkMem !== undefined &&
      !/^\d+\s*(kB|MB|GB|TB)?$/.test(options.maintenanceWorkMem)
    ) {
      throw new InvalidArgumentError(
        'maintenanceWorkMem',
        `must be a PostgreSQL memory size such as 512MB or 1GB, got ${JSON.stringify(options.maintenanceWorkMem)}`,
      );
    }
    return this.scopedWrite(scope, async (tx, target, now) => {
      const { finish, empty } = await this.#backend.beginBulkLoad(tx, target, {
        rebuildIndexes: options.rebuildIndexes ?? true,
        maintenanceWorkMem: options.maintenanceWorkMem,
      });
      const documents = new Set<string>();
      // Into an empty namespace, the ids written so far are all the ids there are: a batch whose
      // ids are all new is written without looking them up or deleting them first.
      const loaded = empty ? new Set<string>() : undefined;
      let written = 0;
      for await (const batch of batches) {
        const { prepared, records } = Array.isArray(batch)
          ? { prepared: prepareChunks(batch, chunkTarget(target.collection)), records: [] }
          : this.#prepareDocuments(batch, target.collection, now);
        if (records.length > 0) {
          const ids = records.map((record) => record.documentId);
          // A document replaced: its earlier chunks go first (none when the namespace began empty
          // and the load has not written the document yet).
          if (loaded === undefined || ids.some((id) => documents.has(id))) {
            await this.#backend.deleteChunks(tx, target, { documentIds: ids });
          }
        }
        if (prepared.length === 0 && records.length === 0) continue;
        const ids = prepared.map(({ chunk }) => chunk.id);
        const known = loaded === undefined ? ids : ids.filter((id) => loaded.has(id));
        const owners =
          known.length === 0 ? new Map<string, string>() : await this.#backend.chunkOwners(tx, target, known);
        if (records.length > 0) refuseTakenIds(prepared, owners, target.namespace);
        for (const owner of owners.values()) documents.add(owner);
        if (loaded !== undefined) for (const id of ids) loaded.add(id);
        for (let start = 0; start < prepared.length; start += INSERT_BATCH_SIZE) {
          await this.#backend.writeChunks(tx, target, prepared.slice(start, start + INSERT_BATCH_SIZE), now, {
            deferStatistics: true,
            absent: owners.size === 0,
          });
        }
        for (const record of records) {
          await this.#backend.writeDocument(tx, target, record);
          documents.add(record.documentId);
        }
        for (const { chunk } of prepared) documents.add(chunk.documentId);
        written += prepared.length;
        options.onBatch?.(written);
      }
      await finish();
      await this.#backend.recountDocuments(tx, target, [...documents]);
      return { chunks: written, documents: documents.size };
    });
  }

  /** A batch of document writes, validated as `replaceDocument` validates one. */
  #prepareDocuments(
    batch: { documents: DocumentWrite[] },
    collection: Parameters<typeof chunkTarget>[0],
    now: string,
  ): { prepared: PreparedChunk[]; records: DocumentRecord[] } {
    if (!Array.isArray(batch?.documents)) {
      throw new InvalidArgumentError(
        'batches',
        'each batch must be an array of chunks or { documents: [...] }',
      );
    }
    const prepared: PreparedChunk[] = [];
    const records: DocumentRecord[] = [];
    const seen = new Set<string>();
    for (const write of batch.documents) {
      const { record, chunks } = prepareDocumentWrite(write, chunkTarget(collection));
      if (seen.has(record.documentId)) {
        throw new InvalidArgumentError('documents', `document "${record.documentId}" repeats in one batch`);
      }
      seen.add(record.documentId);
      records.push({ ...record, ingestedAt: now });
      prepared.push(...chunks);
    }
    const ids = new Set<string>();
    for (const { chunk } of prepared) {
      if (ids.has(chunk.id)) {
        throw new InvalidArgumentError('documents', `chunk id "${chunk.id}" repeats in one batch`);
      }
      ids.add(chunk.id);
    }
    return { prepared, records };
  }

  /** The registry entry of `collection`. @throws {CollectionNotFoundError} when it does not exist. */
  async #collection(collection: string) {
    const found = await this.#backend.transaction('read', async (tx) =>
      (await this.#backend.hasRegistry(tx)) ? this.#backend.readCollection(tx, collection, false) : undefined,
    );
    if (found === undefined) throw new CollectionNotFoundError(collection);
    return found;
  }

  /**
   * Refreshes the planner statistics of collection tables (`ANALYZE`, as the owner): of `collection`,
   * or of every collection. A server's autovacuum does this by itself; on PGlite see {@link autoAnalyze}.
   * @throws {CollectionNotFoundError} when `collection` does not exist.
   */
  analyze(collection?: string): Promise<void> {
    if (collection !== undefined) validateCollectionName(collection);
    return this.run(async () => {
      const targets = await this.#backend.transaction('read', async (tx) => {
        const exists = await this.#backend.hasRegistry(tx);
        if (collection === undefined) return exists ? this.#backend.readCollections(tx) : [];
        const found = exists ? await this.#backend.readCollection(tx, collection, false) : undefined;
        if (found === undefined) throw new CollectionNotFoundError(collection);
        return [found];
      });
      for (const target of targets) await this.#backend.analyzeTable(target.location);
    });
  }
}

/**
 * Refuses chunks of documents whose ids another document of the namespace holds (`owners`: id to
 * document, read after the documents' own earlier chunks were deleted), as `replaceDocument` does.
 */
function refuseTakenIds(
  prepared: readonly PreparedChunk[],
  owners: ReadonlyMap<string, string>,
  namespace: string,
) {
  for (const { chunk } of prepared) {
    const owner = owners.get(chunk.id);
    if (owner === undefined || owner === chunk.documentId) continue;
    throw new InvalidArgumentError(
      'chunks',
      `chunk id "${chunk.id}" already belongs to document "${owner}" in namespace "${namespace}"`,
    );
  }
}
