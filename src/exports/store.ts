/**
 * `cairn/store`: what writing a store backend takes (see `docs/store-adapters.md`) — the
 * collection model (`CollectionStore`), the backend hook interface and its query types,
 * capabilities with their defaults, the shared SQL dialect layer, the validation every store
 * runs, and the memory backend as a worked example. The SQLite store is on the root export
 * (`openSqliteStore`), PostgreSQL on `cairn/postgres`.
 * @module
 */
export type * from '../store/collection/backend.js';
export { DEFAULT_CAPABILITIES, defineCapabilities } from '../store/collection/backend.js';
export {
  CollectionStore,
  type CollectionStoreOptions,
  DEFAULT_HYBRID_CANDIDATES,
  DEFAULT_HYBRID_RRF_K,
  DEFAULT_ITERATION_BATCH_SIZE,
} from '../store/collection/collection-store.js';
export { type CheckedConditions, checkConditions, checkSelector } from '../store/collection/conditions.js';
export { DEFAULT_LEXICAL_WEIGHTS, type LexicalFieldWeights } from '../store/collection/lexical-weights.js';
export { type OptionsSchema, parseOptions } from '../store/collection/parse-options.js';
export { applyUpgrades, schemaAction } from '../store/collection/schema-version.js';
export { SerialLock } from '../store/collection/serial-lock.js';
export * from '../store/collection/validation.js';
export {
  MEMORY_CAPABILITIES,
  MemoryBackend,
  type MemoryTransaction,
} from '../store/memory/memory-backend.js';
export { type ScoredRow, SqlBackend, scanAccess } from '../store/sql/sql-backend.js';
export type * from '../store/sql/sql-dialect.js';
export { compileFilterTree, type FilterLeaves } from '../store/sql/sql-filter.js';
export * from '../store/sql/sql-rows.js';
export { COLLECTION_TABLE_PREFIX, tableNameFor } from '../store/sql/table-name.js';
export { SQLITE_APPROXIMATE_CAPABILITIES, SQLITE_CAPABILITIES } from '../store/sqlite/sqlite-capabilities.js';
