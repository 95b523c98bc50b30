/**
 * Which stored documents a question's `sources` name.
 * @module
 */
import { globMatcher } from '../ingest/collect-sources.js';

/**
 * The documentIds (paths relative to the ingested folder, `/`-separated) that `sources` name, in
 * `documentIds` order. A source names a document when it equals its documentId or its base name,
 * or matches it as a glob (picomatch; a glob without `/` matches the base name at any depth), so
 * a file name with glob characters in it (`report (1).pdf`) still names itself.
 */
export function matchSources(sources: readonly string[], documentIds: readonly string[]): string[] {
  const glob = globMatcher([...sources]);
  const exact = new Set(sources);
  return documentIds.filter((id) => exact.has(id) || exact.has(id.split('/').at(-1)!) || glob(id));
}
