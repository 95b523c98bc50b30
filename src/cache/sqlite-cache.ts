/**
 * A {@link Cache} in one SQLite file (better-sqlite3), shared by the parse cache and the
 * embedding cache. Keys are opaque strings chosen by callers; values are strings.
 * @module
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Cache } from '../core/ports.js';

/** SQLite-backed string cache. Open it with {@link openSqliteCache}. */
export class SqliteCache implements Cache {
  readonly path: string;
  readonly #db: Database.Database;
  readonly #get: Database.Statement<[string], { value: string }>;
  readonly #set: Database.Statement<[string, string, string]>;

  constructor(db: Database.Database, file: string) {
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
    return this.#get.get(key)?.value;
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

  close(): void {
    this.#db.close();
  }
}

/** Opens (creating if needed, with its folder) the cache file at `file`, in WAL mode. */
export function openSqliteCache(file: string): SqliteCache {
  if (file !== ':memory:') mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  return new SqliteCache(db, file);
}
