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
    return value as ParsedDocument;
  } catch {
    return undefined;
  }
}

/** Stores a parse. */
export function writeParse(cache: Cache, key: string, parsed: ParsedDocument): Promise<void> {
  const { mediaType, title, pages } = parsed;
  return cache.set(
    key,
    JSON.stringify(title === undefined ? { mediaType, pages } : { mediaType, title, pages }),
  );
}
