/**
 * Options of {@link openOpenSearchStore}, and `opensearch://` store URLs.
 * @module
 */
import { z } from 'zod';
import { ConfigError } from '../../core/errors.js';
import { parseOptions } from '../collection/parse-options.js';
import { remoteStoreFields } from '../remote/remote-options.js';

/** Schema of {@link OpenSearchStoreOptions}; parsing fills in the defaults. */
export const openSearchStoreOptionsSchema = z.object({
  ...remoteStoreFields,
  /** Node URL, e.g. `http://localhost:9200`. Default `http://localhost:9200`. */
  node: z.string().url().default('http://localhost:9200'),
  /** Basic-auth user name; default none. */
  username: z.string().min(1).optional(),
  /** Basic-auth password; default none. */
  password: z.string().optional(),
  /** Documents one bulk request carries at most. Default 500. */
  maxWriteBatch: z.number().int().min(1).max(10_000).default(500),
  /**
   * How writes wait to be searchable: `wait_for` (the next periodic refresh, the default) or
   * `true` (refresh at once: faster to see, costlier under load).
   */
  refresh: z.union([z.literal('wait_for'), z.literal(true)]).default('wait_for'),
  /** Shards of a new collection's index. Default 1. */
  shards: z.number().int().min(1).max(1024).default(1),
});

/** Options of {@link openOpenSearchStore}; see each field. */
export type OpenSearchStoreOptions = z.input<typeof openSearchStoreOptionsSchema>;
/** Options after parsing, with defaults. */
export type ResolvedOpenSearchStoreOptions = z.output<typeof openSearchStoreOptionsSchema>;

/** Parses options. @throws {InvalidArgumentError} naming the first bad option. */
export function parseOpenSearchStoreOptions(options: unknown): ResolvedOpenSearchStoreOptions {
  return parseOptions(openSearchStoreOptionsSchema, options ?? {});
}

/**
 * Reads a store URL `opensearch://HOST:PORT` (`opensearch+https://…` for TLS); credentials come
 * from `OPENSEARCH_USERNAME` and `OPENSEARCH_PASSWORD`.
 * @throws {ConfigError} for a malformed URL.
 */
export function parseOpenSearchUrl(
  url: string,
  env: NodeJS.ProcessEnv = process.env,
): OpenSearchStoreOptions {
  const match = /^opensearch(\+https)?:\/\/([^/:]+)(?::(\d+))?\/?$/i.exec(url);
  if (match === null) {
    throw new ConfigError(
      `cannot read the OpenSearch store URL "${url}": expected opensearch://HOST:PORT (opensearch+https://… for TLS)`,
    );
  }
  const [, https, host, port] = match;
  const options: OpenSearchStoreOptions = { node: `${https ? 'https' : 'http'}://${host}:${port ?? 9200}` };
  if (env.OPENSEARCH_USERNAME) options.username = env.OPENSEARCH_USERNAME;
  if (env.OPENSEARCH_PASSWORD !== undefined) options.password = env.OPENSEARCH_PASSWORD;
  return options;
}
