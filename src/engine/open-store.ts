/**
 * Opens a store from a location string. Drivers load lazily.
 *
 * - a file path or `sqlite:PATH`: SQLite, the embedded default;
 * - `postgres://…` / `postgresql://…`: PostgreSQL with pgvector (connect as the schema owner;
 *   migrations run on first use, scoped work runs as the non-privileged role under RLS);
 * - `pglite:DIR` or `pglite:memory`: PostgreSQL in-process (PGlite), no server needed;
 * - `memory:`: the in-memory store (nothing persists);
 * - `chroma://…`, `qdrant://…`, `opensearch://…` (and `+https`): engines that scale out (see
 *   `store/remote-schemes.ts`).
 * @module
 */
import { ConfigError, isCairnError } from '../core/errors.js';
import type { Store } from '../core/ports.js';
import { remoteStoreFactory } from '../store/remote-schemes.js';

/** Default SQLite file, relative to the working directory. */
export const DEFAULT_DB_PATH = '.cairn/cairn.db';

/**
 * Opens the store at `location`.
 * @throws {ConfigError} when a SQLite file cannot be opened (a folder, not a database, no permission).
 */
export async function openStore(location: string = DEFAULT_DB_PATH): Promise<Store> {
  const remote = remoteStoreFactory(location);
  if (remote !== undefined) return remote(location);
  if (/^postgres(ql)?:\/\//i.test(location)) {
    const { openPostgresStore } = await import('../store/postgres/postgres-store.js');
    return openPostgresStore({ url: location });
  }
  if (/^pglite:/i.test(location)) {
    const { openPostgresStore } = await import('../store/postgres/postgres-store.js');
    const dir = location.replace(/^pglite:(\/\/)?/i, '');
    return openPostgresStore({ pglite: dir === '' || dir === 'memory' ? 'memory://' : dir });
  }
  if (location === 'memory:') {
    const { createMemoryStore } = await import('../store/memory/memory-store.js');
    return createMemoryStore();
  }
  const path = location.replace(/^sqlite:(\/\/)?/i, '');
  const { openSqliteStore } = await import('../store/sqlite/sqlite-store.js');
  try {
    const store = await openSqliteStore({ path });
    await store.ensureRegistry();
    return store;
  } catch (error) {
    if (isCairnError(error)) throw error;
    throw new ConfigError(`cannot open the SQLite database at ${path}: ${(error as Error).message}`);
  }
}
