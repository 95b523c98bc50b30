/**
 * Connection settings shared by the OpenAI-compatible adapters (embeddings, chat, transcription):
 * the API root and the bearer key, both read at call time.
 * @module
 */
import { loadApiKey } from '../http/post-json.js';

/** Provider name in messages and errors. */
export const OPENAI_COMPATIBLE_PROVIDER = 'openai-compatible';

/** Default API root. */
export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** Connection options every OpenAI-compatible adapter accepts. */
export interface OpenAIConnectionOptions {
  /** API root; default `OPENAI_BASE_URL` or `https://api.openai.com/v1`. Read at call time. */
  baseURL?: string;
  /** API key; default `OPENAI_API_KEY`, read at call time. Local servers given a `baseURL` need none. */
  apiKey?: string;
}

/**
 * The URL of `endpoint` (e.g. `embeddings`) and the bearer `authorization` header. With a base
 * URL set (the `baseURL` option or `OPENAI_BASE_URL`; a local server such as Ollama, vLLM or LM
 * Studio) the key is optional: without one no `authorization` header is sent.
 * @throws {ProviderError} naming `OPENAI_API_KEY` when OpenAI itself is addressed without a key.
 */
export function openaiRequest(
  options: OpenAIConnectionOptions,
  endpoint: string,
): { url: string; headers: Record<string, string> } {
  const configured = options.baseURL ?? (process.env.OPENAI_BASE_URL || undefined);
  const baseURL = (configured ?? OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const apiKey =
    configured !== undefined && baseURL !== OPENAI_DEFAULT_BASE_URL
      ? (options.apiKey ?? (process.env.OPENAI_API_KEY || undefined))
      : loadApiKey({
          apiKey: options.apiKey,
          envVar: 'OPENAI_API_KEY',
          provider: OPENAI_COMPATIBLE_PROVIDER,
        });
  return {
    url: `${baseURL}/${endpoint}`,
    headers: apiKey === undefined ? {} : { authorization: `Bearer ${apiKey}` },
  };
}
