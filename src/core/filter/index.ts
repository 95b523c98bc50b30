/**
 * The portable metadata filter: validation into a normalised tree, and a reference evaluator.
 * Stores compile the tree to their own query language (see `src/store/sqlite/sqlite-filter.ts`).
 * @module
 */
export * from './filter-node.js';
export { compareCodePoints, matchesFilter, resolvePath } from './match-filter.js';
export { isMatchAll, isMatchNone, MATCH_NONE, simplifyFilter } from './simplify-filter.js';
export { fieldPath, MAX_FILTER_CONDITIONS, MAX_FILTER_DEPTH, validateFilter } from './validate-filter.js';
