/**
 * `cairn/eval`: retrieval evaluation on BEIR-format folders (nDCG@10, recall@100, MRR@10).
 * @module
 */
export * from '../eval/beir.js';
export * from '../eval/metrics.js';
