/**
 * The PostgreSQL backend: what differs from the shared SQL layer — transactions through a
 * {@link PostgresDriver}, the migration (extensions, role, text-search configuration, policies),
 * per-collection DDL, row-level security per namespace, bulk `unnest` inserts, and pgvector /
 * tsvector searches (`postgres-search.ts`), fused hybrid search included.
 *
 * Every scoped transaction reads its collection's registry entry as the connecting owner, then
 * switches to the application role (`SET LOCAL ROLE`) with the namespace in a transaction-local
 * setting; the row-level-security policy on each chunk table and on the documents table confines
 * every statement after that. No statement names the namespace in its `WHERE` clause.
 * @module
 */
import { ConfigError } from '../../core/errors.js';
import type { StoreCapabilities } from '../../core/ports.js';
import type * as Backend from '../collection/backend.js';
import { defineCapabilities } from '../collection/backend.js';
import type { LexicalFieldWeights } from '../collection/lexical-weights.js';
import type { PreparedChunk } from '../collection/validation.js';
import { FOLDED_LETTERS } from '../memory/memory-tokenizer.js';
import { type ScoredRow, SqlBackend } from '../sql/sql-backend.js';
import type { SqlConnection, SqlStatement } from '../sql/sql-dialect.js';
import type { DocumentListingSql } from '../sql/sql-documents.js';
import { COLLECTION_COLUMNS, type CollectionRow, DOCUMENTS_TABLE, REGISTRY_TABLE } from '../sql/sql-rows.js';
import { connectionFailureError, isConnectionFailure } from './postgres-connection-error.js';
import { postgresDialect } from './postgres-dialect.js';
import type { PostgresDriver, PostgresQueryable } from './postgres-driver.js';
import { quoteIdentifier, quoteLiteral } from './postgres-identifiers.js';
import {
  fieldsOf,
  indexSql,
  type LexicalFields,
  lexicalStatements,
  lexicalTables,
  postingColumns,
  postingsInsertSql,
  queryIndexTerms,
  statisticsSql,
} from './postgres-lexical.js';
import { similarityOf } from './postgres-metric.js';
import type { ResolvedPostgresStoreOptions } from './postgres-options.js';
import type { PostgresParams } from './postgres-params.js';
import {
  checkCollectionTable,
  lockDdl,
  lockIndexRebuild,
  runDdl,
  schemaExists,
} from './postgres-registry.js';
import type { ReplicaRouter } from './postgres-replicas.js';
import { vectorLiteral } from './postgres-rows.js';
import {
  CURRENT_SCHEMA_VERSION,
  collectionStatements,
  documentColumnStatements,
  dropCollectionStatements,
  embeddingType,
  foldedConfigName,
  hasHnswIndex,
  hnswIndexName,
  hnswIndexStatement,
  isolationStatement,
  migrationStatements,
  namespacedTables,
  type PostgresSchemaSettings,
  policyStatements,
  searchVector,
} from './postgres-schema.js';
import { denseSearchSql, hybridSearchSql, lexicalSearchSql, type SearchTarget } from './postgres-search.js';

/** Rows per `INSERT … SELECT FROM unnest(…)` statement when writing chunks. */
export const INSERT_BATCH_SIZE = 1000;
/**
 * A `keepBest` lexical search first reads this many chunks per wanted hit for their source ids
 * (`postgres-search.ts`); a source's chunks rarely crowd more than this into the top of a ranking.
 */
export const KEEP_BEST_CANDIDATES = 4;
/** Rows written to a never-analysed table before `autoAnalyze` runs `ANALYZE`; later, the table must double. */
export const AUTO_ANALYZE_MIN_ROWS = 1000;

/**
 * Fewest chunks of one write for which the HNSW index may be rebuilt instead of kept up to date
 * (see {@link PostgresBackend.beginBulkWrite}).
 */
export const BULK_WRITE_MIN_ROWS = 1000;

/** What the PostgreSQL backend can do. */
/** The registry's columns and its (optional) metric column, from the registry aliased `r`. */
const REGISTRY_WITH_METRIC = `${COLLECTION_COLUMNS}, to_jsonb(r) ->> 'metric' AS metric FROM ${REGISTRY_TABLE} AS r`;

export const POSTGRES_CAPABILITIES: StoreCapabilities = defineCapabilities({
  lexical: 'bm25',
  lexicalStatistics: 'namespace',
  dense: 'approximate',
  hybrid: true,
  vectorTypes: Object.freeze(['float32', 'float16'] as const),
  metrics: Object.freeze(['cosine', 'euclidean', 'dot'] as const),
  maxWriteBatch: INSERT_BATCH_SIZE,
  namespaceIsolation: 'database',
});

/** One transaction on a driver connection, counting the chunk rows it wrote per table. */
interface PostgresConnection extends SqlConnection {
  readonly tx: PostgresQueryable;
  readonly written: Map<string, number>;
  /** True on a read replica (read-only: no row locks). */
  readonly replica: boolean;
}

/** A WAL position no replica reaches: searches stay on the primary until a write's position is known again. */
const UNKNOWN_WRITE_LSN = 'FFFFFFFF/FFFFFFFF';

const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * PostgreSQL's pieces of the document listing: `translate` folds A-Z only (as SQLite's `lower()`;
 * PostgreSQL's `lower()` follows the locale), `COLLATE "C"` compares by code point.
 */
const POSTGRES_LISTING_SQL: DocumentListingSql = {
  asciiLower: (expression) => `translate(${expression}, '${UPPER}', '${UPPER.toLowerCase()}')`,
  codePoint: ' COLLATE "C"',
  contains: (text, needle) => `strpos(${text}, ${needle}) > 0`,
  metadataFields: (column, alias) => ({
    from: `jsonb_each(${column}) AS ${alias}`,
    key: `${alias}.key`,
    json: `(${alias}.value::text)`,
    scalar: `jsonb_typeof(${alias}.value) IN ('string', 'number', 'boolean')`,
  }),
};

/** A chunk row as the upgrade steps read it back: its id and lexical fields, headings as stored. */
type StoredLexicalRow = { namespace: string; id: string; heading_path: string[] } & Omit<
  LexicalFields,
  'headings'
>;

/** The postings of stored chunk rows, their heading path joined as the write path joins it. */
function storedRowPostings(rows: StoredLexicalRow[]): ReturnType<typeof postingColumns> {
  return postingColumns(
    rows.map((row) => ({
      id: row.id,
      fields: {
        content: row.content,
        headings: row.heading_path.join('\n'),
        document: row.document,
        context: row.context,
      },
    })),
  );
}

/** The PostgreSQL {@link SqlBackend}. */
export class PostgresBackend extends SqlBackend {
  readonly name = 'postgres';
  readonly capabilities = POSTGRES_CAPABILITIES;
  readonly provision: boolean;
  protected readonly listingSql = POSTGRES_LISTING_SQL;
  readonly schemaVersion = CURRENT_SCHEMA_VERSION;
  readonly upgrades: readonly Backend.SchemaUpgrade<SqlConnection>[] = [
    {
      from: 1,
      description:
        "index each chunk's document title and source name, and its contextualizer text, as full-text fields of their own",
      apply: async (tx, collection) => {
        const table = this.table(collection);
        const config = `${quoteLiteral(foldedConfigName(this.settings))}::regconfig`;
        for (const sql of [
          `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS lexical_document text NOT NULL DEFAULT ''`,
          `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS context text NOT NULL DEFAULT ''`,
          `ALTER TABLE ${table} DROP COLUMN IF EXISTS search`,
          `ALTER TABLE ${table} ADD COLUMN search tsvector GENERATED ALWAYS AS (${searchVector(config)}) STORED`,
          `CREATE INDEX IF NOT EXISTS ${quoteIdentifier(`${collection.location}_search`)} ON ${table} USING gin (search)`,
        ]) {
          await raw(tx).query(sql);
        }
        await this.fillDocumentFields(tx, collection);
      },
    },
    {
      from: 2,
      description:
        'rank lexical hits by Okapi BM25 as the SQLite store does: index every chunk into per-namespace postings and term statistics, and drop the tsvector column',
      apply: async (tx, collection) => {
        const table = this.table(collection);
        await raw(tx).query(
          `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS lexical_length integer NOT NULL DEFAULT 0`,
        );
        await raw(tx).query(`DROP INDEX IF EXISTS ${quoteIdentifier(`${collection.location}_search`)}`);
        await raw(tx).query(`ALTER TABLE ${table} DROP COLUMN IF EXISTS search`);
        for (const sql of lexicalStatements(collection.location)) await raw(tx).query(sql);
        for (const location of namespacedTables(collection.location)) {
          for (const sql of policyStatements(location, this.settings)) await raw(tx).query(sql);
        }
        await this.#indexExisting(tx, collection);
      },
    },
    {
      from: 3,
      description:
        "keep each document's source size in bytes (unknown for documents ingested before) and index listings by ingested time",
      apply: async (tx) => {
        for (const sql of documentColumnStatements()) await raw(tx).query(sql);
      },
    },
    {
      from: 4,
      description:
        "keep each document's first-page name terms, read once from its stored first chunks, so that naming documents by their first pages reads no text at query time",
      apply: async (tx, collection) => {
        for (const sql of documentColumnStatements()) await raw(tx).query(sql);
        await this.fillNameTerms(tx, collection);
      },
    },
    {
      from: 5,
      description:
        "index again the chunks holding a letter the lexical tokenizer now folds as SQLite's FTS5 does (the micro sign to mu, final sigma, long s, Greek symbol forms), so that they match queries as on SQLite",
      apply: async (tx, collection) => this.#reindexFolded(tx, collection),
    },
  ];
  readonly settings: Readonly<PostgresSchemaSettings>;
  readonly hnsw: Readonly<ResolvedPostgresStoreOptions['hnsw']>;
  readonly autoAnalyze: boolean;
  readonly driver: PostgresDriver;
  /** Where searches run when the store has read replicas; `undefined` without replicas. */
  readonly replicas: ReplicaRouter | undefined;

  readonly #analyzed = new Map<string, { pending: number; rows: number }>();
  readonly #lexicalWeights: LexicalFieldWeights;
  readonly #ivfflatProbes: number;

  constructor(
    driver: PostgresDriver,
    options: Pick<
      ResolvedPostgresStoreOptions,
      'appRole' | 'namespaceSetting' | 'textSearchConfig' | 'hnsw' | 'autoAnalyze' | 'lexicalWeights'
    > & { provision?: boolean; ivfflat?: { probes: number }; replicaRouter?: ReplicaRouter },
  ) {
    super(postgresDialect);
    this.replicas = options.replicaRouter;
    this.provision = options.provision ?? true;
    this.#lexicalWeights = Object.freeze({ ...options.lexicalWeights });
    this.#ivfflatProbes = options.ivfflat?.probes ?? 10;
    this.driver = driver;
    this.autoAnalyze = options.autoAnalyze ?? driver.kind === 'pglite';
    this.settings = Object.freeze({
      appRole: options.appRole,
      namespaceSetting: options.namespaceSetting,
      textSearchConfig: options.textSearchConfig,
    });
    this.hnsw = Object.freeze({ ...options.hnsw });
  }

  /**
   * Runs `work` in a transaction on the primary, or, for a `search` when the store has read
   * replicas, on a replica that may serve it ({@link ReplicaRouter.run}). After a `write` commits
   * the router notes the primary's WAL position (read-your-writes). A connection failure (the
   * server restarted or went away) becomes a retryable `StoreRequestError`.
   */
  async transaction<T>(mode: Backend.TransactionMode, work: (tx: SqlConnection) => Promise<T>): Promise<T> {
    let connection: PostgresConnection | undefined;
    const begin = (tx: PostgresQueryable, replica: boolean) => {
      connection = {
        tx,
        replica,
        written: new Map(),
        all: async <Row>(statement: SqlStatement) =>
          (await tx.query<Row>(statement.sql, statement.params)).rows,
        run: async (statement: SqlStatement) => {
          await tx.query(statement.sql, statement.params);
        },
      };
      return work(connection);
    };
    let result: T;
    try {
      const routed =
        mode === 'search' && this.replicas !== undefined
          ? await this.replicas.run((tx) => begin(tx, true))
          : undefined;
      result = routed === undefined ? await this.driver.transaction((tx) => begin(tx, false)) : routed.value;
    } catch (error) {
      if (isConnectionFailure(error))
        throw connectionFailureError(error, mode === 'write' ? 'write' : 'read');
      throw error;
    }
    if (mode === 'write' && this.replicas !== undefined) {
      // Without the position, no replica can be shown to have this write: searches stay on the primary.
      await this.replicas.noteWrite().catch(() => this.replicas!.noteUnknownWrite(UNKNOWN_WRITE_LSN));
    }
    for (const [table, rows] of connection?.written ?? []) await this.#afterWrite(table, rows);
    return result;
  }

  ping(): Promise<boolean> {
    return this.driver.ping();
  }

  async close(): Promise<void> {
    try {
      await this.replicas?.close();
    } finally {
      await this.driver.close();
    }
  }

  /** True when the registry, the documents table, the application role and the text-search configuration exist. */
  hasRegistry(tx: SqlConnection): Promise<boolean> {
    return schemaExists(raw(tx), this.settings);
  }

  /**
   * The migration, idempotent: before any DDL it checks every registered collection's table
   * against the registry and the application role against row-level security; then the
   * extensions, the folding text-search configuration, the role, the shared tables, and the
   * policy of every namespaced table.
   * @throws {SchemaError} when a collection table's embedding column differs from its registry entry.
   * @throws {ConfigError} when the role bypasses row-level security or an extension is missing.
   */
  async createRegistry(tx: SqlConnection): Promise<void> {
    const registered = (await this.#tablesExist(tx)) ? await this.readCollections(tx) : [];
    for (const collection of registered) await checkCollectionTable(raw(tx), collection);
    await this.#checkRole(tx);
    for (const sql of migrationStatements(this.settings)) await runDdl(raw(tx), sql);
    for (const collection of registered) {
      // A collection not yet upgraded to version 3 has no lexical tables: its upgrade secures them.
      const { rows } = await raw(tx).query<{ name: string }>(
        'SELECT name FROM unnest($1::text[]) AS name WHERE to_regclass(quote_ident(name)) IS NOT NULL',
        [namespacedTables(collection.location)],
      );
      for (const { name } of rows) {
        for (const sql of policyStatements(name, this.settings)) await raw(tx).query(sql);
      }
    }
  }

  /**
   * Registry rows with their metric: a `metric` column added to the registry by the first
   * collection created with another metric than cosine (read through `to_jsonb`, so a registry
   * without the column reads as all cosine). A replica's registry read takes no row lock (a hot
   * standby allows none).
   */
  override async readCollection(
    tx: SqlConnection,
    name: string,
    lock: boolean,
  ): Promise<Backend.StoredCollection | undefined> {
    const share = lock && !(tx as PostgresConnection).replica;
    const [row] = await tx.all<CollectionRow>({
      sql: `SELECT ${REGISTRY_WITH_METRIC} WHERE r.name = $1::text${share ? ' FOR SHARE' : ''}`,
      params: [name],
    });
    return row === undefined ? undefined : this.rows.collection(row);
  }

  /**
   * {@link readCollection} (locked on the primary) and {@link enterNamespace} in one statement:
   * the row's `set_config` calls switch the transaction to the application role and the namespace
   * as the row is read, after the statement's permissions were checked as the owner. No row, no
   * switch (the caller then throws, rolling the transaction back).
   */
  async readCollectionIn(
    tx: SqlConnection,
    name: string,
    namespace: string,
  ): Promise<Backend.StoredCollection | undefined> {
    const share = !(tx as PostgresConnection).replica;
    const isolation = isolationStatement(this.settings, namespace);
    const [row] = await tx.all<CollectionRow>({
      sql:
        `SELECT ${COLLECTION_COLUMNS}, to_jsonb(r) ->> 'metric' AS metric, ` +
        "set_config('role', $2::text, true) AS pinned_role, set_config($3::text, $4::text, true) AS pinned_namespace " +
        `FROM ${REGISTRY_TABLE} AS r WHERE r.name = $1::text${share ? ' FOR SHARE' : ''}`,
      params: [name, ...isolation.params],
    });
    return row === undefined ? undefined : this.rows.collection(row);
  }

  override async readCollections(tx: SqlConnection): Promise<Backend.StoredCollection[]> {
    const rows = await tx.all<CollectionRow>({
      sql: `SELECT ${REGISTRY_WITH_METRIC} ORDER BY r.name`,
      params: [],
    });
    return rows.map((row) => this.rows.collection(row));
  }

  /** The shared registry row, plus its metric when it is not cosine (see {@link readCollection}). */
  override async createCollection(tx: SqlConnection, collection: Backend.StoredCollection): Promise<void> {
    await super.createCollection(tx, collection);
    if (collection.metric === undefined || collection.metric === 'cosine') return;
    await runDdl(
      raw(tx),
      `ALTER TABLE ${REGISTRY_TABLE} ADD COLUMN IF NOT EXISTS metric text NOT NULL DEFAULT 'cosine' ` +
        "CHECK (metric IN ('cosine', 'euclidean', 'dot'))",
    );
    await raw(tx).query(`UPDATE ${REGISTRY_TABLE} SET metric = $1 WHERE name = $2`, [
      collection.metric,
      collection.name,
    ]);
  }

  lockRegistry(tx: SqlConnection): Promise<void> {
    return lockDdl(raw(tx));
  }

  /** The table, its indexes and its policy; a table left without a registry row is adopted once its dimension is checked. */
  protected async createCollectionStorage(
    tx: SqlConnection,
    collection: Backend.StoredCollection,
  ): Promise<void> {
    await checkCollectionTable(raw(tx), collection);
    for (const sql of documentColumnStatements()) await runDdl(raw(tx), sql);
    for (const sql of collectionStatements(collection, this.settings)) await runDdl(raw(tx), sql);
  }

  protected async dropCollectionStorage(
    tx: SqlConnection,
    collection: Backend.StoredCollection,
  ): Promise<void> {
    for (const sql of dropCollectionStatements(collection.location)) await raw(tx).query(sql);
  }

  /** Switches the transaction to the application role and the namespace (row-level security). */
  async enterNamespace(tx: SqlConnection, namespace: string): Promise<void> {
    const statement = isolationStatement(this.settings, namespace);
    await raw(tx).query(statement.sql, statement.params);
  }

  /**
   * Writes up to {@link INSERT_BATCH_SIZE} chunks: chunks of the same ids are deleted first (the
   * delete trigger un-indexes them; their `created_at` is kept), then one
   * `INSERT … SELECT FROM unnest(…)` writes the rows and the BM25 postings and statistics are
   * updated (`postgres-lexical.ts`), all in the caller's transaction.
   */
  async writeChunks(
    tx: SqlConnection,
    scope: Backend.BackendScope,
    chunks: readonly PreparedChunk[],
    now: string,
    options: Backend.WriteChunksOptions & { deferStatistics?: boolean } = {},
  ): Promise<void> {
    if (chunks.length === 0) return;
    const vectorType = embeddingType(scope.collection);
    const columns = {
      id: chunks.map(({ chunk }) => chunk.id),
      document_id: chunks.map(({ chunk }) => chunk.documentId),
      source_id: chunks.map(({ chunk }) => chunk.sourceId),
      ordinal: chunks.map(({ chunk }) => chunk.ordinal),
      content: chunks.map(({ chunk }) => chunk.text),
      heading_path: chunks.map(({ chunk }) => JSON.stringify(chunk.headingPath)),
      page_start: chunks.map(({ chunk }) => chunk.pageStart),
      page_end: chunks.map(({ chunk }) => chunk.pageEnd),
      token_count: chunks.map(({ chunk }) => chunk.tokenCount),
      indivisible: chunks.map(({ chunk }) => chunk.indivisible === true),
      metadata: chunks.map(({ chunk }) => JSON.stringify(chunk.metadata)),
      lexical_document: chunks.map(({ lexical }) => lexical.document),
      context: chunks.map(({ lexical }) => lexical.context),
      lexical_length: [] as number[],
      created_at: [] as Array<string | null>,
    };
    const ids = columns.id;
    // Chunks known to be absent (a document replace) need no overwrite step: one round trip less.
    const { rows: replaced } = options.absent
      ? { rows: [] }
      : await raw(tx).query<{ id: string; created_at: string }>(
          `DELETE FROM ${this.table(scope.collection)} WHERE namespace = $1::text AND id = ANY($2::text[]) RETURNING id, created_at::text`,
          [scope.namespace, ids],
        );
    const createdAt = new Map(replaced.map((row) => [row.id, row.created_at]));
    columns.created_at = ids.map((id) => createdAt.get(id) ?? null);
    const { postings, lengths } = postingColumns(
      chunks.map((prepared) => ({ id: prepared.chunk.id, fields: fieldsOf(prepared) })),
    );
    columns.lexical_length = lengths;
    const types = [
      'text',
      'text',
      'text',
      'int',
      'text',
      'text',
      'int',
      'int',
      'int',
      'boolean',
      'text',
      'text',
      'text',
      'int',
      'timestamptz',
    ];
    const names = Object.keys(columns);
    const values: unknown[] = Object.values(columns);
    if (vectorType !== null) {
      names.push('embedding');
      types.push('text');
      values.push(chunks.map(({ embedding }) => vectorLiteral(embedding!)));
    }
    const params = this.dialect.params() as PostgresParams;
    const namespace = params.bind(scope.namespace, 'text');
    const updatedAt = params.bind(now, 'timestamptz');
    const unnest = values.map((column, index) => params.bind(column, `${types[index]}[]`)).join(', ');
    const select = names.map((name) => {
      if (name === 'heading_path' || name === 'metadata') return `u.${name}::jsonb`;
      if (name === 'embedding') return `u.embedding::${vectorType}`;
      if (name === 'created_at') return `coalesce(u.created_at, ${updatedAt})`;
      return `u.${name}`;
    });
    // The rows and their BM25 index in one statement (one round trip per batch).
    const inserted =
      `chunked AS (INSERT INTO ${this.table(scope.collection)} (namespace, ${names.join(', ')}, updated_at) ` +
      `SELECT ${namespace}, ${select.join(', ')}, ${updatedAt} FROM unnest(${unnest}) AS u(${names.join(', ')}))`;
    if (options.deferStatistics) {
      // A bulk load: the postings only; the statistics are counted once when the load ends.
      const posted = postingsInsertSql(scope.collection.location, params, scope.namespace, postings);
      await tx.run({ sql: `WITH ${inserted} ${posted}`, params: params.values });
    } else {
      const index = indexSql(scope.collection.location, params, scope.namespace, postings, lengths);
      await tx.run({
        sql: `WITH ${[inserted, ...index.items].join(', ')} ${index.insert}`,
        params: params.values,
      });
    }
    const written = (tx as PostgresConnection).written;
    written.set(scope.collection.location, (written.get(scope.collection.location) ?? 0) + chunks.length);
  }

  /**
   * A bulk load: when one call writes at least {@link BULK_WRITE_MIN_ROWS} chunks, and at least
   * as many as the collection table holds (all namespaces), the HNSW index and the GIN full-text
   * index are dropped, the rows inserted, and both indexes built again once over the whole table —
   * all in the write's transaction, so a failure anywhere rolls the indexes back with the rows,
   * and no other transaction ever sees the table without them. pgvector keeps an HNSW index up to
   * date one insert at a time: 91 chunks/s for 10,000 × 384 in upserts of 500 on PGlite, against
   * 579 chunks/s as one bulk load (insert 970 chunks/s without the indexes, HNSW build 10.8 s, GIN
   * 0.5 s; `bench/postgres-bulk-load.mjs`, one run on 2 shared cores, recall@10 1.0 after both). The
   * drop holds an exclusive lock on the table until the transaction ends, so other namespaces'
   * reads of the collection wait for the load. Only one transaction at a time rebuilds a
   * collection's indexes ({@link lockIndexRebuild}): a second such write meanwhile keeps them and
   * writes row by row, so two never wait for each other's table lock (a deadlock). The DDL and the
   * count run as the connecting owner (`RESET ROLE`); the namespace is entered again afterwards.
   * @returns The index builds to run after the last batch, or `undefined` when the indexes are kept.
   */
  async beginBulkWrite(
    tx: SqlConnection,
    scope: Backend.BackendScope,
    count: number,
  ): Promise<(() => Promise<void>) | undefined> {
    const { collection } = scope;
    if (count < BULK_WRITE_MIN_ROWS) return undefined;
    if (!hasHnswIndex(collection)) return undefined;
    // Another transaction rebuilding this collection's indexes: keep them, written row by row.
    if (!(await lockIndexRebuild(raw(tx), collection.location, false))) return undefined;
    const indexes = [{ name: hnswIndexName(collection.location), create: hnswIndexStatement(collection) }];
    const dropped = await this.#asOwner(tx, scope.namespace, async (owner) => {
      const { rows } = await owner.query<{ present: number; indexed: string[]; definitions: string[] }>(
        `SELECT (SELECT count(*) FROM (SELECT 1 FROM ${this.table(collection)} LIMIT $1::int) AS t)::int AS present, ` +
          'array(SELECT name FROM unnest($2::text[]) AS name WHERE to_regclass(quote_ident(name)) IS NOT NULL) AS indexed, ' +
          'array(SELECT pg_get_indexdef(to_regclass(quote_ident(name))) FROM unnest($2::text[]) AS name ' +
          'WHERE to_regclass(quote_ident(name)) IS NOT NULL) AS definitions',
        [count, indexes.map((index) => index.name)],
      );
      if (rows[0] === undefined || rows[0].present >= count) return [];
      // Rebuilt as defined (an IVFFlat index built on demand stays IVFFlat).
      const definitions = new Map(rows[0].indexed.map((name, i) => [name, rows[0]!.definitions[i]!]));
      const present = indexes
        .filter((index) => definitions.has(index.name))
        .map((index) => ({ name: index.name, create: definitions.get(index.name)! }));
      for (const index of present) await owner.query(`DROP INDEX ${quoteIdentifier(index.name)}`);
      return present;
    });
    if (dropped.length === 0) return undefined;
    return () =>
      this.#asOwner(tx, scope.namespace, async (owner) => {
        for (const index of dropped) await owner.query(index.create);
      });
  }

  /**
   * Prepares a bulk load into one namespace ({@link PostgresStore.bulkLoad}), in the load's
   * transaction: takes the namespace's statistics row first (concurrent writers of the namespace
   * wait for the load, as they wait for each other), and with `rebuildIndexes` drops, as the owner,
   * the HNSW index and the postings' primary key and id index, which the returned step builds
   * again once over the whole tables — a B-tree or HNSW index built from all rows at once is much
   * cheaper than one kept up to date row by row. The returned step also counts the namespace's
   * term statistics and totals again from its postings and chunks (the load's batches write
   * postings only). Dropping an index locks its table exclusively until the load commits.
   * @param maintenanceWorkMem PostgreSQL's `maintenance_work_mem` for the index builds (e.g.
   *   `1GB`), set for this transaction only; `undefined` keeps the server's.
   * @returns `finish`, the step to run after the last batch, and `empty`: whether the namespace
   *   held no chunk when the load began (then only the load's own chunks can share an id with a
   *   later batch, and the caller can skip the look-up and overwrite step of every new id: with
   *   the postings' id index dropped, the delete trigger reads every posting of the table).
   */
  async beginBulkLoad(
    tx: SqlConnection,
    scope: Backend.BackendScope,
    options: { rebuildIndexes: boolean; maintenanceWorkMem: string | undefined },
  ): Promise<{ finish: () => Promise<void>; empty: boolean }> {
    const { collection, namespace } = scope;
    const tables = lexicalTables(collection.location);
    // Loads that rebuild the collection's indexes run one at a time, queued before either reads
    // the table: each needs it exclusively to drop an index (two in different namespaces would
    // otherwise deadlock). Taken before the statistics row, so it never waits holding one.
    if (options.rebuildIndexes) await lockIndexRebuild(raw(tx), collection.location, true);
    await raw(tx).query(
      `INSERT INTO ${quoteIdentifier(tables.stats)} AS s (namespace, chunks, tokens) VALUES ($1::text, 0, 0) ` +
        'ON CONFLICT (namespace) DO UPDATE SET chunks = s.chunks',
      [namespace],
    );
    const { rows: held } = await raw(tx).query<{ empty: boolean }>(
      `SELECT NOT EXISTS (SELECT 1 FROM ${this.table(collection)}) AS empty`,
    );
    const empty = held[0]?.empty === true;
    const rebuild: string[] = [];
    if (options.rebuildIndexes) {
      await this.#asOwner(tx, namespace, async (owner) => {
        const { rows } = await owner.query<{ kind: string; name: string; definition: string }>(
          "SELECT 'index' AS kind, i.relname AS name, pg_get_indexdef(i.oid) AS definition " +
            'FROM pg_index AS x JOIN pg_class AS i ON i.oid = x.indexrelid JOIN pg_am AS a ON a.oid = i.relam ' +
            "WHERE (x.indrelid = to_regclass($1::text) AND a.amname IN ('hnsw', 'ivfflat')) " +
            'OR (x.indrelid = to_regclass($2::text) AND NOT x.indisprimary) ' +
            "UNION ALL SELECT 'primary' AS kind, conname AS name, pg_get_constraintdef(oid) AS definition " +
            "FROM pg_constraint WHERE conrelid = to_regclass($2::text) AND contype = 'p'",
          [quoteIdentifier(collection.location), quoteIdentifier(tables.postings)],
        );
        for (const row of rows) {
          if (row.kind === 'primary') {
            const postings = quoteIdentifier(tables.postings);
            await owner.query(`ALTER TABLE ${postings} DROP CONSTRAINT ${quoteIdentifier(row.name)}`);
            rebuild.push(
              `ALTER TABLE ${postings} ADD CONSTRAINT ${quoteIdentifier(row.name)} ${row.definition}`,
            );
          } else {
            await owner.query(`DROP INDEX ${quoteIdentifier(row.name)}`);
            rebuild.push(row.definition);
          }
        }
      });
    }
    const finish = async () => {
      for (const sql of statisticsSql(collection.location)) await raw(tx).query(sql, [namespace]);
      if (rebuild.length === 0) return;
      await this.#asOwner(tx, namespace, async (owner) => {
        if (options.maintenanceWorkMem !== undefined) {
          await owner.query("SELECT set_config('maintenance_work_mem', $1::text, true)", [
            options.maintenanceWorkMem,
          ]);
        }
        // The primary key first: the other postings index and the vector index after it.
        for (const sql of [...rebuild].sort(
          (a, b) => Number(b.includes(' PRIMARY KEY ')) - Number(a.includes(' PRIMARY KEY ')),
        )) {
          await owner.query(sql);
        }
      });
    };
    return { finish, empty };
  }

  /** Runs `work` as the connecting owner inside a namespaced transaction, then enters `namespace` again. */
  async #asOwner<T>(
    tx: SqlConnection,
    namespace: string,
    work: (owner: PostgresQueryable) => Promise<T>,
  ): Promise<T> {
    await raw(tx).query('RESET ROLE');
    // A failure aborts the transaction, which then runs nothing more: no namespace to enter again.
    const result = await work(raw(tx));
    await this.enterNamespace(tx, namespace);
    return result;
  }

  /**
   * Cosine search with pgvector: through the HNSW index with iterative scans (`relaxed_order`,
   * re-ordered exactly), or, when `exact`, with index scans off (every passing row scored);
   * `keepBest` searches are always exact. Similarity as `similarityOf` gives it for the
   * collection's metric (cosine: 1 − cosine distance).
   */
  async denseSearch(
    tx: SqlConnection,
    scope: Backend.BackendScope,
    query: Backend.DenseQuery,
  ): Promise<Backend.ScoredChunk[]> {
    const target = this.#target(scope, query);
    const statement = denseSearchSql({
      target,
      vector: vectorLiteral(query.vector),
      vectorType: embeddingType(scope.collection)!,
      metric: scope.collection.metric,
      topK: query.topK,
      keepBest: query.keepBest,
    });
    await this.#tuneIndexScan(tx, query.topK);
    if (query.exact && hasHnswIndex(scope.collection)) {
      await raw(tx).query("SELECT set_config('enable_indexscan', 'off', true)");
    }
    const rows = await tx.all<ScoredRow>(statement);
    return rows.map((row) => this.scored(row, similarityOf(scope.collection.metric, row.score)));
  }

  /**
   * Okapi BM25 over the namespace's postings (`postgres-lexical.ts`); `score` as FTS5's `-bm25()`.
   * With `keepBest`, the {@link KEEP_BEST_CANDIDATES}·topK best chunks are read for their sources
   * first; only when they hold fewer than `topK` sources is every scored chunk read (same result).
   */
  async lexicalSearch(
    tx: SqlConnection,
    scope: Backend.BackendScope,
    query: Backend.LexicalQuery,
  ): Promise<Backend.ScoredChunk[]> {
    const terms = queryIndexTerms(query.terms);
    if (terms.length === 0) return [];
    const search = (sourceCandidates: number | null) =>
      tx.all<ScoredRow & { candidates?: number }>(
        lexicalSearchSql({
          target: this.#target(scope, query),
          terms,
          weights: this.#lexicalWeights,
          topK: query.topK,
          keepBest: query.keepBest,
          sourceCandidates,
        }),
      );
    const candidates = KEEP_BEST_CANDIDATES * query.topK;
    let rows = await search(query.keepBest ? candidates : null);
    if (query.keepBest && rows.length < query.topK && rows[0]?.candidates === candidates) {
      rows = await search(null);
    }
    return rows.map((row) => this.scored(row, row.score));
  }

  /** Dense (HNSW) and lexical (GIN) candidates fused by reciprocal rank fusion in one statement. */
  async hybridSearch(
    tx: SqlConnection,
    scope: Backend.BackendScope,
    query: Backend.HybridQuery,
  ): Promise<Backend.ScoredChunk[]> {
    const statement = hybridSearchSql({
      target: this.#target(scope, query),
      vector: vectorLiteral(query.vector),
      vectorType: embeddingType(scope.collection)!,
      terms: queryIndexTerms(query.terms),
      lexicalWeights: this.#lexicalWeights,
      topK: query.topK,
      keepBest: query.keepBest,
      candidates: query.candidates,
      k: query.k,
      weights: query.weights,
      minSimilarity: query.minSimilarity,
      metric: scope.collection.metric,
    });
    await this.#tuneIndexScan(tx, query.candidates);
    const rows = await tx.all<ScoredRow & { distance: number | null; lexical: number | null }>(statement);
    return rows.map((row) => {
      const scored = this.scored(row, row.score);
      if (row.distance !== null && row.distance !== undefined) {
        scored.dense = similarityOf(scope.collection.metric, row.distance);
      }
      if (row.lexical !== null && row.lexical !== undefined) scored.lexical = row.lexical;
      return scored;
    });
  }

  /** The size of the registry, the documents table and every collection table with their indexes. */
  async storageBytes(tx: SqlConnection): Promise<number> {
    const tables = [REGISTRY_TABLE, DOCUMENTS_TABLE];
    if (await this.#tablesExist(tx)) {
      tables.push(...(await this.readCollections(tx)).map((collection) => collection.location));
    }
    const [row] = await tx.all<{ bytes: number }>({
      sql: 'SELECT coalesce(sum(pg_total_relation_size(to_regclass(t))), 0)::float8 AS bytes FROM unnest($1::text[]) AS t',
      params: [tables],
    });
    return row?.bytes ?? 0;
  }

  /** Refreshes planner statistics of one table (`ANALYZE`, as the owner). @returns Its estimated row count. */
  async analyzeTable(location: string): Promise<number> {
    const rows = await this.driver.transaction(async (tx) => {
      await tx.query(`ANALYZE ${quoteIdentifier(location)}`);
      const { rows } = await tx.query<{ n: number }>(
        'SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = to_regclass($1::text)',
        [location],
      );
      return rows[0]?.n ?? 0;
    });
    this.#analyzed.set(location, { pending: 0, rows });
    return rows;
  }

  /**
   * Indexes every chunk of a collection that has none in its postings yet (upgrade 2 → 3), as
   * the owner, in pages of {@link INSERT_BATCH_SIZE} per namespace, then sets each namespace's
   * statistics from the chunk table and the postings.
   */
  async #indexExisting(tx: SqlConnection, collection: Backend.StoredCollection): Promise<void> {
    const table = this.table(collection);
    let after: { namespace: string; id: string } | undefined;
    for (;;) {
      const { rows } = await raw(tx).query<StoredLexicalRow>(
        `SELECT namespace, id, content, heading_path, lexical_document AS document, context FROM ${table} ` +
          `${after === undefined ? '' : 'WHERE (namespace, id) > ($2::text, $3::text) '}ORDER BY namespace, id LIMIT $1::int`,
        after === undefined ? [INSERT_BATCH_SIZE] : [INSERT_BATCH_SIZE, after.namespace, after.id],
      );
      if (rows.length === 0) break;
      const byNamespace = new Map<string, typeof rows>();
      for (const row of rows)
        byNamespace.set(row.namespace, [...(byNamespace.get(row.namespace) ?? []), row]);
      for (const [namespace, group] of byNamespace) {
        const { postings, lengths } = storedRowPostings(group);
        await raw(tx).query(
          `UPDATE ${table} AS c SET lexical_length = u.length FROM unnest($2::text[], $3::int[]) AS u(id, length) ` +
            'WHERE c.namespace = $1::text AND c.id = u.id',
          [namespace, group.map((row) => row.id), lengths],
        );
        const params = this.dialect.params() as PostgresParams;
        const index = indexSql(collection.location, params, namespace, postings, lengths);
        await raw(tx).query(`WITH ${index.items.join(', ')} ${index.insert}`, params.values);
      }
      const last = rows[rows.length - 1]!;
      after = { namespace: last.namespace, id: last.id };
    }
  }

  /**
   * Re-indexes the chunks whose lexical fields hold a letter of {@link FOLDED_LETTERS} (upgrade
   * 4 → 5: they were indexed unfolded), as the owner, in pages of {@link INSERT_BATCH_SIZE}: their
   * postings replaced, then the term statistics of each namespace they are in counted again.
   * Folding maps one letter to one letter, so token counts, chunk lengths and the namespace's
   * totals do not change.
   */
  async #reindexFolded(tx: SqlConnection, collection: Backend.StoredCollection): Promise<void> {
    const table = this.table(collection);
    const postingsTable = quoteIdentifier(lexicalTables(collection.location).postings);
    const pattern = `[${FOLDED_LETTERS.join('')}]`;
    const namespaces = new Set<string>();
    let after: { namespace: string; id: string } | undefined;
    for (;;) {
      const { rows } = await raw(tx).query<StoredLexicalRow>(
        `SELECT namespace, id, content, heading_path, lexical_document AS document, context FROM ${table} ` +
          "WHERE concat_ws(E'\\n', content, heading_path::text, lexical_document, context) ~ $2::text " +
          `${after === undefined ? '' : 'AND (namespace, id) > ($3::text, $4::text) '}ORDER BY namespace, id LIMIT $1::int`,
        after === undefined
          ? [INSERT_BATCH_SIZE, pattern]
          : [INSERT_BATCH_SIZE, pattern, after.namespace, after.id],
      );
      if (rows.length === 0) break;
      const byNamespace = new Map<string, typeof rows>();
      for (const row of rows)
        byNamespace.set(row.namespace, [...(byNamespace.get(row.namespace) ?? []), row]);
      for (const [namespace, group] of byNamespace) {
        namespaces.add(namespace);
        const ids = group.map((row) => row.id);
        await raw(tx).query(
          `DELETE FROM ${postingsTable} WHERE namespace = $1::text AND id = ANY($2::text[])`,
          [namespace, ids],
        );
        const { postings } = storedRowPostings(group);
        const params = this.dialect.params() as PostgresParams;
        const insert = postingsInsertSql(collection.location, params, namespace, postings);
        await raw(tx).query(insert, params.values);
      }
      const last = rows[rows.length - 1]!;
      after = { namespace: last.namespace, id: last.id };
    }
    for (const namespace of namespaces) {
      for (const sql of statisticsSql(collection.location)) await raw(tx).query(sql, [namespace]);
    }
  }

  #target(scope: Backend.BackendScope, query: Backend.DenseQuery | Backend.LexicalQuery): SearchTarget {
    const params = this.dialect.params() as PostgresParams;
    const where = this.where(scope, query.conditions, params, 'scan');
    return { location: scope.collection.location, collection: scope.collection.name, params, where };
  }

  async #tablesExist(tx: SqlConnection): Promise<boolean> {
    const [row] = await tx.all<{ exists: boolean }>({
      sql: 'SELECT to_regclass($1::text) IS NOT NULL AND to_regclass($2::text) IS NOT NULL AS exists',
      params: [REGISTRY_TABLE, DOCUMENTS_TABLE],
    });
    return row?.exists === true;
  }

  /** With `autoAnalyze`, refreshes a table's planner statistics once enough rows were written since the last time. */
  async #afterWrite(location: string, written: number): Promise<void> {
    if (!this.autoAnalyze) return;
    const state = this.#analyzed.get(location) ?? { pending: 0, rows: 0 };
    state.pending += written;
    this.#analyzed.set(location, state);
    if (state.pending < Math.max(AUTO_ANALYZE_MIN_ROWS, state.rows)) return;
    state.pending = 0;
    try {
      await this.analyzeTable(location);
    } catch {
      // Statistics are an optimisation; a table dropped meanwhile is no error of the write.
    }
  }

  /** Transaction-local index scan settings: HNSW candidate list, iterative scans, their budget; IVFFlat probes. */
  async #tuneIndexScan(tx: SqlConnection, wanted: number): Promise<void> {
    await raw(tx).query(
      "SELECT set_config('hnsw.ef_search', $1::text, true), set_config('hnsw.iterative_scan', 'relaxed_order', true), " +
        "set_config('hnsw.max_scan_tuples', $2::text, true), set_config('ivfflat.probes', $3::text, true)",
      [
        String(Math.min(1000, Math.max(this.hnsw.efSearch, wanted))),
        String(this.hnsw.maxScanTuples),
        String(this.#ivfflatProbes),
      ],
    );
  }

  /** Refuses an application role that would make the policies moot. */
  async #checkRole(tx: SqlConnection): Promise<void> {
    const [row] = await tx.all<{ bypasses: boolean }>({
      sql: 'SELECT rolsuper OR rolbypassrls AS bypasses FROM pg_roles WHERE rolname = $1::text',
      params: [this.settings.appRole],
    });
    if (row?.bypasses) {
      throw new ConfigError(
        `role "${this.settings.appRole}" is a superuser or has BYPASSRLS, so row-level security would not ` +
          'isolate namespaces; set appRole to a non-privileged role (migrate creates it when missing)',
      );
    }
  }
}

/** The driver's handle inside a connection, for statements of this backend's own helpers. */
function raw(tx: SqlConnection): PostgresQueryable {
  return (tx as PostgresConnection).tx;
}
