/**
 * Typed errors. Every error cairn throws on purpose is a {@link CairnError} with a stable
 * {@link CairnError.code} that the CLI, HTTP server and agent tools map to exit codes and
 * responses. Detect them with {@link isCairnError} (a `Symbol.for` marker), not `instanceof`,
 * so two installed copies of cairn still recognise each other's errors.
 * @module
 */

const marker = Symbol.for('cairn.error');

/** Stable machine-readable error codes. */
export type CairnErrorCode =
  | 'INVALID_ARGUMENT'
  | 'INVALID_FILTER'
  | 'DIMENSION_MISMATCH'
  | 'COLLECTION_NOT_FOUND'
  | 'COLLECTION_CONFLICT'
  | 'SCHEMA_ERROR'
  | 'EMPTY_DOCUMENT'
  | 'UNSUPPORTED_FORMAT'
  | 'PARSE_FAILED'
  | 'MALFORMED_RECORD'
  | 'PROVIDER_ERROR'
  | 'CONFIG_ERROR'
  | 'NOT_FOUND'
  | 'STORE_CLOSED'
  | 'OCR_FAILED'
  | 'SOURCE_REFUSED'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'TOO_MANY_REQUESTS';

/** Base class of every error cairn throws deliberately. */
export class CairnError extends Error {
  readonly [marker] = true;
  readonly code: CairnErrorCode;

  constructor(code: CairnErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** True when `value` is a {@link CairnError} from any copy of cairn. */
export function isCairnError(value: unknown): value is CairnError {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[marker] === true;
}

/** An option or argument is out of range or malformed; the message names it. */
export class InvalidArgumentError extends CairnError {
  readonly argument: string;
  constructor(argument: string, message: string) {
    super('INVALID_ARGUMENT', `${argument}: ${message}`);
    this.argument = argument;
  }
}

/** A metadata filter uses an unknown operator or has the wrong shape; `path` locates the part. */
export class InvalidFilterError extends CairnError {
  readonly path: string;
  constructor(path: string, message: string) {
    super('INVALID_FILTER', `invalid filter at ${path || '<root>'}: ${message}`);
    this.path = path;
  }
}

/**
 * A valid filter needs an operation the store's engine cannot evaluate (declared in its
 * `capabilities.unsupportedFilters`). Code `INVALID_FILTER`: the filter is fine, but not for this store.
 */
export class UnsupportedFilterError extends InvalidFilterError {
  /** The operation, as named in `StoreCapabilities.unsupportedFilters` (e.g. `$gte:string`). */
  readonly operation: string;
  /** Backend name, e.g. `chroma`. */
  readonly backend: string;
  constructor(options: { path: string; operation: string; backend: string; hint: string }) {
    super(
      options.path,
      `the ${options.backend} store cannot filter with ${options.operation}; ${options.hint}`,
    );
    this.operation = options.operation;
    this.backend = options.backend;
  }
}

/** A vector's length differs from the collection's pinned dimension. Nothing was written. */
export class DimensionMismatchError extends CairnError {
  readonly expected: number;
  readonly actual: number;
  constructor(collection: string, expected: number, actual: number, what = 'embedding') {
    super(
      'DIMENSION_MISMATCH',
      `collection "${collection}" holds ${expected}-dimensional embeddings but the ${what} has ${actual} dimensions; ` +
        "use the collection's own model or create a new collection",
    );
    this.expected = expected;
    this.actual = actual;
  }

  /**
   * An embedding model returned vectors of another length than it is configured for: names the
   * model, the configured dimension, what it returned and the setting to change.
   * @param model The model, e.g. `openai:text-embedding-3-small`.
   * @param where Which vector, e.g. `text 3`.
   */
  static fromEmbedder(
    model: string,
    configured: number,
    returned: number,
    where: string,
  ): DimensionMismatchError {
    const error = new DimensionMismatchError(model, configured, returned);
    error.message =
      `embedder ${model} is configured for ${configured} dimensions but returned ${returned} for ${where}; ` +
      `set its dimension to ${returned} (--embedding-dimension, CAIRN_EMBEDDING_DIMENSION) or use the model it was configured for`;
    return error;
  }
}

/** The named collection does not exist (and provisioning was not asked for). */
export class CollectionNotFoundError extends CairnError {
  readonly collection: string;
  constructor(collection: string, hint = 'create it first, or ingest into it') {
    super('COLLECTION_NOT_FOUND', `collection "${collection}" does not exist; ${hint}`);
    this.collection = collection;
  }

  /**
   * The message with `hint` (what to do, in the caller's terms: the CLI's commands or the HTTP
   * routes) in place of the library's.
   */
  withHint(hint: string): string {
    return `collection "${this.collection}" does not exist; ${hint}`;
  }
}

/** A collection exists with a different model or dimension than the one asked for. */
export class CollectionConflictError extends CairnError {
  readonly collection: string;
  constructor(collection: string, message: string) {
    super('COLLECTION_CONFLICT', `collection "${collection}": ${message}`);
    this.collection = collection;
  }
}

/** The database schema is missing, too old (with provisioning off) or newer than this library. */
export class SchemaError extends CairnError {
  constructor(message: string) {
    super('SCHEMA_ERROR', message);
  }
}

/**
 * A source decoded to no text (empty or whitespace only). Reported as `skipped (empty)`, or
 * `skipped (illegible: …)` when its only text was in images that OCR could not read.
 */
export class EmptyDocumentError extends CairnError {
  readonly source: string;
  /** Why no text was found, when more can be said than "empty" (e.g. images too small to read). */
  readonly detail: string | undefined;
  /** `illegible` when there was text to see (scans, pictures) but none could be read. */
  readonly kind: 'empty' | 'illegible';
  constructor(source: string, detail?: string, kind: 'empty' | 'illegible' = 'empty') {
    super('EMPTY_DOCUMENT', `${source}: no text (${detail ?? 'empty or whitespace only'})`);
    this.source = source;
    this.detail = detail;
    this.kind = kind;
  }
}

/** No parser handles the source's format. Reported as `skipped (unsupported format: …)`. */
export class UnsupportedFormatError extends CairnError {
  readonly source: string;
  readonly format: string;
  constructor(source: string, format: string) {
    super('UNSUPPORTED_FORMAT', `${source}: unsupported format: ${format}`);
    this.source = source;
    this.format = format;
  }
}

/**
 * A source was refused before it was read, by a setting: larger than the size limit, or a
 * symbolic link leading out of the folder being ingested. Reported as `skipped` with the reason,
 * which names the setting that would admit it.
 */
export class SourceRefusedError extends CairnError {
  readonly source: string;
  readonly reason: string;
  constructor(source: string, reason: string) {
    super('SOURCE_REFUSED', `${source}: ${reason}`);
    this.source = source;
    this.reason = reason;
  }
}

/** A parser could not read the source (corrupt, encrypted, truncated). */
export class ParseError extends CairnError {
  readonly source: string;
  constructor(source: string, reason: string, options?: { cause?: unknown }) {
    super('PARSE_FAILED', `${source}: ${reason}`, options);
    this.source = source;
  }
}

/**
 * A record of a structured source (CSV row, JSON object, JSONL line) is malformed. The record is
 * left out and the rest of the file goes in; `line` locates it.
 */
export class MalformedRecordError extends CairnError {
  readonly source: string;
  /** 1-based line where the record starts. */
  readonly line: number;
  /** What is wrong, without the source and line. */
  readonly reason: string;
  constructor(source: string, line: number, reason: string) {
    super('MALFORMED_RECORD', `${source}: line ${line}: ${reason}`);
    this.source = source;
    this.line = line;
    this.reason = reason;
  }
}

/**
 * Parsing one source ran past a limit and was stopped: its time (`limit: 'time'`), the memory
 * cap of the process parsing it (`limit: 'memory'`), or the bytes an archive may inflate to
 * (`limit: 'size'`, a zip bomb). The message names the limit and the setting.
 */
export class ParseLimitError extends ParseError {
  readonly limit: 'time' | 'memory' | 'size';
  constructor(source: string, limit: 'time' | 'memory' | 'size', reason: string) {
    super(source, reason);
    this.limit = limit;
  }
}

/**
 * A remote model provider failed. `isRetryable` says whether trying again can help;
 * `failsEveryRequest` that the failure is the model's, not the request's (no API key, a key
 * refused with HTTP 401 or 403, a server or model that cannot be reached or loaded), so that every
 * other request would fail alike: an ingest then stops with this error, said once, instead of
 * failing each document with it.
 */
export class ProviderError extends CairnError {
  readonly provider: string;
  readonly statusCode: number | undefined;
  readonly isRetryable: boolean;
  readonly failsEveryRequest: boolean;
  constructor(options: {
    provider: string;
    message: string;
    statusCode?: number;
    isRetryable?: boolean;
    /** Default true for HTTP 401 and 403, else false. */
    failsEveryRequest?: boolean;
    cause?: unknown;
  }) {
    const status = options.statusCode === undefined ? '' : ` (HTTP ${options.statusCode})`;
    const retry = options.isRetryable ? '; retrying may help' : '';
    super('PROVIDER_ERROR', `${options.provider}${status}: ${options.message}${retry}`, {
      cause: options.cause,
    });
    this.provider = options.provider;
    this.statusCode = options.statusCode;
    this.isRetryable = options.isRetryable ?? false;
    this.failsEveryRequest =
      options.failsEveryRequest ?? (options.statusCode === 401 || options.statusCode === 403);
  }
}

/** Configuration is missing or contradictory; the message names the option or variable. */
export class ConfigError extends CairnError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('CONFIG_ERROR', message, options);
  }
}

/**
 * An optional package a feature needs is not installed (model runtimes, database drivers, OCR,
 * audio decoders are optional peer dependencies). The message names the package and the command
 * that installs it.
 */
export class MissingDependencyError extends ConfigError {
  /** The npm package to install, e.g. `@huggingface/transformers`. */
  readonly packageName: string;
  constructor(packageName: string, feature: string, options?: { cause?: unknown }) {
    super(`${feature} needs the optional package ${packageName}: run npm install ${packageName}`, options);
    this.packageName = packageName;
  }
}

/** A document or chunk asked for by id does not exist. */
export class NotFoundError extends CairnError {
  constructor(message: string) {
    super('NOT_FOUND', message);
  }
}

/** OCR of an image failed: the engine could not start, the image could not be read, or it timed out. */
export class OcrError extends CairnError {
  /** True when the image took longer than the engine's time limit. */
  readonly timedOut: boolean;
  constructor(message: string, options?: { cause?: unknown; timedOut?: boolean }) {
    super('OCR_FAILED', message, options);
    this.timedOut = options?.timedOut ?? false;
  }
}

/**
 * A request to a remote store engine (Chroma, Qdrant, OpenSearch) failed after its retries, or
 * answered something cairn cannot read. Code `PROVIDER_ERROR`; names the engine, the operation
 * and the HTTP status.
 */
export class StoreRequestError extends ProviderError {
  /** What cairn was doing, e.g. `upsert points`. */
  readonly operation: string;
  constructor(options: {
    engine: string;
    operation: string;
    message: string;
    statusCode?: number;
    isRetryable?: boolean;
    cause?: unknown;
  }) {
    super({
      provider: options.engine,
      message: `${options.operation} failed: ${options.message}`,
      statusCode: options.statusCode,
      isRetryable: options.isRetryable,
      cause: options.cause,
    });
    this.operation = options.operation;
  }
}

/** A store (or an engine) was used after `close()`. Open a new one. */
export class StoreClosedError extends CairnError {
  /** Backend name, e.g. `sqlite`. */
  readonly backend: string;
  constructor(backend: string) {
    super('STORE_CLOSED', `the ${backend} store is closed; open a new one`);
    this.backend = backend;
  }
}

/** A request to a cairn server carried no API key, or one the server does not know. */
export class UnauthorizedError extends CairnError {
  constructor(message = 'an API key is required: send Authorization: Bearer KEY') {
    super('UNAUTHORIZED', message);
  }
}

/** A request's API key is valid but its role does not allow the operation. */
export class ForbiddenError extends CairnError {
  /** The role the operation needs, e.g. `write`. */
  readonly required: string;
  constructor(required: string, message: string) {
    super('FORBIDDEN', message);
    this.required = required;
  }
}

/** A request body is larger than the server accepts; the message names the limit. */
export class PayloadTooLargeError extends CairnError {
  /** The limit that was exceeded, in bytes. */
  readonly limit: number;
  /** The setting that holds the limit (e.g. `maxBodyBytes`), when there is one; the message names it. */
  readonly setting: string | undefined;
  constructor(limit: number, what = 'request body', setting?: string) {
    super(
      'PAYLOAD_TOO_LARGE',
      `${what} is larger than the limit of ${limit} bytes${setting ? ` (${setting})` : ''}`,
    );
    this.limit = limit;
    this.setting = setting;
  }
}

/** A request body's `Content-Type` is not one the operation accepts; the message names those it does. */
export class UnsupportedMediaTypeError extends CairnError {
  constructor(received: string | undefined, accepted: readonly string[]) {
    super(
      'UNSUPPORTED_MEDIA_TYPE',
      `Content-Type ${received ? `"${received}"` : '(none)'} is not accepted here; send ${accepted.join(' or ')}`,
    );
  }
}

/** The server is at a limit on concurrent work of this kind; try again later. */
export class TooManyRequestsError extends CairnError {
  constructor(message: string) {
    super('TOO_MANY_REQUESTS', message);
  }
}
