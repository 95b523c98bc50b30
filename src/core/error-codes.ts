/**
 * One table from error code to what each interface reports: the CLI's exit status and the HTTP
 * status a server answers with. Every interface maps a {@link CairnError} through it; anything
 * that is not a cairn error is an internal failure (exit 1, HTTP 500).
 * @module
 */
import { type CairnErrorCode, isCairnError } from './errors.js';

/** How one error code is reported. */
export interface ErrorStatus {
  /** CLI exit status: 2 for bad usage or configuration (fix the command), 1 for a failed run. */
  exitCode: 1 | 2;
  /** HTTP status code. */
  httpStatus: number;
}

/**
 * Exit and HTTP status of every {@link CairnErrorCode}. HTTP statuses follow RFC 9110: 400 for
 * malformed input, 404 for what does not exist, 409 for a conflict with stored state, 415 for an
 * unsupported media type, 422 for content that cannot be processed, 502 for a failing upstream
 * model provider, 503 for a closed store, 500 for server-side configuration and schema problems;
 * 401, 403, 413 and 429 for a request without a known API key, one whose role does not allow the
 * operation, one with too large a body, and one over a concurrency limit (RFC 9110 §15.5, RFC 6585 §4).
 */
export const ERROR_STATUS: Readonly<Record<CairnErrorCode, ErrorStatus>> = Object.freeze({
  INVALID_ARGUMENT: { exitCode: 2, httpStatus: 400 },
  INVALID_FILTER: { exitCode: 2, httpStatus: 400 },
  CONFIG_ERROR: { exitCode: 2, httpStatus: 500 },
  DIMENSION_MISMATCH: { exitCode: 1, httpStatus: 409 },
  COLLECTION_NOT_FOUND: { exitCode: 1, httpStatus: 404 },
  COLLECTION_CONFLICT: { exitCode: 1, httpStatus: 409 },
  SCHEMA_ERROR: { exitCode: 1, httpStatus: 500 },
  EMPTY_DOCUMENT: { exitCode: 1, httpStatus: 422 },
  UNSUPPORTED_FORMAT: { exitCode: 1, httpStatus: 415 },
  PARSE_FAILED: { exitCode: 1, httpStatus: 422 },
  MALFORMED_RECORD: { exitCode: 1, httpStatus: 422 },
  OCR_FAILED: { exitCode: 1, httpStatus: 422 },
  SOURCE_REFUSED: { exitCode: 1, httpStatus: 422 },
  PROVIDER_ERROR: { exitCode: 1, httpStatus: 502 },
  NOT_FOUND: { exitCode: 1, httpStatus: 404 },
  STORE_CLOSED: { exitCode: 1, httpStatus: 503 },
  UNAUTHORIZED: { exitCode: 2, httpStatus: 401 },
  FORBIDDEN: { exitCode: 2, httpStatus: 403 },
  PAYLOAD_TOO_LARGE: { exitCode: 2, httpStatus: 413 },
  UNSUPPORTED_MEDIA_TYPE: { exitCode: 2, httpStatus: 415 },
  TOO_MANY_REQUESTS: { exitCode: 1, httpStatus: 429 },
});

/** What an error that is not a cairn error is reported as. */
export const INTERNAL_ERROR_STATUS: ErrorStatus = Object.freeze({ exitCode: 1, httpStatus: 500 });

/**
 * The status of anything thrown: the table's row for a cairn error (detected by marker, so an
 * error from another copy of cairn counts), {@link INTERNAL_ERROR_STATUS} otherwise.
 */
export function errorStatus(error: unknown): ErrorStatus {
  if (!isCairnError(error)) return INTERNAL_ERROR_STATUS;
  return ERROR_STATUS[error.code] ?? INTERNAL_ERROR_STATUS;
}
