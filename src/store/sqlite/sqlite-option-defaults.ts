/**
 * Defaults of {@link SqliteStoreOptions}, and resolving options without loading zod when there is
 * nothing to validate beyond the file's path: zod costs about 0.13 s of CPU to load, more than the
 * rest of `cairn search` on a small database.
 * @module
 */
import { ConfigError } from '../../core/errors.js';
import { DEFAULT_LEXICAL_WEIGHTS } from '../collection/lexical-weights.js';
import type { ResolvedSqliteStoreOptions, SqliteStoreOptions } from './sqlite-options.js';

/** Default `mmapSizeBytes`: 256 MiB, or `CAIRN_SQLITE_MMAP_BYTES` when set. */
export const DEFAULT_MMAP_SIZE_BYTES = 256 * 1024 * 1024;

/** Defaults of `vectorIndex` (each documented on `vectorIndexSchema`). */
export const VECTOR_INDEX_DEFAULTS = Object.freeze({
  lists: 0,
  probes: 0,
  adaptiveProbes: true,
  partitionAbove: 50_000,
  breadth: 200,
  scanBelow: 10_000,
  breadthUpTo: 50_000,
  rescore: 40,
});

/** Defaults of the scalar options (each documented on `sqliteStoreOptionsSchema`). */
export const SQLITE_OPTION_DEFAULTS = Object.freeze({
  provision: true,
  busyTimeoutMs: 5000,
  pageSizeBytes: 32768,
});

/** `mmapSizeBytes` when not given: `CAIRN_SQLITE_MMAP_BYTES`, else {@link DEFAULT_MMAP_SIZE_BYTES}. */
export function defaultMmapSize(): number {
  const fromEnvironment = process.env.CAIRN_SQLITE_MMAP_BYTES;
  if (fromEnvironment === undefined || fromEnvironment.trim() === '') return DEFAULT_MMAP_SIZE_BYTES;
  const value = Number(fromEnvironment);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new ConfigError(
      `CAIRN_SQLITE_MMAP_BYTES must be a whole number of bytes (0 disables memory mapping), got "${fromEnvironment}"`,
    );
  }
  return value;
}

/**
 * `options` validated with defaults applied, as `parseSqliteStoreOptions` gives them. Options that
 * name only `path` (a non-empty string) and `provision` (a boolean) need no schema and resolve here;
 * any other option loads the zod schema (`sqlite-options.ts`) to validate it.
 * @throws {InvalidArgumentError} naming the first bad option.
 * @throws {ConfigError} for a malformed `CAIRN_SQLITE_MMAP_BYTES`.
 */
export async function resolveSqliteStoreOptions(
  options: SqliteStoreOptions,
): Promise<ResolvedSqliteStoreOptions> {
  if (isPathOnly(options)) {
    return {
      ...SQLITE_OPTION_DEFAULTS,
      path: options.path,
      provision: options.provision ?? SQLITE_OPTION_DEFAULTS.provision,
      mmapSizeBytes: defaultMmapSize(),
      vectorIndex: { ...VECTOR_INDEX_DEFAULTS },
      lexicalWeights: { ...DEFAULT_LEXICAL_WEIGHTS },
    };
  }
  const { parseSqliteStoreOptions } = await import('./sqlite-options.js');
  return parseSqliteStoreOptions(options);
}

function isPathOnly(options: unknown): options is { path: string; provision?: boolean } {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return false;
  const record = options as Record<string, unknown>;
  if (Object.getPrototypeOf(record) !== Object.prototype && Object.getPrototypeOf(record) !== null)
    return false;
  for (const key of Object.keys(record)) if (key !== 'path' && key !== 'provision') return false;
  return (
    typeof record.path === 'string' &&
    record.path.length > 0 &&
    (record.provision === undefined || typeof record.provision === 'boolean')
  );
}
