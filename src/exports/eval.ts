/**
 * `cairn/eval`: retrieval evaluation on BEIR-format folders (nDCG@10, recall@100, MRR@10), and
 * document-level evaluation of search and answers on a folder with questions (hit@k, coverage@10,
 * key-figure and first-citation rates).
 * @module
 */
export * from '../eval/beir.js';
export * from '../eval/documents-eval.js';
export * from '../eval/key-figure.js';
export * from '../eval/metrics.js';
export * from '../eval/questions.js';
export * from '../eval/source-match.js';
