/**
 * Options of {@link openQdrantStore}, and `qdrant://` store URLs.
 * @module
 */
import { z } from 'zod';
import { ConfigError } from '../../core/errors.js';
import { parseOptions } from '../collection/parse-options.js';
import { remoteStoreFields } from '../remote/remote-options.js';

/** Schema of {@link QdrantStoreOptions}; parsing fills in the defaults. */
export const qdrantStoreOptionsSchema = z.object({
  ...remoteStoreFields,
  /** Server URL, e.g. `http://localhost:6333`. Default `http://localhost:6333`. */
  url: z.string().url().default('http://localhost:6333'),
  /** API key (sent as `api-key`); default none. */
  apiKey: z.string().min(1).optional(),
  /** Points one upsert carries at most. Default 256 (well under Qdrant's 32 MiB request limit at 4096 dimensions). */
  maxWriteBatch: z.number().int().min(1).max(10_000).default(256),
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
