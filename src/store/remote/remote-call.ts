/**
 * One request to a remote store engine, with a timeout, retries with exponential backoff on
 * transient failures (connection errors, timeouts, HTTP 408, 429 and 5xx), and a
 * {@link StoreRequestError} naming the engine, the operation and the status when it gives up.
 * @module
 */
import pRetry, { AbortError } from 'p-retry';
import { isCairnError, StoreRequestError } from '../../core/errors.js';

/** How remote calls retry and time out. */
export interface RemoteCallPolicy {
  /** Retries after the first attempt of a transient failure; default 3. */
  retries: number;
  /** Milliseconds one attempt may take; default 30 000. */
  timeoutMs: number;
  /** Delay before the first retry in milliseconds (doubled each time, with jitter); default 200. */
  minBackoffMs: number;
}

/** Defaults of {@link RemoteCallPolicy}. */
export const DEFAULT_REMOTE_CALL_POLICY: RemoteCallPolicy = Object.freeze({
  retries: 3,
  timeoutMs: 30_000,
  minBackoffMs: 200,
});

/** What an engine adapter says about a failure: its HTTP status, when known, and a readable message. */
export interface FailureReading {
  statusCode?: number;
  message: string;
  /** True for connection failures (refused, reset, DNS), which are retried. */
  connection?: boolean;
}

/** Whether a failure with this reading may succeed when tried again. */
export function isTransient(reading: FailureReading): boolean {
  if (reading.connection) return true;
  const status = reading.statusCode;
  return status === 408 || status === 429 || (status !== undefined && status >= 500);
}

/**
 * Runs `request` under `policy`.
 * @param engine Engine name for messages, e.g. `qdrant`.
 * @param operation What the request does, e.g. `upsert points`.
 * @param read Reads an engine failure (status, message).
 * @throws {StoreRequestError} when the request fails for good.
 */
export async function callEngine<T>(
  engine: string,
  operation: string,
  request: (signal: AbortSignal) => Promise<T>,
  read: (error: unknown) => FailureReading,
  policy: RemoteCallPolicy = DEFAULT_REMOTE_CALL_POLICY,
): Promise<T> {
  return pRetry(
    async () => {
      const controller = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, policy.timeoutMs);
      try {
        return await Promise.race([
          request(controller.signal),
          new Promise<never>((_, reject) =>
            controller.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
          ),
        ]);
      } catch (error) {
        if (isCairnError(error)) throw new AbortError(error);
        const reading: FailureReading = timedOut
          ? { message: `no answer within ${policy.timeoutMs} ms`, statusCode: 408 }
          : read(error);
        const failure = new StoreRequestError({
          engine,
          operation,
          message: reading.message,
          statusCode: reading.statusCode,
          isRetryable: isTransient(reading),
          cause: error,
        });
        if (!failure.isRetryable) throw new AbortError(failure);
        throw failure;
      } finally {
        clearTimeout(timer);
      }
    },
    { retries: policy.retries, minTimeout: policy.minBackoffMs, factor: 2, randomize: true },
  );
}
