/**
 * Parse isolation: the limits one file's parse runs under, and the worker processes that enforce
 * them.
 * @module
 */
export {
  DEFAULT_PARSE_MEMORY_MB,
  DEFAULT_PARSE_TIMEOUT_MS,
  MIN_PARSE_MEMORY_MB,
  type ParseLimits,
  resolveParseLimits,
} from './parse-limits.js';
export { ParsePool, type ParsePoolOptions, type ParseRequest } from './parse-pool.js';
export {
  describeParse,
  ISOLATED_FORMATS,
  type ParseBridge,
  type WorkerParseSettings,
} from './parse-settings.js';
