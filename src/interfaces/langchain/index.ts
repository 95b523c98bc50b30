/**
 * cairn inside LangChain.js: a retriever over an engine and a vector store over a collection.
 * Needs `@langchain/core` (an optional peer dependency of cairn).
 *
 * @example
 * ```ts
 * import { CairnRetriever } from 'cairn/langchain';
 * const retriever = new CairnRetriever({ engine, topK: 5 });
 * ```
 * @module
 */
export { CairnRetriever, type CairnRetrieverInput } from './cairn-retriever.js';
export {
  type CairnAddDocumentOptions,
  type CairnDeleteParams,
  CairnVectorStore,
  type CairnVectorStoreInput,
} from './cairn-vector-store.js';
export { CollectionEmbeddings, type CollectionEmbeddingsInput } from './collection-embeddings.js';
export { type CairnDocumentMetadata, type CairnHitMetadata, hitToDocument } from './hit-document.js';
