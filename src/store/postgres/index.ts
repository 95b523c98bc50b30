/**
 * The PostgreSQL store (pgvector + tsvector + row-level security), on a server through `pg` or
 * in-process on PGlite. Nothing here loads a driver until a store is opened.
 * @module
 */
export { createPgDriver, type PgPoolSettings } from './pg-driver.js';
export {
  type CreatePgliteOptions,
  createPglite,
  type PgliteLike,
  type PgliteTransactionLike,
  pgliteDriver,
} from './pglite-driver.js';
export {
  AUTO_ANALYZE_MIN_ROWS,
  INSERT_BATCH_SIZE,
  POSTGRES_CAPABILITIES,
  PostgresBackend,
} from './postgres-backend.js';
export { connectionFailureError, isConnectionFailure } from './postgres-connection-error.js';
export { postgresDialect } from './postgres-dialect.js';
export type { PostgresDriver, PostgresQueryable, PostgresResult } from './postgres-driver.js';
export { compilePostgresFilter } from './postgres-filter.js';
export { quoteIdentifier, safeIdentifier, safeSettingName } from './postgres-identifiers.js';
export {
  FOLDED_CONFIG_PREFIX,
  type PostgresStoreOptions,
  parsePostgresStoreOptions,
  postgresStoreOptionsSchema,
  type ResolvedPostgresStoreOptions,
} from './postgres-options.js';
export { type ParamType, PostgresParams, type SqlStatement } from './postgres-params.js';
export {
  REPLICA_RETRY_MS,
  type ReplicaConsistency,
  ReplicaRouter,
  replicaUrlParameters,
} from './postgres-replicas.js';
export {
  CURRENT_SCHEMA_VERSION,
  collectionStatements,
  DOCUMENTS_TABLE,
  foldedConfigName,
  HNSW_MAX_DIMENSION,
  isolationStatements,
  migrationStatements,
  type PostgresSchemaSettings,
  policyStatements,
  REGISTRY_TABLE,
} from './postgres-schema.js';
export {
  type BulkLoadOptions,
  type BulkLoadResult,
  openPostgresStore,
  PostgresStore,
} from './postgres-store.js';
export { tsqueryText } from './postgres-tsquery.js';
