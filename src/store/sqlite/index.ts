/**
 * The embedded SQLite store (better-sqlite3 + sqlite-vec + FTS5).
 * @module
 */
export { ftsMatchExpression } from './fts-query.js';
export { SQLITE_APPROXIMATE_CAPABILITIES, SQLITE_CAPABILITIES, SqliteBackend } from './sqlite-backend.js';
export { compileSqliteFilter, type SqlFragment, type SqlValue, sqliteJsonPath } from './sqlite-filter.js';
export {
  DEFAULT_MMAP_SIZE_BYTES,
  parseSqliteStoreOptions,
  type ResolvedSqliteStoreOptions,
  type SqliteStoreOptions,
  sqliteStoreOptionsSchema,
  type VectorIndexSettings,
  vectorIndexSchema,
} from './sqlite-options.js';
export { CURRENT_SCHEMA_VERSION, FTS_COLUMNS, FTS_TOKENIZER } from './sqlite-schema.js';
export { openSqliteStore, SqliteStore } from './sqlite-store.js';
