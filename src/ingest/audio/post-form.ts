/**
 * Multipart POST with the retry and error policy of `provider/post-json.ts`: retries 408, 409,
 * 429, 5xx and network failures with exponential back-off, fails at once on other 4xx, and
 * reports {@link ProviderError}s naming the provider, the status and whether retrying can help.
 * @module
 */
import pRetry, { AbortError } from 'p-retry';
import { ProviderError } from '../../core/errors.js';
import type { RequestPolicy } from '../../provider/post-json.js';

/** Options of {@link postForm}. */
export interface PostFormOptions extends RequestPolicy {
  provider: string;
  url: string;
  headers: Record<string, string>;
  /** Built afresh for every attempt. */
  form: () => FormData;
  signal?: AbortSignal;
}

function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

async function errorText(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(text) as { error?: { message?: string } | string; message?: string };
    if (typeof parsed.error === 'string') return parsed.error;
    return parsed.error?.message ?? parsed.message ?? text.slice(0, 500);
  } catch {
    return text.slice(0, 500) || response.statusText;
  }
}

/**
 * POSTs `multipart/form-data` and returns the successful `Response` (body unread).
 * @throws {ProviderError} after the last attempt, or at once for a non-retryable status.
 */
export async function postForm(options: PostFormOptions): Promise<Response> {
  const { maxRetries = 3, timeoutMs = 300_000, minBackoffMs = 500 } = options;
  return pRetry(
    async () => {
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers: options.headers,
          body: options.form(),
          signal,
        });
      } catch (cause) {
        if (options.signal?.aborted) throw new AbortError(cause as Error);
        const reason = timeout.aborted ? `no response within ${timeoutMs} ms` : (cause as Error).message;
        throw new ProviderError({
          provider: options.provider,
          message: `request to ${options.url} failed: ${reason}`,
          isRetryable: true,
          cause,
        });
      }
      if (response.ok) return response;
      const retryable = isRetryableStatus(response.status);
      const error = new ProviderError({
        provider: options.provider,
        message: await errorText(response),
        statusCode: response.status,
        isRetryable: retryable,
      });
      if (!retryable) throw new AbortError(error);
      throw error;
    },
    { retries: maxRetries, minTimeout: minBackoffMs, factor: 2, randomize: true },
  );
}
