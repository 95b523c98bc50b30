/**
 * The parse cache: parsed pages stored in a {@link Cache}, keyed by the source's content hash,
 * the parser's fingerprint (parser, version and settings) and the cache format version — never
 * by path, so a renamed or copied file hits, and a parser upgrade misses. A malformed entry is a
 * miss. Re-chunking (another chunk size) re-uses the cached parse.
 * @module
 */
import type { Cache } from '../core/ports.js';
import type { ParsedDocument } from '../core/types.js';

/** Bumped when the stored format changes; older entries then miss. */
export const PARSE_CACHE_VERSION = 1;

/** The key of a parse. */
export function parseCacheKey(contentHash: string, parserFingerprint: string): string {
  return `parse/v${PARSE_CACHE_VERSION}/${contentHash}/${parserFingerprint}`;
}

/** A cached parse, or `undefined` on a miss or a malformed entry. */
export async function readParse(cache: Cache, key: string): Promise<ParsedDocument | undefined> {
  const raw = await cache.get(key);
  if (raw === undefined) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<ParsedDocument>;
    const pagesOk =
      Array.isArray(value.pages) &&
      value.pages.length > 0 &&
      value.pages.every(
        (p) => typeof p?.markdown === 'string' && Number.isInteger(p.pageNumber) && p.pageNumber >= 1,
      );
    if (typeof value.mediaType !== 'string' || !pagesOk) return undefined;
    if (value.title !== undefined && typeof value.title !== 'string') return undefined;
    if (
      value.metadataDates !== undefined &&
      !(Array.isArray(value.metadataDates) && value.metadataDates.every((d) => typeof d === 'string'))
    ) {
      return undefined;
    }
    if (value.publishedDate !== undefined && typeof value.publishedDate !== 'string') return undefined;
    if (value.records !== undefined && !validRecords(value.records)) return undefined;
    if (value.recordIssues !== undefined && !Array.isArray(value.recordIssues)) return undefined;
    return value as ParsedDocument;
  } catch {
    return undefined;
  }
}

/** True when `records` has the shape of {@link ParsedDocument.records}. */
function validRecords(records: unknown): boolean {
  return (
    Array.isArray(records) &&
    records.every(
      (r) =>
        typeof r?.text === 'string' &&
        typeof r.metadata === 'object' &&
        r.metadata !== null &&
        Array.isArray(r.headingPath) &&
        Number.isInteger(r.lineStart) &&
        Number.isInteger(r.lineEnd),
    )
  );
}

/** Stores a parse (with the records and record issues of a structured source). */
export function writeParse(cache: Cache, key: string, parsed: ParsedDocument): Promise<void> {
  const { mediaType, title, metadataDates, publishedDate, pages, records, recordIssues } = parsed;
  return cache.set(
    key,
    JSON.stringify({
      mediaType,
      ...(title === undefined ? {} : { title }),
      ...(metadataDates === undefined ? {} : { metadataDates }),
      ...(publishedDate === undefined ? {} : { publishedDate }),
      pages,
      ...(records === undefined ? {} : { records }),
      ...(recordIssues === undefined ? {} : { recordIssues }),
    }),
  );
}
