/**
 * Connection settings shared by the Voyage AI adapters (embeddings and rerank): the API root and
 * the bearer key, both read at call time. See https://docs.voyageai.com/reference/embeddings-api.
 * @module
 */
import type { RequestPolicy } from '../http/post-json.js';
import { loadApiKey } from '../http/post-json.js';

/** Provider name in messages and errors. */
export const VOYAGE_PROVIDER = 'voyage';

/** Default API root (v1). */
export const VOYAGE_DEFAULT_BASE_URL = 'https://api.voyageai.com/v1';

/** Connection options every Voyage adapter accepts. */
export interface VoyageConnectionOptions extends RequestPolicy {
  /** API root including `/v1`; default `VOYAGE_BASE_URL` or `https://api.voyageai.com/v1`. Read at call time. */
  baseURL?: string;
  /** API key; default `VOYAGE_API_KEY`, read at call time. */
  apiKey?: string;
}

/**
 * The URL of `endpoint` (e.g. `embeddings`) and the request headers.
 * @throws {ProviderError} naming `VOYAGE_API_KEY` when no key is given or set.
 */
export function voyageRequest(
  options: VoyageConnectionOptions,
  endpoint: string,
): { url: string; headers: Record<string, string> } {
  const baseURL = (options.baseURL ?? process.env.VOYAGE_BASE_URL ?? VOYAGE_DEFAULT_BASE_URL).replace(
    /\/+$/,
    '',
  );
  const apiKey = loadApiKey({ apiKey: options.apiKey, envVar: 'VOYAGE_API_KEY', provider: VOYAGE_PROVIDER });
  return { url: `${baseURL}/${endpoint}`, headers: { authorization: `Bearer ${apiKey}` } };
}
