/**
 * Builds FTS5 `MATCH` expressions from plain user text.
 * @module
 */
import { queryTerms } from '../../core/query-terms.js';

/**
 * The FTS5 expression for word tokens (see `queryTerms`): each as a double-quoted FTS5 string,
 * joined with `OR`, so BM25 ranks chunks that match more terms higher. No character of the user's
 * text is read as FTS5 syntax: tokens hold only letters, digits and combining marks, so they never
 * contain a quote, and operator words (`OR`, `NEAR`, `AND`) are quoted like any term.
 * @param terms The tokens, or user text to cut them from.
 * @returns The expression, or `undefined` when there is no word (empty or punctuation only).
 * @example `ftsMatchExpression('NEAR(a b) -x')` → `"NEAR" OR "a" OR "b" OR "x"`
 */
export function ftsMatchExpression(terms: string | readonly string[]): string | undefined {
  const words = typeof terms === 'string' ? queryTerms(terms) : terms;
  if (words.length === 0) return undefined;
  return words.map((term) => `"${term}"`).join(' OR ');
}
