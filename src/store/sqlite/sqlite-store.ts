/**
 * The embedded store: one SQLite file (better-sqlite3) with FTS5 for BM25, an approximate IVF
 * index beside it (the optional package `usearch`) and sqlite-vec for exact cosine search. See
 * `sqlite-schema.ts` for the layout, `sqlite-backend.ts` for the hooks and `docs/dense-search.md`.
 * @module
 */
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { CollectionNotFoundError, ConfigError, SchemaError } from '../../core/errors.js';
import { CollectionStore } from '../collection/collection-store.js';
import type { SqlConnection } from '../sql/sql-dialect.js';
import { SqliteBackend } from './sqlite-backend.js';
import { resolveSqliteStoreOptions } from './sqlite-option-defaults.js';
import type { SqliteStoreOptions } from './sqlite-options.js';
import { type CheckpointerDriver, WalCheckpointer } from './wal-checkpointer.js';

/**
 * Opens (and, with provisioning on, creates) a SQLite store. Loads better-sqlite3 on first use,
 * creates the file's parent folder, and sets WAL mode, `synchronous = NORMAL`, `busy_timeout` and
 * `mmap_size`. Creates no tables: those come with the first `ensureRegistry`/`createCollection`.
 * The native engines only dense search needs load when it first runs: sqlite-vec with the first
 * exact dense search, usearch with the first approximate one (so a lexical search loads neither).
 * Once a file's WAL passes 8 MiB, a worker thread with a second connection copies it back into
 * the database (passive checkpoints, `wal-checkpointer.ts`); it never keeps the process alive, and
 * `close` ends it.
 *
 * @param options See {@link SqliteStoreOptions}; `path` may be `:memory:`.
 * @throws {InvalidArgumentError} for a malformed option.
 * @throws {SchemaError} when `provision` is false and the file does not exist.
 * @throws {ConfigError} when better-sqlite3 cannot be loaded (sqlite-vec's absence is reported by
 *   the first exact dense search).
 */
export async function openSqliteStore(options: SqliteStoreOptions): Promise<SqliteStore> {
  const resolved = await resolveSqliteStoreOptions(options);
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
  const { Database, ...driver } = loadDriver();
  const { nativeBinding } = driver;
  const db = new Database(resolved.path, {
    fileMustExist: !resolved.provision && !inMemory,
    ...(nativeBinding === undefined ? {} : { nativeBinding }),
  });
  try {
    db.pragma(`busy_timeout = ${resolved.busyTimeoutMs}`);
    // A page size is chosen when the first table is created; later it would need a VACUUM.
    if (Number(db.pragma('page_count', { simple: true })) === 0)
      db.pragma(`page_size = ${resolved.pageSizeBytes}`);
    await switchToWal(db, resolved.busyTimeoutMs);
    db.pragma('synchronous = NORMAL');
    db.pragma(`mmap_size = ${resolved.mmapSizeBytes}`);
    db.pragma('temp_store = MEMORY');
  } catch (error) {
    db.close();
    throw error;
  }
  // A file's WAL is copied back by a worker thread once it grows (`wal-checkpointer.ts`).
  const checkpointer =
    inMemory || resolved.path === '' ? undefined : new WalCheckpointer(db, resolved.path, driver);
  return new SqliteStore(new SqliteBackend(db, resolved, loadVectorExtension, checkpointer));
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

const require = createRequire(import.meta.url);

/**
 * better-sqlite3 (required: it is CommonJS, and importing it would scan its source for exports
 * first), and the path of its native addon when it is where the package builds it. Named, the
 * addon loads from that path; unnamed, the package's `bindings` lookup works out its own folder
 * from a stack trace and tries a dozen paths, a few milliseconds of every `cairn search`.
 */
function loadDriver(): { Database: typeof BetterSqlite3 } & CheckpointerDriver {
  try {
    const Database = require('better-sqlite3') as typeof BetterSqlite3;
    const driver = require.resolve('better-sqlite3');
    // lib/index.js, resolved (and cached) by the require above.
    const addon = join(
      dirname(require.resolve('better-sqlite3')),
      '..',
      'build',
      'Release',
      'better_sqlite3.node',
    );
    return existsSync(addon) ? { Database, driver, nativeBinding: addon } : { Database, driver };
  } catch (error) {
    throw new ConfigError(
      `the SQLite store needs the package better-sqlite3 (12.x): npm install better-sqlite3@12 (${String(error)})`,
    );
  }
}

/**
 * Loads sqlite-vec (its `vec_distance_cosine` ranks exact dense search) into a connection.
 * @throws {ConfigError} when the package is missing or its extension does not load.
 */
async function loadVectorExtension(db: BetterSqlite3.Database): Promise<void> {
  try {
    (await import('sqlite-vec')).load(db);
  } catch (error) {
    throw new ConfigError(
      `exact dense search on SQLite needs the package sqlite-vec: npm install sqlite-vec (${String(error)})`,
    );
  }
}

/**
 * The {@link Store} over one SQLite file: the collection model over {@link SqliteBackend}. Create
 * it with {@link openSqliteStore}.
 *
 * Behaviour beyond the port's contract:
 * - Calls on one store run one at a time (one connection); several stores and processes may
 *   share the file.
 * - BM25 statistics (document frequencies, average length) are computed over the whole
 *   collection, across namespaces (`capabilities.lexicalStatistics` is `collection`): one
 *   namespace's writes change the lexical scores, not the hits, of another. Where tenants must
 *   not learn anything about each other, give each its own collection or use the PostgreSQL
 *   store, whose row-level security confines every statement.
 */
export class SqliteStore extends CollectionStore<SqlConnection> {
  /** The database file, or `:memory:`. */
  readonly path: string;
  readonly #sqlite: SqliteBackend;

  constructor(backend: SqliteBackend) {
    super(backend);
    this.path = backend.path;
    this.#sqlite = backend;
  }

  /**
   * Brings a collection's approximate vector index up to date now — loading it, catching it up
   * or building it from the chunk table, and finishing any training of its centroids — instead of
   * at the next dense search, and saves it beside the database. Useful after a bulk load (a search
   * would instead start the training and let it run in bounded steps in the background, the
   * index's old lists answering meanwhile).
   * @returns How many vectors the index holds; `undefined` for a lexical-only collection or a
   *   store without an approximate index (`capabilities.dense` is `exact`).
   * @throws {CollectionNotFoundError} when the collection does not exist.
   */
  async refreshVectorIndex(collection: string): Promise<number | undefined> {
    // A scoped call that reads nothing: it upgrades an older collection first, or refuses.
    await this.countChunks({ collection, documentIds: [] });
    return this.run(async () => {
      const stored = await this.#sqlite.transaction('read', async (tx) =>
        (await this.#sqlite.hasRegistry()) ? this.#sqlite.readCollection(tx, collection, false) : undefined,
      );
      if (stored === undefined)
        throw new CollectionNotFoundError(collection, 'create it first with createCollection');
      return this.#sqlite.refreshVectorIndex(stored);
    });
  }

  /**
   * The collection's approximate vector index as this store holds it in memory now, without
   * loading, catching up or training it: `vectors` indexed, `lists` it is partitioned into (1
   * before its centroids are first trained), and whether a `training` of new centroids is under
   * way (in bounded background steps, the current lists answering meanwhile; see
   * `vector-index.ts`). `undefined` when the store holds no index for it (none loaded yet, a
   * lexical-only collection, or no approximate index).
   * @throws {CollectionNotFoundError} when the collection does not exist.
   */
  async vectorIndexState(
    collection: string,
  ): Promise<{ vectors: number; lists: number; training: boolean } | undefined> {
    return this.run(async () => {
      const stored = await this.#sqlite.transaction('read', async (tx) =>
        (await this.#sqlite.hasRegistry()) ? this.#sqlite.readCollection(tx, collection, false) : undefined,
      );
      if (stored === undefined)
        throw new CollectionNotFoundError(collection, 'create it first with createCollection');
      return this.#sqlite.vectorIndexState(stored.location);
    });
  }
}
