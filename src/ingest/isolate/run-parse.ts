/**
 * Parsing one source under its limits: in a worker process when the format and settings allow
 * (see {@link describeParse}), else in this process with the deadline alone.
 * @module
 */
import { ParseLimitError } from '../../core/errors.js';
import type { Parser } from '../../core/ports.js';
import type { ParsedDocument, Source } from '../../core/types.js';
import type { ParseSourceOptions, SourceFormat } from '../route.js';
import { type ParseLimits, timeLimitReason } from './parse-limits.js';
import type { ParsePool } from './parse-pool.js';
import { describeParse } from './parse-settings.js';

/** What {@link runParse} needs. */
export interface RunParseOptions {
  source: Source;
  format: SourceFormat;
  /** The parser resolved for the source (used when it is parsed in this process). */
  parser: Parser;
  parseOptions: ParseSourceOptions;
  limits: Required<ParseLimits>;
  /** Worker processes; without a pool (or with `limits.isolate` false) parsing runs here. */
  pool?: ParsePool;
}

/** `work`, or a {@link ParseLimitError} once `timeoutMs` pass first. */
async function withDeadline<T>(work: Promise<T>, timeoutMs: number, sourceName: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ParseLimitError(sourceName, 'time', timeLimitReason(timeoutMs))),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
    work.catch(() => undefined);
  }
}

/**
 * Parses `options.source`. PDF, DOCX, PPTX, HTML, images and audio go to a worker process of
 * `options.pool`, killed at the deadline or the memory cap; text, Markdown and formats with a
 * parser of the caller's own are parsed here, where only the deadline holds (between awaits).
 * @throws {ParseLimitError} when a limit is passed; otherwise the parser's own errors.
 */
export function runParse(options: RunParseOptions): Promise<ParsedDocument> {
  const { source, limits, pool } = options;
  if (pool !== undefined && limits.isolate) {
    const described = describeParse(options.format, options.parseOptions);
    if (described !== undefined) return pool.parse({ source, ...described, limits });
  }
  return withDeadline(options.parser.parse(source), limits.timeoutMs, source.name);
}
