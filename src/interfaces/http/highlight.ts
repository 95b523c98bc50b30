/**
 * Where a query's words occur in a hit's text, for marking them in snippets: the words whose
 * content term (lower-cased, stop words left out, Porter-stemmed, as the relevance floor and the
 * extractive answerer analyse text) is one of the query's.
 * @module
 */
import { contentTerms } from '../../retrieve/terms.js';

const words = new Intl.Segmenter('en', { granularity: 'word' });

/** Most ranges reported for one text. */
export const MAX_HIGHLIGHTS = 200;

/**
 * `[start, end)` UTF-16 offsets into `text` of the words matching `query`'s content terms, in
 * order, at most {@link MAX_HIGHLIGHTS}. Empty when the query has no content terms.
 */
export function highlightRanges(query: string, text: string): Array<[number, number]> {
  const terms = new Set(contentTerms(query));
  if (terms.size === 0) return [];
  const ranges: Array<[number, number]> = [];
  for (const segment of words.segment(text)) {
    if (!segment.isWordLike) continue;
    const [term] = contentTerms(segment.segment);
    if (term !== undefined && terms.has(term)) {
      ranges.push([segment.index, segment.index + segment.segment.length]);
      if (ranges.length === MAX_HIGHLIGHTS) break;
    }
  }
  return ranges;
}
