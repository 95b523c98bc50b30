/**
 * Connection settings shared by the Cohere adapters (embed and rerank): the v2 API root and the
 * bearer key, both read at call time. See https://docs.cohere.com/v2/reference/embed.
 * @module
 */
import type { RequestPolicy } from '../http/post-json.js';
import { loadApiKey } from '../http/post-json.js';

/** Provider name in messages and errors. */
export const COHERE_PROVIDER = 'cohere';

/** Default API root (v2). */
export const COHERE_DEFAULT_BASE_URL = 'https://api.cohere.com/v2';

/** Connection options every Cohere adapter accepts. */
export interface CohereConnectionOptions extends RequestPolicy {
  /** API root including `/v2`; default `COHERE_BASE_URL` or `https://api.cohere.com/v2`. Read at call time. */
  baseURL?: string;
  /** API key; default `COHERE_API_KEY`, read at call time. */
  apiKey?: string;
}

/**
 * The URL of `endpoint` (e.g. `embed`) and the request headers.
 * @throws {ProviderError} naming `COHERE_API_KEY` when no key is given or set.
 */
export function cohereRequest(
  options: CohereConnectionOptions,
  endpoint: string,
): { url: string; headers: Record<string, string> } {
  const baseURL = (options.baseURL ?? process.env.COHERE_BASE_URL ?? COHERE_DEFAULT_BASE_URL).replace(
    /\/+$/,
    '',
  );
  const apiKey = loadApiKey({ apiKey: options.apiKey, envVar: 'COHERE_API_KEY', provider: COHERE_PROVIDER });
  return {
    url: `${baseURL}/${endpoint}`,
    headers: { authorization: `Bearer ${apiKey}`, accept: 'application/json' },
  };
}
