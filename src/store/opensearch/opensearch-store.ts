/**
 * The OpenSearch store: the collection model over {@link OpenSearchBackend}, through the official
 * `@opensearch-project/opensearch` client (an optional peer dependency loaded on first use). The
 * cluster needs the k-NN plugin (part of the default distribution).
 * @module
 */
import { ConfigError } from '../../core/errors.js';
import { CollectionStore } from '../collection/collection-store.js';
import { OpenSearchBackend } from './opensearch-backend.js';
import {
  type OpenSearchStoreOptions,
  parseOpenSearchStoreOptions,
  parseOpenSearchUrl,
} from './opensearch-options.js';

/**
 * The {@link Store} on an OpenSearch cluster. Create it with {@link openOpenSearchStore}.
 *
 * Behaviour beyond the port's contract:
 * - Lexical search is OpenSearch's BM25 (`capabilities.lexical` is `lucene_bm25`), with statistics
 *   per shard; the engine's hybrid search fuses it with dense search by RRF.
 * - Replaces are versioned: readers see the old version or the new one, never zero chunks or a mix.
 * - Every request is routed by namespace and filters on it.
 * - Writes are searchable when they return (`refresh`: `wait_for` by default).
 */
export class OpenSearchStore extends CollectionStore<null> {}

/**
 * Opens an OpenSearch store. Sends nothing until the first call.
 * @throws {InvalidArgumentError} for a malformed option.
 * @throws {ConfigError} when `@opensearch-project/opensearch` is not installed.
 */
export async function openOpenSearchStore(options: OpenSearchStoreOptions = {}): Promise<OpenSearchStore> {
  const resolved = parseOpenSearchStoreOptions(options);
  const { Client } = await loadOpenSearch();
  const client = new Client({
    node: resolved.node,
    ...(resolved.username === undefined
      ? {}
      : { auth: { username: resolved.username, password: resolved.password ?? '' } }),
    requestTimeout: resolved.timeoutMs,
    maxRetries: 0,
  });
  return new OpenSearchStore(
    new OpenSearchBackend(client, {
      prefix: resolved.prefix,
      provision: resolved.provision,
      maxWriteBatch: resolved.maxWriteBatch,
      refresh: resolved.refresh,
      shards: resolved.shards,
      policy: { retries: resolved.retries, timeoutMs: resolved.timeoutMs, minBackoffMs: 200 },
    }),
  );
}

/** Opens the OpenSearch store at an `opensearch://` or `opensearch+https://` URL (see {@link parseOpenSearchUrl}). */
export function openOpenSearchStoreAt(
  url: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<OpenSearchStore> {
  return openOpenSearchStore(parseOpenSearchUrl(url, env));
}

async function loadOpenSearch(): Promise<typeof import('@opensearch-project/opensearch')> {
  try {
    return await import('@opensearch-project/opensearch');
  } catch (error) {
    throw new ConfigError(
      `the OpenSearch store needs the package @opensearch-project/opensearch (3.x): npm install @opensearch-project/opensearch (${String(error)})`,
    );
  }
}
