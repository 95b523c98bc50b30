/**
 * Stores: the shared validation every backend runs, and the backends themselves. The contract suite
 * (`store.contract.ts`) is test code and is not exported here.
 * @module
 */

export { MAX_QUERY_TERMS, queryTerms } from '../core/query-terms.js';
export * from './chroma/index.js';
export { type CheckedConditions, checkConditions } from './collection/conditions.js';
export {
  type ChunkTarget,
  type CollectionDefinition,
  checkMetadata,
  DEFAULT_NAMESPACE,
  MAX_COLLECTION_NAME_LENGTH,
  MAX_DIMENSION,
  MAX_METADATA_DEPTH,
  MAX_NAMESPACE_LENGTH,
  type PreparedChunk,
  prepareChunks,
  prepareDocumentWrite,
  resolveNamespace,
  toEmbedding,
  validateCollectionName,
  validateCreateOptions,
  validateId,
  validateIdList,
  validatePositiveInteger,
} from './collection/validation.js';
export * from './memory/index.js';
export {
  DEFAULT_MIGRATE_BATCH_SIZE,
  type MigrateOptions,
  type MigrateProgress,
  type MigrateResult,
  migrateStore,
} from './migrate.js';
export * from './opensearch/index.js';
export * from './qdrant/index.js';
export { remoteStoreFactory, type StoreFactory, storeSchemes } from './remote-schemes.js';
export { COLLECTION_TABLE_PREFIX, tableNameFor } from './sql/table-name.js';
export * from './sqlite/index.js';
