/**
 * A {@link Cache} in one SQLite file (better-sqlite3), shared by the parse cache and the
 * embedding cache. Keys are opaque strings chosen by callers; values are strings. better-sqlite3
 * loads when the first cache is opened, not when this module is imported.
 * @module
 */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Cache } from '../core/ports.js';

/** The parts of a better-sqlite3 statement the cache calls. */
interface Statement {
  get(...params: unknown[]): unknown;
  run(...params: unknown[]): unknown;
}

/** The parts of a better-sqlite3 database the cache calls (typed here, so no driver types ship). */
export interface SqliteCacheDatabase {
  exec(sql: string): unknown;
  prepare(sql: string): Statement;
  pragma(source: string): unknown;
  close(): unknown;
}

const require = createRequire(import.meta.url);

/** SQLite-backed string cache. Open it with {@link openSqliteCache}. */
export class SqliteCache implements Cache {
  readonly path: string;
  readonly #db: SqliteCacheDatabase;
  readonly #get: Statement;
  readonly #set: Statement;
  #closed = false;

  constructor(db: SqliteCacheDatabase, file: string) {
    this.path = file;
    this.#db = db;
    db.exec(
      'CREATE TABLE IF NOT EXISTS cairn_cache (key TEXT PRIMARY KEY, value TEXT NOT NULL, created_at TEXT NOT NULL) STRICT',
    );
    this.#get = db.prepare('SELECT value FROM cairn_cache WHERE key = ?');
    this.#set = db.prepare(
      'INSERT INTO cairn_cache (key, value, created_at) VALUES (?, ?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value, created_at = excluded.created_at',
    );
  }

  async get(key: string): Promise<string | undefined> {
    return (this.#get.get(key) as { value: string } | undefined)?.value;
  }

  async set(key: string, value: string): Promise<void> {
    this.#set.run(key, value, new Date().toISOString());
  }

  /** Number of entries, or of those whose key starts with `prefix` (e.g. `embedding/`, `parse/`). */
  size(prefix = ''): number {
    const row = this.#db
      .prepare('SELECT count(*) AS n FROM cairn_cache WHERE substr(key, 1, length(@p)) = @p')
      .get({ p: prefix }) as { n: number };
    return row.n;
  }

  /** Closes the file. Idempotent. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.#db.close();
  }
}

/**
 * Opens (creating if needed, with its folder) the cache file at `file`, in WAL mode.
 * @throws {Error} from better-sqlite3 when the file cannot be opened (a folder, no permission).
 */
export function openSqliteCache(file: string): SqliteCache {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const Database = require('better-sqlite3') as new (file: string) => SqliteCacheDatabase;
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  return new SqliteCache(db, file);
}
