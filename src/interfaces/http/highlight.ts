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

const NON_ASCII = /[^\x00-\x7f]/;

/** Whether the UTF-16 code unit `c` is an ASCII letter or digit (a word character in ASCII text). */
function isAsciiWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
}

/**
 * A highlighter for `query`: given a text, the `[start, end)` UTF-16 offsets of the words matching
 * the query's content terms, in order, at most {@link MAX_HIGHLIGHTS}; none when the query has no
 * content terms. Each distinct word is analysed once per process (up to 100,000 words), so
 * highlighting costs little more than finding the words.
 *
 * ASCII text (most of it) is scanned without a regular expression, and a word is analysed only
 * when its first letter is the first letter of one of the query's terms: a plain word's content
 * term is the word itself or its Porter stem, and Porter's rules only ever replace a suffix after
 * at least one letter, so the term starts with the word's first letter. Text with other
 * characters takes the general path, every word analysed.
 */
export function highlighter(query: string): Highlighter {
  const terms = new Set(contentTerms(query));
  // Lower-case ASCII first letters of the terms: the only ones a plain word can match with.
  const initials = new Uint8Array(128);
  for (const term of terms) {
    const c = term.charCodeAt(0);
    if (c < 128) initials[c] = 1;
  }
  const matches = (word: string) => {
    const term = termOf(word.toLowerCase());
    return term !== null && terms.has(term);
  };
  return (text) => {
    if (terms.size === 0) return [];
    const ranges: Array<[number, number]> = [];
    if (NON_ASCII.test(text)) {
      for (const match of text.matchAll(WORD)) {
        if (!matches(match[0])) continue;
        ranges.push([match.index, match.index + match[0].length]);
        if (ranges.length === MAX_HIGHLIGHTS) break;
      }
      return ranges;
    }
    const n = text.length;
    let i = 0;
    while (i < n) {
      if (!isAsciiWordChar(text.charCodeAt(i))) {
        i++;
        continue;
      }
      const start = i;
      while (i < n && isAsciiWordChar(text.charCodeAt(i))) i++;
      // `| 32` lower-cases an ASCII letter and leaves a digit as it is.
      if (initials[text.charCodeAt(start) | 32] === 1 && matches(text.slice(start, i))) {
        ranges.push([start, i]);
        if (ranges.length === MAX_HIGHLIGHTS) break;
      }
    }
    return ranges;
  };
}

/** {@link highlighter}`(query)(text)`. */
export function highlightRanges(query: string, text: string): Array<[number, number]> {
  return highlighter(query)(text);
}
