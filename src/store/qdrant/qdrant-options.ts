/**
 * Options of {@link openQdrantStore}, and `qdrant://` store URLs.
 * @module
 */
import { z } from 'zod';
import { ConfigError } from '../../core/errors.js';
import { parseOptions } from '../collection/parse-options.js';

/** Schema of {@link QdrantStoreOptions}; parsing fills in the defaults. */
export const qdrantStoreOptionsSchema = z.object({
  /** Server URL, e.g. `http://localhost:6333`. Default `http://localhost:6333`. */
  url: z.string().url().default('http://localhost:6333'),
  /** API key (sent as `api-key`); default none. */
  apiKey: z.string().min(1).optional(),
  /** Prefix of the Qdrant collections this store creates (`PREFIX-registry`, one per collection). Default `cairn`. */
  prefix: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9-]{0,30}$/,
      'must be 1–31 characters of a-z, 0-9 and -, starting with a letter or digit',
    )
    .default('cairn'),
  /** Whether the store may create and drop Qdrant collections. Default true. */
  provision: z.boolean().default(true),
  /** Points one upsert carries at most. Default 256 (well under Qdrant's 32 MiB request limit at 4096 dimensions). */
  maxWriteBatch: z.number().int().min(1).max(10_000).default(256),
  /** Retries of a transient failure (connection error, timeout, 429, 5xx). Default 3. */
  retries: z.number().int().min(0).max(10).default(3),
  /** Milliseconds one request may take. Default 30 000. */
  timeoutMs: z.number().int().min(1).default(30_000),
});

/** Options of {@link openQdrantStore}; see each field. */
export type QdrantStoreOptions = z.input<typeof qdrantStoreOptionsSchema>;
/** Options after parsing, with defaults. */
export type ResolvedQdrantStoreOptions = z.output<typeof qdrantStoreOptionsSchema>;

/** Parses options. @throws {InvalidArgumentError} naming the first bad option. */
export function parseQdrantStoreOptions(options: unknown): ResolvedQdrantStoreOptions {
  return parseOptions(qdrantStoreOptionsSchema, options ?? {});
}

/**
 * Reads a store URL `qdrant://HOST:PORT` (`qdrant+https://…` for TLS); the API key comes from
 * `QDRANT_API_KEY`.
 * @throws {ConfigError} for a malformed URL.
 */
export function parseQdrantUrl(url: string, env: NodeJS.ProcessEnv = process.env): QdrantStoreOptions {
  const match = /^qdrant(\+https)?:\/\/([^/:]+)(?::(\d+))?\/?$/i.exec(url);
  if (match === null) {
    throw new ConfigError(
      `cannot read the Qdrant store URL "${url}": expected qdrant://HOST:PORT (qdrant+https://… for TLS)`,
    );
  }
  const [, https, host, port] = match;
  const options: QdrantStoreOptions = { url: `${https ? 'https' : 'http'}://${host}:${port ?? 6333}` };
  if (env.QDRANT_API_KEY) options.apiKey = env.QDRANT_API_KEY;
  return options;
}
