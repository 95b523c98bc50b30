/**
 * The Qdrant store: the collection model over {@link QdrantBackend}, through the official
 * `@qdrant/js-client-rest` client (an optional peer dependency loaded on first use).
 * @module
 */
import { ConfigError } from '../../core/errors.js';
import { CollectionStore } from '../collection/collection-store.js';
import { QdrantBackend } from './qdrant-backend.js';
import { parseQdrantStoreOptions, parseQdrantUrl, type QdrantStoreOptions } from './qdrant-options.js';

/**
 * The {@link Store} on a Qdrant server. Create it with {@link openQdrantStore}.
 *
 * Behaviour beyond the port's contract:
 * - No lexical index (`capabilities.lexical` is `none`): the engine's hybrid search runs dense-only.
 * - Replaces are versioned: readers see the old version or the new one, never zero chunks or a mix.
 * - Namespaces are a tenant payload index (`is_tenant`) named in every request's filter.
 * - Filters: everything but ranges over strings.
 */
export class QdrantStore extends CollectionStore<null> {}

/**
 * Opens a Qdrant store. Sends nothing until the first call.
 * @throws {InvalidArgumentError} for a malformed option.
 * @throws {ConfigError} when `@qdrant/js-client-rest` is not installed.
 */
export async function openQdrantStore(options: QdrantStoreOptions = {}): Promise<QdrantStore> {
  const resolved = parseQdrantStoreOptions(options);
  const { QdrantClient } = await loadQdrant();
  const client = new QdrantClient({
    url: resolved.url,
    ...(resolved.apiKey === undefined ? {} : { apiKey: resolved.apiKey }),
    timeout: resolved.timeoutMs,
    checkCompatibility: false,
  });
  return new QdrantStore(
    new QdrantBackend(client, {
      prefix: resolved.prefix,
      provision: resolved.provision,
      maxWriteBatch: resolved.maxWriteBatch,
      policy: { retries: resolved.retries, timeoutMs: resolved.timeoutMs, minBackoffMs: 200 },
    }),
  );
}

/** Opens the Qdrant store at a `qdrant://` or `qdrant+https://` URL (see {@link parseQdrantUrl}). */
export function openQdrantStoreAt(url: string, env: NodeJS.ProcessEnv = process.env): Promise<QdrantStore> {
  return openQdrantStore(parseQdrantUrl(url, env));
}

async function loadQdrant(): Promise<typeof import('@qdrant/js-client-rest')> {
  try {
    return await import('@qdrant/js-client-rest');
  } catch (error) {
    throw new ConfigError(
      `the Qdrant store needs the package @qdrant/js-client-rest (1.x): npm install @qdrant/js-client-rest (${String(error)})`,
    );
  }
}
