export * from './cohere/cohere-reranker.js';
export * from './rerank-hits.js';
export * from './scores-by-index.js';
export * from './transformers/transformers-reranker.js';
export * from './voyage/voyage-reranker.js';
