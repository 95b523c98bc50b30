/**
 * The embedded stores on the root export: SQLite (better-sqlite3 loads when the first one is
 * opened; sqlite-vec and usearch with the first dense search) and memory. Typed by the {@link Store} port, so no driver types ship.
 * @module
 */
import type { Store } from '../core/ports.js';
import type { SqliteStoreOptions } from '../store/sqlite/sqlite-options.js';

export type { MemoryStoreOptions } from '../store/memory/memory-options.js';
export { createMemoryStore } from '../store/memory/memory-store.js';
export type { SqliteStoreOptions } from '../store/sqlite/sqlite-options.js';

/**
 * Opens (and, with provisioning on, creates) a SQLite store: one file, FTS5 for BM25 and
 * sqlite-vec for cosine similarity. Loads better-sqlite3 on first use (sqlite-vec and usearch
 * with the first dense search), creates the file's parent folder, and sets WAL mode. Creates no tables until `ensureRegistry` or
 * `createCollection`.
 * @param options `path` (a file, or `:memory:`), `provision` (default true), `busyTimeoutMs`
 * (default 5000), `mmapSizeBytes` (default 1 GiB), `lexicalWeights` (default content 1, headings 2).
 * @throws {InvalidArgumentError} for a malformed option.
 * @throws {SchemaError} when `provision` is false and the file does not exist.
 * @throws {ConfigError} when better-sqlite3 cannot be loaded (a missing sqlite-vec is reported
 *   by the first exact dense search).
 */
export async function openSqliteStore(options: SqliteStoreOptions): Promise<Store> {
  const { openSqliteStore: open } = await import('../store/sqlite/sqlite-store.js');
  return open(options);
}
