/**
 * Options of {@link openChromaStore}, and `chroma://` store URLs.
 * @module
 */
import { z } from 'zod';
import { ConfigError } from '../../core/errors.js';
import { parseOptions } from '../collection/parse-options.js';
import { remoteStoreFields } from '../remote/remote-options.js';

/** Schema of {@link ChromaStoreOptions}; parsing fills in the defaults. */
export const chromaStoreOptionsSchema = z.object({
  ...remoteStoreFields,
  /** Server host. Default `localhost`. */
  host: z.string().min(1).default('localhost'),
  /** Server port. Default 8000 (`chroma run`'s). */
  port: z.number().int().min(1).max(65_535).default(8000),
  /** Whether to speak HTTPS. Default false. */
  ssl: z.boolean().default(false),
  /** Chroma tenant. Default `default_tenant`. */
  tenant: z.string().min(1).default('default_tenant'),
  /** Chroma database. Default `default_database`. */
  database: z.string().min(1).default('default_database'),
  /** Headers sent with every request (e.g. `{ 'x-chroma-token': … }`). */
  headers: z.record(z.string(), z.string()).default({}),
  /**
   * Most records one write request carries. Default 1000, under the local server's limit (its
   * `max_batch_size`, 41 666 with SQLite's default variable limit); Chroma Cloud accepts 300.
   */
  maxWriteBatch: z.number().int().min(1).max(41_666).default(1000),
});

/** Options of {@link openChromaStore}; see each field. */
export type ChromaStoreOptions = z.input<typeof chromaStoreOptionsSchema>;
/** Options after parsing, with defaults. */
export type ResolvedChromaStoreOptions = z.output<typeof chromaStoreOptionsSchema>;

/** Parses options. @throws {InvalidArgumentError} naming the first bad option. */
export function parseChromaStoreOptions(options: unknown): ResolvedChromaStoreOptions {
  return parseOptions(chromaStoreOptionsSchema, options ?? {});
}

/**
 * Reads a store URL `chroma://HOST:PORT[/TENANT/DATABASE]` (`chroma+https://…` for TLS). The API
 * key comes from `CHROMA_API_KEY` (sent as `x-chroma-token`); `CHROMA_HEADERS` may add headers
 * as a JSON object.
 * @throws {ConfigError} for a malformed URL or `CHROMA_HEADERS`.
 */
export function parseChromaUrl(url: string, env: NodeJS.ProcessEnv = process.env): ChromaStoreOptions {
  const match = /^chroma(\+https)?:\/\/([^/:]+)(?::(\d+))?(?:\/([^/]+)\/([^/]+))?\/?$/i.exec(url);
  if (match === null) {
    throw new ConfigError(
      `cannot read the Chroma store URL "${url}": expected chroma://HOST:PORT[/TENANT/DATABASE] (chroma+https://… for TLS)`,
    );
  }
  const [, https, host, port, tenant, database] = match;
  const options: ChromaStoreOptions = { host: host!, ssl: https !== undefined };
  options.port = port === undefined ? (https ? 443 : 8000) : Number(port);
  if (tenant !== undefined) options.tenant = decodeURIComponent(tenant);
  if (database !== undefined) options.database = decodeURIComponent(database);
  const headers: Record<string, string> = {};
  if (env.CHROMA_HEADERS) {
    try {
      Object.assign(headers, z.record(z.string(), z.string()).parse(JSON.parse(env.CHROMA_HEADERS)));
    } catch {
      throw new ConfigError('CHROMA_HEADERS must be a JSON object of header names to string values');
    }
  }
  if (env.CHROMA_API_KEY) headers['x-chroma-token'] = env.CHROMA_API_KEY;
  options.headers = headers;
  return options;
}
