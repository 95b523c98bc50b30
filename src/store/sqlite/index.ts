/**
 * The embedded SQLite store (better-sqlite3 + sqlite-vec + FTS5).
 * @module
 */
export { ftsMatchExpression } from './fts-query.js';
export { compileSqliteFilter, type SqlFragment, type SqlValue, sqliteJsonPath } from './sqlite-filter.js';
export {
  parseSqliteStoreOptions,
  type ResolvedSqliteStoreOptions,
  type SqliteStoreOptions,
  sqliteStoreOptionsSchema,
} from './sqlite-options.js';
export {
  CURRENT_SCHEMA_VERSION,
  DOCUMENTS_TABLE,
  FTS_TOKENIZER,
  REGISTRY_TABLE,
  SCHEMA_UPGRADES,
  type SchemaUpgradeStep,
} from './sqlite-schema.js';
export { DEFAULT_ITERATION_BATCH_SIZE, openSqliteStore, SqliteStore } from './sqlite-store.js';
