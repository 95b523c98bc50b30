/**
 * Store URL schemes of the engines that scale out, each a lazy factory (the engine's client is
 * loaded only when its scheme is used):
 *
 * - `chroma://HOST:PORT[/TENANT/DATABASE]`, `chroma+https://…` (key: `CHROMA_API_KEY`; more
 *   headers: `CHROMA_HEADERS` as JSON);
 * - `qdrant://HOST:PORT`, `qdrant+https://…` (key: `QDRANT_API_KEY`);
 * - `opensearch://HOST:PORT`, `opensearch+https://…` (`OPENSEARCH_USERNAME`, `OPENSEARCH_PASSWORD`).
 * @module
 */
import type { Store } from '../core/ports.js';

/** Opens the store a URL names, reading credentials from `env`. */
export type StoreFactory = (url: string, env?: NodeJS.ProcessEnv) => Promise<Store>;

const chroma: StoreFactory = async (url, env) =>
  (await import('./chroma/chroma-store.js')).openChromaStoreAt(url, env);
const qdrant: StoreFactory = async (url, env) =>
  (await import('./qdrant/qdrant-store.js')).openQdrantStoreAt(url, env);
const opensearch: StoreFactory = async (url, env) =>
  (await import('./opensearch/opensearch-store.js')).openOpenSearchStoreAt(url, env);

/** Scheme (before `://`, lower case) → factory. */
export const storeSchemes: Readonly<Record<string, StoreFactory>> = Object.freeze({
  chroma,
  'chroma+https': chroma,
  qdrant,
  'qdrant+https': qdrant,
  opensearch,
  'opensearch+https': opensearch,
});

/** The factory of a URL whose scheme is one of {@link storeSchemes}, or `undefined`. */
export function remoteStoreFactory(location: string): StoreFactory | undefined {
  const scheme = /^([a-z][a-z+]*):\/\//i.exec(location)?.[1]?.toLowerCase();
  return scheme === undefined ? undefined : storeSchemes[scheme];
}
