/**
 * Options of the cairn HTTP server and their defaults.
 * @module
 */
import { InvalidArgumentError } from '../../core/errors.js';
import type { Engine } from '../../engine/engine.js';
import type { AccessLogEntry } from './access-log.js';
import type { ApiKey, ApiRole } from './api-keys.js';
import { DEFAULT_MAX_ORIGINAL_BYTES, OriginalFiles } from './original-files.js';

/** Default most bytes of a JSON body (and of an MCP message): 1 MiB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** Default most bytes of one upload (every file of it together): 64 MiB. */
export const DEFAULT_MAX_UPLOAD_BYTES = 64 * 1024 * 1024;
/** Default most files of one upload. */
export const DEFAULT_MAX_UPLOAD_FILES = 100;
/**
 * Default most uploads received at once per namespace, and most ingested at once; one more is
 * answered 429.
 */
export const DEFAULT_MAX_CONCURRENT_UPLOADS = 8;

/** Options of `createCairnServer`. */
export interface CairnServerOptions {
  /**
   * API keys: parsed entries, or `key:namespace:role` text as in `CAIRN_API_KEYS`. Required
   * unless `auth` is `false`: a server with no keys and authentication on refuses to be built.
   */
  keys?: readonly ApiKey[] | string;
  /**
   * `false`: no authentication — every request runs as `anonymous`. `serveCairn` then listens on
   * loopback addresses only. Default `true`.
   */
  auth?: boolean;
  /** Namespace and role of every request when `auth` is false; default the engine's namespace, `admin`. */
  anonymous?: { namespace?: string; role?: ApiRole };
  /**
   * Origins allowed to call the API from a browser (CORS), e.g. `['https://app.example.com']`, or
   * `['*']` for any. Default none: only the server's own pages (the explorer) can.
   */
  corsOrigins?: readonly string[];
  /** Most bytes of a JSON body or MCP message; default {@link DEFAULT_MAX_BODY_BYTES}. Larger: 413. */
  maxBodyBytes?: number;
  /** Most bytes of one multipart upload; default {@link DEFAULT_MAX_UPLOAD_BYTES}. Larger: 413. */
  maxUploadBytes?: number;
  /** Most files of one upload; default {@link DEFAULT_MAX_UPLOAD_FILES}. */
  maxUploadFiles?: number;
  /**
   * Most uploads whose bodies are being received at once per namespace (so one tenant's slow
   * clients hold only that tenant's slots), and most being ingested at once (a slot taken only
   * once the body has arrived); default {@link DEFAULT_MAX_CONCURRENT_UPLOADS}. More: 429.
   */
  maxConcurrentUploads?: number;
  /** Folder that uploads are streamed into (a temporary folder per upload); default the system's. */
  uploadDir?: string;
  /**
   * Folder that keeps the original file of every uploaded document (see `original-files.ts`), served
   * back to keys of its namespace at `GET …/documents/{documentId}/original` so the explorer can open
   * a citation in its PDF; default none (nothing is kept; the explorer shows the document's Markdown).
   */
  originalsDir?: string;
  /** Most bytes of one kept original; default {@link DEFAULT_MAX_ORIGINAL_BYTES}. Larger files are not kept. */
  maxOriginalBytes?: number;
  /**
   * Also serve, as a document's original, the file at its source name on this machine when its
   * SHA-256 still equals the document's content hash (documents ingested by `cairn ingest` from
   * files the server can read). Default false.
   */
  sourceFiles?: boolean;
  /** Receives one entry per request; default none. */
  accessLog?: (entry: AccessLogEntry) => void;
  /** Receives internal errors (with the request id) for the operator; default standard error. */
  onError?: (error: unknown, requestId: string) => void;
  /** Serve the web explorer at `/`; default true. */
  explorer?: boolean;
  /** Folder of the built explorer (`index.html`, `app.js`, …); default `explorer/` beside the server's module in `dist/`. */
  explorerDir?: string;
  /** Version reported by `/v1/health` and the OpenAPI document; default cairn's. */
  version?: string;
}

/** The engine the server runs on. */
export type ServerEngine = Engine;

/** Options with their defaults applied. */
export interface ResolvedServerOptions {
  maxBodyBytes: number;
  maxUploadBytes: number;
  maxUploadFiles: number;
  maxConcurrentUploads: number;
  uploadDir: string | undefined;
  /** Where uploaded originals are kept, when they are. */
  originals: OriginalFiles | undefined;
  sourceFiles: boolean;
  version: string;
}

/** cairn's version, as reported when no other is given. */
export const CAIRN_VERSION = '0.1.0';

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value <= 0)
    throw new InvalidArgumentError(name, `must be a positive integer, got ${value}`);
  return value;
}

/** {@link CairnServerOptions} with defaults. @throws {InvalidArgumentError} for a limit that is not a positive integer. */
export function resolveServerOptions(options: CairnServerOptions): ResolvedServerOptions {
  return {
    maxBodyBytes: positive('maxBodyBytes', options.maxBodyBytes, DEFAULT_MAX_BODY_BYTES),
    maxUploadBytes: positive('maxUploadBytes', options.maxUploadBytes, DEFAULT_MAX_UPLOAD_BYTES),
    maxUploadFiles: positive('maxUploadFiles', options.maxUploadFiles, DEFAULT_MAX_UPLOAD_FILES),
    maxConcurrentUploads: positive(
      'maxConcurrentUploads',
      options.maxConcurrentUploads,
      DEFAULT_MAX_CONCURRENT_UPLOADS,
    ),
    uploadDir: options.uploadDir,
    originals:
      options.originalsDir === undefined
        ? undefined
        : new OriginalFiles(
            options.originalsDir,
            positive('maxOriginalBytes', options.maxOriginalBytes, DEFAULT_MAX_ORIGINAL_BYTES),
          ),
    sourceFiles: options.sourceFiles ?? false,
    version: options.version ?? CAIRN_VERSION,
  };
}
