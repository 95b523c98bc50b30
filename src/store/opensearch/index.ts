/**
 * The OpenSearch store (`@opensearch-project/opensearch` is an optional peer dependency).
 * @module
 */
export { OPENSEARCH_CAPABILITIES, OPENSEARCH_SCHEMA_VERSION } from './opensearch-backend.js';
export {
  type OpenSearchStoreOptions,
  openSearchStoreOptionsSchema,
  parseOpenSearchStoreOptions,
  parseOpenSearchUrl,
} from './opensearch-options.js';
export { OpenSearchStore, openOpenSearchStore, openOpenSearchStoreAt } from './opensearch-store.js';
