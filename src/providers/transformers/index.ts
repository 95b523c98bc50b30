/**
 * Local models through transformers.js (ONNX on the CPU): embedder, cross-encoder reranker and
 * Whisper speech-to-text, with one model loader (Hub download cache or an offline models folder).
 * @module
 */
export * from './local-models.js';
export * from './transformers-embedder.js';
export * from './transformers-presets.js';
export * from './transformers-reranker.js';
export * from './transformers-transcriber.js';
