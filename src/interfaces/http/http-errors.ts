/**
 * Every failure as `{ error: { code, message } }` with the HTTP status of the core's error table
 * (`errorStatus`). Hono's own exceptions (malformed JSON, a wrong content type, a body over the
 * limit) get the code of their status; anything else is an internal error whose details go to the
 * server's log, not to the client.
 * @module
 */
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorStatus } from '../../core/error-codes.js';
import { type CollectionNotFoundError, isCairnError, type PayloadTooLargeError } from '../../core/errors.js';

/** An error as the API reports it. */
export interface ErrorReport {
  status: ContentfulStatusCode;
  body: { error: { code: string; message: string; limit?: { name: string; bytes: number } } };
}

/** Codes of statuses Hono answers by itself. */
const STATUS_CODES: Readonly<Record<number, string>> = Object.freeze({
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'UNAVAILABLE',
});

function report(status: number, code: string, message: string): ErrorReport {
  return { status: status as ContentfulStatusCode, body: { error: { code, message } } };
}

/** A cairn error's message for an HTTP client: a missing collection names the routes that make one. */
function httpMessage(error: Error & { code: string }): string {
  if (error.code === 'COLLECTION_NOT_FOUND' && 'withHint' in error && typeof error.withHint === 'function') {
    const { collection } = error as CollectionNotFoundError;
    return error.withHint(
      `create it with POST /v1/collections, or upload documents with POST /v1/collections/${encodeURIComponent(collection)}/documents`,
    );
  }
  return error.message;
}

/**
 * The report of anything thrown while handling a request. `requestId` goes into the message of an
 * internal error, so a client can quote it and the operator find the log line.
 */
export function errorReport(error: unknown, requestId?: string): ErrorReport {
  if (isCairnError(error) && error.code === 'PAYLOAD_TOO_LARGE') {
    const { limit, setting } = error as PayloadTooLargeError;
    const answer = report(413, error.code, error.message);
    if (typeof limit === 'number')
      answer.body.error.limit = { name: setting ?? 'maxBodyBytes', bytes: limit };
    return answer;
  }
  if (isCairnError(error)) return report(errorStatus(error).httpStatus, error.code, httpMessage(error));
  if (error instanceof HTTPException) {
    const status = error.status;
    const message =
      status === 400 && /json/i.test(error.message)
        ? 'the body is not valid JSON'
        : error.message || `HTTP ${status}`;
    return report(status, STATUS_CODES[status] ?? `HTTP_${status}`, message);
  }
  const ref = requestId ? ` (request id ${requestId})` : '';
  return report(500, 'INTERNAL_ERROR', `internal error${ref}; the server's log has the details`);
}

/** Answers `c` with the report of `error`. */
export function errorResponse(c: Context, error: unknown): Response {
  const { status, body } = errorReport(error, c.get('requestId') as string | undefined);
  if (status === 401) c.header('WWW-Authenticate', 'Bearer realm="cairn"');
  return c.json(body, status);
}

/** A 404 for a path that no route serves. */
export function routeNotFound(c: Context): Response {
  return c.json(
    { error: { code: 'NOT_FOUND', message: `no route for ${c.req.method} ${new URL(c.req.url).pathname}` } },
    404,
  );
}

/** An `INVALID_ARGUMENT` message from zod issues: `where.path: message` for each, joined by `; `. */
export function validationMessage(
  where: string,
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): string {
  return issues
    .slice(0, 10)
    .map((issue) => {
      const path = issue.path.map(String).join('.');
      return `${where}${path ? `.${path}` : ''}: ${issue.message}`;
    })
    .join('; ');
}
