/**
 * The Chroma store (`chromadb` is an optional peer dependency).
 * @module
 */
export { CHROMA_CAPABILITIES, CHROMA_SCHEMA_VERSION } from './chroma-backend.js';
export {
  type ChromaStoreOptions,
  chromaStoreOptionsSchema,
  parseChromaStoreOptions,
  parseChromaUrl,
} from './chroma-options.js';
export { ChromaStore, openChromaStore, openChromaStoreAt } from './chroma-store.js';
