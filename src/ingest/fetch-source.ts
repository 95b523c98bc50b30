/**
 * Reads the bytes of one ingest input: a file path, or an `http(s)://` URL whose response's
 * `Content-Type` becomes the source's declared media type (so routing follows it).
 * @module
 */
import { readFile } from 'node:fs/promises';
import { ParseError } from '../core/errors.js';
import type { Source } from '../core/types.js';

/** True when `input` is an http or https URL. */
export function isUrl(input: string): boolean {
  return /^https?:\/\//i.test(input);
}

/** Options of {@link fetchSource}. */
export interface FetchSourceOptions {
  /** Milliseconds before the request is abandoned; default 30,000. */
  timeoutMs?: number;
  /** Largest body accepted, in bytes; default 100 MiB. */
  maxBytes?: number;
}

/**
 * Downloads a URL as a {@link Source} named by the URL.
 * @throws {ParseError} for network failures, non-2xx statuses and oversized bodies.
 */
export async function fetchSource(url: string, options: FetchSourceOptions = {}): Promise<Source> {
  const maxBytes = options.maxBytes ?? 100 * 1024 * 1024;
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      redirect: 'follow',
    });
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    const detail = cause?.code ?? cause?.message ?? (error as Error).message;
    throw new ParseError(url, `fetch failed: ${detail}`, { cause: error });
  }
  if (!response.ok) throw new ParseError(url, `fetch failed: HTTP ${response.status} ${response.statusText}`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes)
    throw new ParseError(url, `body of ${declared} bytes exceeds the ${maxBytes}-byte limit`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength > maxBytes) {
    throw new ParseError(url, `body of ${bytes.byteLength} bytes exceeds the ${maxBytes}-byte limit`);
  }
  const mediaType = response.headers.get('content-type') ?? undefined;
  return mediaType ? { name: url, bytes, mediaType } : { name: url, bytes };
}

/** Reads a file as a {@link Source} named `name`. */
export async function readSourceFile(filePath: string, name: string): Promise<Source> {
  return { name, bytes: await readFile(filePath) };
}
