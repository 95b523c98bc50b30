/**
 * The messages between the engine and a parsing process, and errors as they cross: a cairn error
 * arrives as the same kind of error (code, message and fields), anything else as a
 * {@link ParseError} naming the source.
 * @module
 */
import {
  CairnError,
  type CairnErrorCode,
  EmptyDocumentError,
  isCairnError,
  ParseError,
  ParseLimitError,
  ProviderError,
  UnsupportedFormatError,
} from '../../core/errors.js';
import type { ParsedDocument } from '../../core/types.js';
import type { WorkerParseSettings } from './parse-settings.js';

/**
 * What a parsing process's watchdog writes to stderr before it kills the process for passing its
 * memory cap, followed by the resident set in bytes.
 */
export const MEMORY_MARKER = 'cairn-parse-memory-cap rss=';

/** An error as sent between processes (structured-clone safe). */
export interface WireError {
  name: string;
  message: string;
  code?: CairnErrorCode;
  source?: string;
  detail?: string;
  kind?: 'empty' | 'illegible';
  format?: string;
  limit?: 'time' | 'memory' | 'size';
  provider?: string;
  statusCode?: number;
  isRetryable?: boolean;
}

/** What a bridged call asks the engine's own object to do. */
export type BridgeTarget = 'ocr' | 'vision' | 'transcribe';

/** Engine → parsing process. */
export type ToChild =
  | {
      type: 'parse';
      job: number;
      settings: WorkerParseSettings;
      source: { name: string; bytes: Uint8Array; mediaType?: string };
    }
  | { type: 'return'; call: number; value: unknown }
  | { type: 'throw'; call: number; error: WireError };

/** Parsing process → engine. `rss` is the process's resident set after the job, in bytes. */
export type FromChild =
  | { type: 'ready' }
  | { type: 'done'; job: number; parsed: ParsedDocument; rss: number }
  | { type: 'failed'; job: number; error: WireError; rss: number }
  | { type: 'call'; job: number; call: number; target: BridgeTarget; args: unknown }
  | { type: 'pause'; job: number }
  | { type: 'resume'; job: number };

/** `error` as a {@link WireError}. */
export function toWire(error: unknown): WireError {
  if (!(error instanceof Error) && !isCairnError(error)) return { name: 'Error', message: String(error) };
  const { message } = error as Error;
  // Own fields of the error classes (source, detail, kind, format, limit, provider…).
  const fields: Record<string, unknown> = { ...error };
  const wire: WireError = { name: (error as Error).name, message };
  if (isCairnError(error)) wire.code = error.code;
  const text = (key: string) => (typeof fields[key] === 'string' ? (fields[key] as string) : undefined);
  wire.source = text('source');
  wire.detail = text('detail');
  wire.format = text('format');
  wire.provider = text('provider');
  const kind = text('kind');
  if (kind === 'empty' || kind === 'illegible') wire.kind = kind;
  const limit = text('limit');
  if (limit === 'time' || limit === 'memory' || limit === 'size') wire.limit = limit;
  if (typeof fields.statusCode === 'number') wire.statusCode = fields.statusCode;
  if (typeof fields.isRetryable === 'boolean') wire.isRetryable = fields.isRetryable;
  return wire;
}

/** `message` without the `source: ` prefix the error classes put before their reason. */
function reasonOf(wire: WireError, source: string): string {
  const prefix = `${source}: `;
  return wire.message.startsWith(prefix) ? wire.message.slice(prefix.length) : wire.message;
}

/**
 * The error a {@link WireError} describes, rebuilt: the same cairn error class where the fields
 * allow (empty, unsupported, parse, limit and provider errors), a {@link CairnError} with the same
 * code otherwise, and a {@link ParseError} for `sourceName` for anything that was no cairn error.
 */
export function fromWire(wire: WireError, sourceName: string): Error {
  const source = wire.source ?? sourceName;
  switch (wire.code) {
    case 'EMPTY_DOCUMENT':
      return new EmptyDocumentError(source, wire.detail, wire.kind ?? 'empty');
    case 'UNSUPPORTED_FORMAT':
      return new UnsupportedFormatError(source, wire.format ?? 'unknown');
    case 'PARSE_FAILED':
      return wire.limit
        ? new ParseLimitError(source, wire.limit, reasonOf(wire, source))
        : new ParseError(source, reasonOf(wire, source));
    case 'PROVIDER_ERROR': {
      const error = new ProviderError({
        provider: wire.provider ?? 'provider',
        message: '',
        statusCode: wire.statusCode,
        isRetryable: wire.isRetryable,
      });
      error.message = wire.message;
      return error;
    }
    case undefined:
      return new ParseError(sourceName, reasonOf(wire, sourceName));
    default: {
      const error = new CairnError(wire.code, wire.message);
      error.name = wire.name;
      return error;
    }
  }
}
