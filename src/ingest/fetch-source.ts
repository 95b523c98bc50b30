/**
 * Reads the bytes of one ingest input: a file path, or an `http(s)://` URL whose response's
 * `Content-Type` becomes the source's declared media type (so routing follows it).
 * @module
 */
import { open, realpath } from 'node:fs/promises';
import { isCairnError, ParseError, SourceRefusedError } from '../core/errors.js';
import type { Source } from '../core/types.js';
import { DEFAULT_MAX_FILE_SIZE, isInside, linkOutsideReason, tooLargeReason } from './source-policy.js';

/** True when `input` is an http or https URL. */
export function isUrl(input: string): boolean {
  return /^https?:\/\//i.test(input);
}

/** Options of {@link fetchSource}. */
export interface FetchSourceOptions {
  /** Milliseconds before the request is abandoned; default 30,000. */
  timeoutMs?: number;
  /** Largest body accepted, in bytes; default 100 MiB (ingest passes its `maxFileSize`). */
  maxBytes?: number;
}

/**
 * Downloads a URL as a {@link Source} named by the URL. The body is read as a stream and the
 * download stops as soon as it passes `maxBytes`, whatever the server declared.
 * @throws {ParseError} for network failures and non-2xx statuses.
 * @throws {SourceRefusedError} for a body larger than `maxBytes`.
 */
export async function fetchSource(url: string, options: FetchSourceOptions = {}): Promise<Source> {
  const maxBytes = options.maxBytes ?? 100 * 1024 * 1024;
  const failed = (error: unknown) => {
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    const detail = cause?.code ?? cause?.message ?? (error as Error).message;
    return new ParseError(url, `fetch failed: ${detail}`, { cause: error });
  };
  let response: Response;
  try {
    response = await fetch(url, {
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      redirect: 'follow',
    });
  } catch (error) {
    throw failed(error);
  }
  if (!response.ok) throw new ParseError(url, `fetch failed: HTTP ${response.status} ${response.statusText}`);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new SourceRefusedError(url, tooLargeReason(declared, maxBytes));
  }
  const parts: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    const reader = response.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > maxBytes) {
          await reader.cancel().catch(() => undefined);
          throw new SourceRefusedError(url, tooLargeReason(size, maxBytes));
        }
        parts.push(value);
      }
    } catch (error) {
      if (isCairnError(error)) throw error;
      throw failed(error);
    }
  }
  const bytes = new Uint8Array(Buffer.concat(parts, size));
  const mediaType = response.headers.get('content-type') ?? undefined;
  return mediaType ? { name: url, bytes, mediaType } : { name: url, bytes };
}

/** Options of {@link readSourceFile}. */
export interface ReadSourceOptions {
  /** Largest file read, in bytes; larger ones are refused before reading. Default 256 MiB. */
  maxBytes?: number;
  /**
   * Real path of the folder the file must be inside: a file that has become a symbolic link
   * out of it since it was found is refused. Default none (any file).
   */
  within?: string;
}

/**
 * Reads a file as a {@link Source} named `name`: its size is checked on the open file before
 * anything is read, and the file is read through the same descriptor (so it cannot be swapped
 * in between).
 * @throws {SourceRefusedError} when the file is larger than `options.maxBytes`, or lies outside
 *   `options.within`.
 */
export async function readSourceFile(
  filePath: string,
  name: string,
  options: ReadSourceOptions = {},
): Promise<Source> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_FILE_SIZE;
  const real = await realpath(filePath);
  if (options.within !== undefined && !isInside(real, options.within)) {
    throw new SourceRefusedError(name, linkOutsideReason(real));
  }
  const handle = await open(real, 'r');
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) throw new SourceRefusedError(name, tooLargeReason(size, maxBytes));
    return { name, bytes: await handle.readFile() };
  } finally {
    await handle.close();
  }
}
