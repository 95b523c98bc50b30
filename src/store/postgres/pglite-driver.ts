/**
 * The {@link PostgresDriver} over PGlite: PostgreSQL compiled to WebAssembly, running in this
 * process. PGlite, its pgvector build and its unaccent extension are loaded on first use.
 * @module
 */
import type { PGlite } from '@electric-sql/pglite';
import { ConfigError } from '../../core/errors.js';
import type { PostgresDriver, PostgresQueryable, PostgresResult } from './postgres-driver.js';

/** What a PGlite query returns, as far as the driver reads it. */
interface PgliteResultLike {
  rows: unknown[];
  affectedRows?: number;
}

/** The parts of a PGlite transaction the driver calls. */
export interface PgliteTransactionLike {
  query(sql: string, params?: unknown[]): Promise<PgliteResultLike>;
}

/**
 * The parts of a PGlite database the store calls. A `PGlite` instance satisfies it; it must have
 * been created with the `vector` and `unaccent` extensions (see {@link createPglite}).
 */
export interface PgliteLike {
  query(sql: string, params?: unknown[]): Promise<PgliteResultLike>;
  transaction<T>(callback: (tx: PgliteTransactionLike) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly closed: boolean;
}

/** Options of {@link createPglite}. */
export interface CreatePgliteOptions {
  /** Where the database lives: a folder, or `memory://` (the default) for a private in-memory one. */
  dataDir?: string;
  /** A tarball from `dumpDataDir()` to start from instead of running `initdb` (much faster). */
  loadDataDir?: Blob;
}

/**
 * Creates a PGlite database with the extensions the store needs (pgvector and unaccent).
 * @throws {ConfigError} when `@electric-sql/pglite` or `@electric-sql/pglite-pgvector` cannot be loaded.
 */
export async function createPglite(options: CreatePgliteOptions = {}): Promise<PGlite> {
  const { PGlite, vector, unaccent } = await loadPglite();
  const settings: Record<string, unknown> = {
    dataDir: options.dataDir ?? 'memory://',
    extensions: { vector, unaccent },
  };
  if (options.loadDataDir !== undefined) settings.loadDataDir = options.loadDataDir;
  return PGlite.create(settings);
}

async function loadPglite() {
  try {
    const [core, pgvector, contrib] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite-pgvector'),
      import('@electric-sql/pglite/contrib/unaccent'),
    ]);
    return { PGlite: core.PGlite, vector: pgvector.vector, unaccent: contrib.unaccent };
  } catch (error) {
    throw new ConfigError(
      'the in-process PostgreSQL store needs the packages @electric-sql/pglite and @electric-sql/pglite-pgvector: ' +
        `npm install @electric-sql/pglite @electric-sql/pglite-pgvector (${String(error)})`,
    );
  }
}

/**
 * A driver over one PGlite database.
 * @param db The database.
 * @param owned Whether {@link PostgresDriver.close} closes `db` (true when the store created it).
 */
export function pgliteDriver(db: PgliteLike, owned: boolean): PostgresDriver {
  return {
    kind: 'pglite',
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    async ping() {
      try {
        await db.query('SELECT 1');
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (owned && !db.closed) await db.close();
    },
  };
}

function wrap(tx: PgliteTransactionLike): PostgresQueryable {
  return {
    async query<Row>(sql: string, params: readonly unknown[] = []): Promise<PostgresResult<Row>> {
      const result = await tx.query(sql, [...params]);
      return { rows: result.rows as Row[], rowCount: result.affectedRows ?? 0 };
    },
  };
}
