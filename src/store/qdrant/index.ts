/**
 * The Qdrant store (`@qdrant/js-client-rest` is an optional peer dependency).
 * @module
 */
export { QDRANT_CAPABILITIES, QDRANT_SCHEMA_VERSION } from './qdrant-backend.js';
export {
  parseQdrantStoreOptions,
  parseQdrantUrl,
  type QdrantStoreOptions,
  qdrantStoreOptionsSchema,
} from './qdrant-options.js';
export { openQdrantStore, openQdrantStoreAt, QdrantStore } from './qdrant-store.js';
