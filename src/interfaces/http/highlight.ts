/**
 * Where a query's words occur in a hit's text, for marking them in snippets: the words whose
 * content term (lower-cased, stop words left out, Porter-stemmed, as the relevance floor and the
 * extractive answerer analyse text) is one of the query's. Words are runs of letters, digits and
 * combining marks, as lexical queries are split (`queryTerms`).
 * @module
 */
import { contentTerms, wordTerm } from '../../retrieve/terms.js';

const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;

/** Most ranges reported for one text. */
export const MAX_HIGHLIGHTS = 200;

/** Most words whose content term {@link termOf} keeps; the cache starts over past it. */
const TERM_CACHE_SIZE = 100_000;
const termCache = new Map<string, string | null>();

/**
 * The content term of a lower-cased word, cached across requests: the words of a collection's
 * hits repeat from search to search, and stemming them again is most of a highlight's cost.
 */
function termOf(word: string): string | null {
  let term = termCache.get(word);
  if (term === undefined) {
    if (termCache.size >= TERM_CACHE_SIZE) termCache.clear();
    term = wordTerm(word) ?? null;
    termCache.set(word, term);
  }
  return term;
}

/** `[start, end)` UTF-16 offsets of matched words in one text. */
export type Highlighter = (text: string) => Array<[number, number]>;

/**
 * A highlighter for `query`: given a text, the `[start, end)` UTF-16 offsets of the words matching
 * the query's content terms, in order, at most {@link MAX_HIGHLIGHTS}; none when the query has no
 * content terms. Each distinct word is analysed once per process (up to 100,000 words), so
 * highlighting costs little more than finding the words.
 */
export function highlighter(query: string): Highlighter {
  const terms = new Set(contentTerms(query));
  return (text) => {
    if (terms.size === 0) return [];
    const ranges: Array<[number, number]> = [];
    for (const match of text.matchAll(WORD)) {
      const word = match[0].toLowerCase();
      const term = termOf(word);
      if (term === null || !terms.has(term)) continue;
      ranges.push([match.index, match.index + match[0].length]);
      if (ranges.length === MAX_HIGHLIGHTS) break;
    }
    return ranges;
  };
}

/** {@link highlighter}`(query)(text)`. */
export function highlightRanges(query: string, text: string): Array<[number, number]> {
  return highlighter(query)(text);
}
