/**
 * Multipart POST with the retry and error policy of `provider/post-json.ts` (it is
 * {@link postRequest} with a form body and a longer default timeout, as uploads are slow).
 * @module
 */
import { postRequest, type RequestPolicy } from './post-json.js';

/** Options of {@link postForm}. */
export interface PostFormOptions extends RequestPolicy {
  provider: string;
  url: string;
  headers: Record<string, string>;
  /** Built afresh for every attempt. */
  form: () => FormData;
  signal?: AbortSignal;
}

/**
 * POSTs `multipart/form-data` and returns the successful `Response` (body unread). Default
 * timeout 300,000 ms per attempt.
 * @throws {ProviderError} after the last attempt, or at once for a non-retryable status.
 */
export function postForm(options: PostFormOptions): Promise<Response> {
  return postRequest({ ...options, timeoutMs: options.timeoutMs ?? 300_000, body: options.form });
}
