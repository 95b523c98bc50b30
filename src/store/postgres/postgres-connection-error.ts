/**
 * Connection failures of a PostgreSQL server in use: the server shut down or restarted, the
 * connection broke, no connection could be had. They are told apart from failures of a statement
 * (a constraint, a syntax error), because trying again later can help and nothing of the
 * transaction was stored.
 * @module
 */
import { isCairnError, StoreRequestError } from '../../core/errors.js';

/** Node system errors of a socket that could not connect or broke. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs of a server going away or refusing work for now (PostgreSQL, Appendix A): class 08
 * (connection exception), 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now
 * (starting up or shutting down), 53300 too many connections.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * True when `error` says the connection or the server failed rather than the statement: a socket
 * error, a SQLSTATE of {@link SERVER_CODES} or class 08, or one of the `pg` driver's own messages
 * for a connection that ended or could not be had in time.
 */
export function isConnectionFailure(error: unknown): boolean {
  if (isCairnError(error) || typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08')))
    return true;
  return (
    typeof message === 'string' &&
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable/i.test(
      message,
    )
  );
}

/**
 * The typed, retryable error for a transaction that a connection failure ended: a
 * {@link StoreRequestError} (code `PROVIDER_ERROR`, engine `postgres`, `isRetryable` true) whose
 * one-line message says what happened (the driver's reason and SQLSTATE) and what to do. The
 * transaction was rolled back by the server or never began (or, when the connection broke while
 * it committed, it may have committed whole): a transaction is never left half-applied.
 * @param error What the driver threw.
 * @param operation `write` or `read`.
 */
export function connectionFailureError(error: unknown, operation: 'write' | 'read'): StoreRequestError {
  const { code, message } = error as { code?: unknown; message?: unknown };
  const reason = `${typeof message === 'string' ? message.replace(/\s+/g, ' ').trim() : String(error)}${
    typeof code === 'string' ? ` (${code})` : ''
  }`;
  const todo =
    operation === 'write'
      ? 'the transaction was rolled back (or, had it reached its commit, stored whole), so nothing is half-written; run the same command again once the server is up to complete it'
      : 'it changed nothing; run the same command again once the server is up';
  return new StoreRequestError({
    engine: 'postgres',
    operation,
    message: `lost the connection to the PostgreSQL server: ${reason}; ${todo}`,
    isRetryable: true,
    cause: error,
  });
}
