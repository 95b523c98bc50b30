/**
 * The default weights of the lexical fields every BM25 backend indexes, one figure for all of them.
 * @module
 */

/**
 * BM25 weight of a term occurrence in each lexical field relative to one in the chunk text.
 * `headings` 2 was the best of {0, 0.5, 1, 2, 4} × chunk size {256, 512} on SciFact's train
 * queries; `document` and `context` are tuned on SciFact and the SEC 10-Q development questions
 * (`bench/tune-lexical.mjs`, `bench/results/tune-lexical.json`).
 */
export const DEFAULT_LEXICAL_WEIGHTS = Object.freeze({ content: 1, headings: 2, document: 1, context: 0.5 });

/** A weight per lexical field. */
export type LexicalFieldWeights = { [field in keyof typeof DEFAULT_LEXICAL_WEIGHTS]: number };
