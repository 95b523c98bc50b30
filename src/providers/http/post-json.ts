/**
 * HTTP plumbing shared by remote model adapters: JSON POST with retries on 429, 5xx and network
 * errors (but not on a connection refused by this machine), and
 * {@link ProviderError}s that name the provider, the status and whether retrying can help.
 * @module
 */
import pRetry, { AbortError } from 'p-retry';
import { ConfigError, isCairnError, ProviderError } from '../../core/errors.js';
import { retryAfterMs } from './retry-after.js';

/** Retry and timeout settings for remote calls. */
export interface RequestPolicy {
  /**
   * Retries after the first attempt for 408/409/429/5xx and network errors; default 8. Retrying
   * also stops when {@link RequestPolicy.retryBudgetMs} is spent.
   */
  maxRetries?: number;
  /**
   * Milliseconds, from the first attempt, during which failed requests are retried; default
   * 120,000. A `Retry-After` that would end past it ends the retrying at once.
   */
  retryBudgetMs?: number;
  /** Longest back-off delay between attempts in milliseconds; default 30,000. */
  maxBackoffMs?: number;
  /**
   * Milliseconds to wait for the response to start, and then for each next piece of its body;
   * default 60,000. A long streamed reply that keeps arriving is never cut off; a stalled one is.
   */
  timeoutMs?: number;
  /**
   * First back-off delay in milliseconds; it doubles each retry and is multiplied by a random
   * factor in [1, 2) (jitter, so that clients that failed together do not retry together);
   * default 500. A response's `Retry-After` (seconds or an HTTP-date) is waited out first.
   */
  minBackoffMs?: number;
}

/** Defaults of {@link RequestPolicy}. */
export const DEFAULT_REQUEST_POLICY = {
  maxRetries: 8,
  retryBudgetMs: 120_000,
  maxBackoffMs: 30_000,
  minBackoffMs: 500,
  timeoutMs: 60_000,
} as const;

/** A retryable failure that carries the delay the server asked for. */
const RETRY_AFTER = Symbol('cairn.retryAfterMs');

function waitFor(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Options of {@link postRequest}. */
export interface PostRequestOptions extends RequestPolicy {
  provider: string;
  url: string;
  headers: Record<string, string>;
  /** The request body, built afresh for every attempt (a stream or form cannot be re-sent). */
  body: () => string | FormData;
  signal?: AbortSignal;
}

/** Options of {@link postJson}. */
export interface PostJsonOptions extends RequestPolicy {
  provider: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  signal?: AbortSignal;
}

function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

async function errorText(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const parsed = JSON.parse(text) as {
      error?: { message?: string } | string;
      message?: string;
      detail?: string;
    };
    if (typeof parsed.error === 'string') return parsed.error;
    return parsed.error?.message ?? parsed.message ?? parsed.detail ?? text.slice(0, 500);
  } catch {
    return text.slice(0, 500) || response.statusText;
  }
}

/**
 * POSTs a request and returns the successful `Response` (body unread, so callers may stream it).
 * Retries 408/409/429/5xx and network failures with exponential back-off and jitter, after
 * waiting out the response's `Retry-After`, until `maxRetries` or `retryBudgetMs` is spent (see
 * {@link RequestPolicy}); an abort by the caller's signal is not retried. A deadline on the
 * caller's signal (`AbortSignal.timeout`) that ends the retrying after a failed attempt ends it as
 * the retry budget does: with that attempt's failure ("request to … failed: connection refused"),
 * which says more than the deadline does. A connection refused by this machine (a loopback host:
 * a local model server that is not running) is not retried.
 * @throws {ProviderError} after the last attempt, or at once for other 4xx statuses and a
 * connection refused on this machine.
 */
export async function postRequest(options: PostRequestOptions): Promise<Response> {
  let lastFailure: unknown;
  try {
    return await attempts(options, (error) => {
      lastFailure = error;
    });
  } catch (error) {
    const reason = options.signal?.aborted ? (options.signal.reason as Error | undefined) : undefined;
    if (lastFailure !== undefined && reason?.name === 'TimeoutError') throw lastFailure;
    throw error;
  }
}

/** {@link postRequest}'s attempts; `onFailure` sees each failed attempt that will be retried. */
async function attempts(options: PostRequestOptions, onFailure: (error: unknown) => void): Promise<Response> {
  const {
    maxRetries = DEFAULT_REQUEST_POLICY.maxRetries,
    timeoutMs = DEFAULT_REQUEST_POLICY.timeoutMs,
    minBackoffMs = DEFAULT_REQUEST_POLICY.minBackoffMs,
    maxBackoffMs = DEFAULT_REQUEST_POLICY.maxBackoffMs,
    retryBudgetMs = DEFAULT_REQUEST_POLICY.retryBudgetMs,
  } = options;
  const began = performance.now();
  return pRetry(
    async () => {
      const stalled = new AbortController();
      const timer = setTimeout(() => stalled.abort(), timeoutMs);
      const signal = options.signal ? AbortSignal.any([options.signal, stalled.signal]) : stalled.signal;
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers: options.headers,
          body: options.body(),
          signal,
        });
      } catch (cause) {
        if (options.signal?.aborted) throw new AbortError(cause as Error);
        if (!stalled.signal.aborted && refusedLocally(cause, options.url)) {
          // Nothing listens on this machine's port: a local model server that is not running.
          // Waiting does not start it, so this fails at once instead of backing off for minutes.
          throw new AbortError(
            new ProviderError({
              provider: options.provider,
              message: `request to ${options.url} failed: connection refused; is the server running and listening there?`,
              failsEveryRequest: true,
              cause,
            }),
          );
        }
        const reason = stalled.signal.aborted ? `no response within ${timeoutMs} ms` : networkReason(cause);
        throw new ProviderError({
          provider: options.provider,
          message: `request to ${options.url} failed: ${reason}`,
          isRetryable: true,
          // A server that cannot be reached (refused, unknown host) fails every request; one
          // that is slow to answer may answer the next.
          failsEveryRequest: !stalled.signal.aborted,
          cause,
        });
      } finally {
        clearTimeout(timer);
      }
      if (response.ok) return withIdleTimeout(response, stalled, timeoutMs, options);
      const retryable = isRetryableStatus(response.status);
      const error = new ProviderError({
        provider: options.provider,
        message: await errorText(response),
        statusCode: response.status,
        isRetryable: retryable,
      });
      if (!retryable) throw new AbortError(error);
      const wait = retryAfterMs(response.headers.get('retry-after'));
      if (wait !== undefined) Object.defineProperty(error, RETRY_AFTER, { value: wait });
      throw error;
    },
    {
      retries: maxRetries,
      minTimeout: minBackoffMs,
      maxTimeout: maxBackoffMs,
      factor: 2,
      randomize: true,
      maxRetryTime: retryBudgetMs,
      ...(options.signal ? { signal: options.signal } : {}),
      onFailedAttempt: async ({ error, retriesLeft }) => {
        onFailure(error);
        const wait = (error as { [RETRY_AFTER]?: number })[RETRY_AFTER];
        if (wait === undefined || retriesLeft <= 0) return;
        // Past the budget: give up now rather than sleep and then give up.
        if (performance.now() - began + wait > retryBudgetMs) throw error;
        await waitFor(wait, options.signal);
      },
    },
  );
}

/** The system error (`ECONNREFUSED`, `ENOTFOUND`, …) under a failed `fetch` ("fetch failed"). */
function systemError(cause: unknown): { code?: unknown; address?: unknown; message?: unknown } | undefined {
  const inner = (cause as { cause?: unknown } | undefined)?.cause;
  return typeof inner === 'object' && inner !== null ? inner : undefined;
}

/** What a failed `fetch` says: the system error's message ("connect ECONNREFUSED 10.0.0.5:443") when there is one. */
function networkReason(cause: unknown): string {
  const inner = systemError(cause)?.message;
  return typeof inner === 'string' && inner !== '' ? inner : (cause as Error).message;
}

/** Whether `host` (a URL's hostname, or an address a socket reports) is this machine's loopback. */
function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return (
    bare === 'localhost' ||
    bare.endsWith('.localhost') ||
    bare === '::1' ||
    /^127\.\d+\.\d+\.\d+$/.test(bare) ||
    /^::ffff:127\./.test(bare)
  );
}

/**
 * Whether a failed `fetch` was refused by this machine: `ECONNREFUSED` from a loopback address
 * (the URL's host or the address refused). A remote server refusing may be restarting behind its
 * address and is retried like other network errors.
 */
function refusedLocally(cause: unknown, url: string): boolean {
  const inner = systemError(cause);
  if (inner?.code !== 'ECONNREFUSED') return false;
  if (typeof inner.address === 'string' && isLoopback(inner.address)) return true;
  try {
    return isLoopback(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * The response with a body that fails with a {@link ProviderError} when no piece of it arrives
 * for `timeoutMs` (the request is aborted through `stalled`).
 */
function withIdleTimeout(
  response: Response,
  stalled: AbortController,
  timeoutMs: number,
  options: { provider: string; url: string },
): Response {
  if (!response.body) return response;
  const abort = () =>
    stalled.abort(
      new ProviderError({
        provider: options.provider,
        message: `the response from ${options.url} stalled: no data for ${timeoutMs} ms`,
        isRetryable: true,
      }),
    );
  let idle = setTimeout(abort, timeoutMs);
  idle.unref();
  const body = response.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        clearTimeout(idle);
        idle = setTimeout(abort, timeoutMs);
        idle.unref();
        controller.enqueue(chunk);
      },
      flush() {
        clearTimeout(idle);
      },
    }),
  );
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

/**
 * POSTs JSON through {@link postRequest}.
 * @throws {ProviderError} after the last attempt, or at once for other 4xx statuses.
 */
export function postJson(options: PostJsonOptions): Promise<Response> {
  const json = JSON.stringify(options.body);
  return postRequest({
    ...options,
    headers: { 'content-type': 'application/json', ...options.headers },
    body: () => json,
  });
}

/**
 * Reads an API key from the environment at call time.
 * @throws {ProviderError} naming the variable when it is unset and no key was given.
 */
export function loadApiKey(options: { apiKey?: string; envVar: string; provider: string }): string {
  const key = options.apiKey ?? process.env[options.envVar];
  if (!key) {
    throw new ProviderError({
      provider: options.provider,
      message: `no API key: set ${options.envVar} or pass apiKey`,
      failsEveryRequest: true,
    });
  }
  return key;
}

/**
 * Runs `connect` (an adapter's request builder, which reads the API key) without sending
 * anything, and turns a missing key into a {@link ConfigError} naming the variable: the check an
 * adapter's `checkReady` makes before a batch.
 * @throws {ConfigError} when no key is given or set.
 */
export function checkCredentials(connect: () => unknown): void {
  try {
    connect();
  } catch (error) {
    if (isCairnError(error) && error.code === 'PROVIDER_ERROR') {
      throw new ConfigError(error.message, { cause: error });
    }
    throw error;
  }
}
