/**
 * The limits one file's parse runs under: a deadline and a memory cap, enforced by parsing in a
 * separate process that is killed when it passes either (see {@link ParsePool}).
 * @module
 */
import { InvalidArgumentError } from '../../core/errors.js';

/** Limits on parsing one file. `undefined` fields take their defaults. */
export interface ParseLimits {
  /**
   * Longest one file's parse may take, in milliseconds. Past it the parsing process is killed and
   * the file fails with "parse exceeded 60 s". Time spent waiting for OCR of an image, a vision
   * model or a speech-to-text model is not counted (each bounds its own calls; a long recording or
   * a long scan is not a runaway parse). Default 60 000.
   */
  timeoutMs?: number;
  /**
   * Memory cap of the process parsing a file, in MB (its resident set, and its JavaScript heap):
   * the process is killed when its resident set reaches 90 % of the cap (it can grow by tens of
   * MB between two readings, 20 ms apart) and the file fails with "parse exceeded the 1024 MB
   * memory cap". Default 1024.
   */
  memoryMb?: number;
  /**
   * Parse PDF, DOCX, PPTX, HTML, images and audio in worker processes, where the limits are
   * enforced (default true). `false` parses in this process: the deadline then holds only between
   * awaits (a synchronous loop, such as a decompression bomb, is not stopped) and memory is not
   * capped. Text and Markdown are always parsed in this process: their parsing is linear.
   */
  isolate?: boolean;
}

/** Default {@link ParseLimits.timeoutMs}: 60 s. */
export const DEFAULT_PARSE_TIMEOUT_MS = 60_000;
/** Default {@link ParseLimits.memoryMb}: 1024 MB. */
export const DEFAULT_PARSE_MEMORY_MB = 1024;
/** Least memory cap accepted: a parsing process needs about 100 MB to start. */
export const MIN_PARSE_MEMORY_MB = 128;

/**
 * `limits` with its defaults filled in (later layers win: `resolveParseLimits(engine, call)`).
 * @throws {InvalidArgumentError} naming `parseLimits.timeoutMs` or `parseLimits.memoryMb` when
 *   one is not a positive number (the memory cap at least {@link MIN_PARSE_MEMORY_MB}).
 */
export function resolveParseLimits(...layers: Array<ParseLimits | undefined>): Required<ParseLimits> {
  const merged: ParseLimits = {};
  for (const layer of layers) {
    for (const key of ['timeoutMs', 'memoryMb', 'isolate'] as const) {
      if (layer?.[key] !== undefined) (merged as Record<string, unknown>)[key] = layer[key];
    }
  }
  const limits = {
    timeoutMs: merged.timeoutMs ?? DEFAULT_PARSE_TIMEOUT_MS,
    memoryMb: merged.memoryMb ?? DEFAULT_PARSE_MEMORY_MB,
    isolate: merged.isolate ?? true,
  };
  if (!(Number.isFinite(limits.timeoutMs) && limits.timeoutMs > 0)) {
    throw new InvalidArgumentError(
      'parseLimits.timeoutMs',
      `must be a positive number of milliseconds, got ${limits.timeoutMs}`,
    );
  }
  if (!(Number.isFinite(limits.memoryMb) && limits.memoryMb >= MIN_PARSE_MEMORY_MB)) {
    throw new InvalidArgumentError(
      'parseLimits.memoryMb',
      `must be a number of MB, at least ${MIN_PARSE_MEMORY_MB}, got ${limits.memoryMb}`,
    );
  }
  return limits;
}

/** `60000` → `60 s`, `1500` → `1.5 s`. */
function seconds(ms: number): string {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

/** The reason of a file whose parse ran past `timeoutMs`. */
export function timeLimitReason(timeoutMs: number): string {
  return `parse exceeded ${seconds(timeoutMs)}; raise --parse-timeout (parseLimits.timeoutMs) if the file is just large`;
}

/** The reason of a file whose parse ran past `memoryMb`. */
export function memoryLimitReason(memoryMb: number): string {
  return `parse exceeded the ${memoryMb} MB memory cap; raise --parse-memory (parseLimits.memoryMb) if the file is just large`;
}
