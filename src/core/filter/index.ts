/**
 * The portable metadata filter: validation into a normalised tree, and a reference evaluator.
 * Stores compile the tree to their own query language (see `src/store/sqlite/sqlite-filter.ts`).
 * @module
 */
export * from './filter-node.js';
export { compareCodePoints, matchesFilter, resolvePath } from './match-filter.js';
export { MAX_FILTER_CONDITIONS, MAX_FILTER_DEPTH, validateFilter } from './validate-filter.js';
