/**
 * Where a query's words occur in a hit's text, for marking them in snippets: the words whose
 * content term (lower-cased, stop words left out, Porter-stemmed, as the relevance floor and the
 * extractive answerer analyse text) is one of the query's. Words are runs of letters, digits and
 * combining marks, as lexical queries are split (`queryTerms`).
 * @module
 */
import { contentTerms } from '../../retrieve/terms.js';

const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;

/** Most ranges reported for one text. */
export const MAX_HIGHLIGHTS = 200;

/** `[start, end)` UTF-16 offsets of matched words in one text. */
export type Highlighter = (text: string) => Array<[number, number]>;

/**
 * A highlighter for `query`: given a text, the `[start, end)` UTF-16 offsets of the words matching
 * the query's content terms, in order, at most {@link MAX_HIGHLIGHTS}; none when the query has no
 * content terms. Each distinct word is analysed once per highlighter, so one serves all the hits
 * of a search cheaply.
 */
export function highlighter(query: string): Highlighter {
  const terms = new Set(contentTerms(query));
  const matches = new Map<string, boolean>();
  return (text) => {
    if (terms.size === 0) return [];
    const ranges: Array<[number, number]> = [];
    for (const match of text.matchAll(WORD)) {
      const word = match[0].toLowerCase();
      let matched = matches.get(word);
      if (matched === undefined) {
        const [term] = contentTerms(word);
        matched = term !== undefined && terms.has(term);
        matches.set(word, matched);
      }
      if (!matched) continue;
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
