/**
 * The Chroma store: the collection model over {@link ChromaBackend}, talking to a Chroma server
 * (`chroma run`, a container, or Chroma Cloud) through the official `chromadb` client, an optional
 * peer dependency loaded on first use.
 * @module
 */
import { ConfigError } from '../../core/errors.js';
import { CollectionStore } from '../collection/collection-store.js';
import { ChromaBackend } from './chroma-backend.js';
import { type ChromaStoreOptions, parseChromaStoreOptions, parseChromaUrl } from './chroma-options.js';

/**
 * The {@link Store} on a Chroma server. Create it with {@link openChromaStore}.
 *
 * Behaviour beyond the port's contract:
 * - No lexical index (`capabilities.lexical` is `none`): lexical search refuses, and the engine's
 *   hybrid search runs dense-only, saying so once.
 * - Replaces are versioned (`capabilities.replace`): readers see the old version or the new one,
 *   never zero chunks or a mix; counts may include both for the moment of the switch.
 * - Filters: everything but ranges over strings (`$gt:string` …, see `unsupportedFilters`).
 * - Dense search is Chroma's HNSW index (approximate); exact requests score here.
 * - Registry and document records live in the Chroma collection `PREFIX-registry`.
 */
export class ChromaStore extends CollectionStore<null> {}

/**
 * Opens a Chroma store. Connects lazily: nothing is sent until the first call.
 * @param options See {@link ChromaStoreOptions}.
 * @throws {InvalidArgumentError} for a malformed option.
 * @throws {ConfigError} when the `chromadb` package is not installed.
 */
export async function openChromaStore(options: ChromaStoreOptions = {}): Promise<ChromaStore> {
  const resolved = parseChromaStoreOptions(options);
  const { ChromaClient } = await loadChroma();
  const client = new ChromaClient({
    host: resolved.host,
    port: resolved.port,
    ssl: resolved.ssl,
    tenant: resolved.tenant,
    database: resolved.database,
    headers: resolved.headers,
  });
  return new ChromaStore(
    new ChromaBackend(client, {
      prefix: resolved.prefix,
      provision: resolved.provision,
      maxWriteBatch: resolved.maxWriteBatch,
      policy: { retries: resolved.retries, timeoutMs: resolved.timeoutMs, minBackoffMs: 200 },
    }),
  );
}

/** Opens the Chroma store at a `chroma://` or `chroma+https://` URL (see {@link parseChromaUrl}). */
export function openChromaStoreAt(url: string, env: NodeJS.ProcessEnv = process.env): Promise<ChromaStore> {
  return openChromaStore(parseChromaUrl(url, env));
}

async function loadChroma(): Promise<typeof import('chromadb')> {
  try {
    return await import('chromadb');
  } catch (error) {
    throw new ConfigError(
      `the Chroma store needs the package chromadb (3.x): npm install chromadb@3 (${String(error)})`,
    );
  }
}
