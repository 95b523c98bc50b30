/**
 * Builds FTS5 `MATCH` expressions from plain user text.
 * @module
 */
import { queryTerms } from '../query-terms.js';

/**
 * The FTS5 expression for `text`: each word token (see `queryTerms`) as a double-quoted FTS5
 * string, joined with `OR`, so BM25 ranks chunks that match more terms higher. No character of the
 * user's text is read as FTS5 syntax: tokens hold only letters, digits and combining marks, so they
 * never contain a quote, and operator words (`OR`, `NEAR`, `AND`) are quoted like any term.
 * @returns The expression, or `undefined` when the text holds no word (empty or punctuation only).
 * @example `ftsMatchExpression('NEAR(a b) -x')` → `"NEAR" OR "a" OR "b" OR "x"`
 */
export function ftsMatchExpression(text: string): string | undefined {
  const terms = queryTerms(text);
  if (terms.length === 0) return undefined;
  return terms.map((term) => `"${term}"`).join(' OR ');
}
