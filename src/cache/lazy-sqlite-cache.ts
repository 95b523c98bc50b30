/**
 * A {@link Cache} that opens its SQLite file on first use: a command that never reads or writes
 * the cache (a lexical search, say) neither loads better-sqlite3 for it nor creates the file.
 * @module
 */
import type { Cache } from '../core/ports.js';
import { openSqliteCache, type SqliteCache } from './sqlite-cache.js';

/** {@link openSqliteCache} deferred to the first `get` or `set`. */
export class LazySqliteCache implements Cache {
  /** The cache file (or `:memory:`). */
  readonly path: string;
  readonly #onOpenError: (error: unknown) => void;
  /** The open cache, `null` after it failed to open (then every call misses), `undefined` before. */
  #cache: SqliteCache | null | undefined;
  #closed = false;

  /**
   * @param file Where the cache lives; its folder is created on first use.
   * @param onOpenError Told once when the file cannot be opened (a read-only folder, a folder in
   *   its place); the cache then misses on every `get` and drops every `set`, since a cache only
   *   speeds work up.
   */
  constructor(file: string, onOpenError: (error: unknown) => void) {
    this.path = file;
    this.#onOpenError = onOpenError;
  }

  #open(): SqliteCache | null {
    if (this.#cache === undefined) {
      if (this.#closed) return null;
      try {
        this.#cache = openSqliteCache(this.path);
      } catch (error) {
        this.#cache = null;
        this.#onOpenError(error);
      }
    }
    return this.#cache;
  }

  async get(key: string): Promise<string | undefined> {
    return this.#open()?.get(key);
  }

  async set(key: string, value: string): Promise<void> {
    await this.#open()?.set(key, value);
  }

  /** Closes the file if it was opened. Idempotent; later calls miss. */
  close(): void {
    this.#closed = true;
    this.#cache?.close();
    this.#cache = null;
  }
}
