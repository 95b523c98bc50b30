/**
 * Turns user text into search terms without ever interpreting it as query syntax.
 * @module
 */

/** Most terms taken from one query; the rest are ignored. */
export const MAX_QUERY_TERMS = 64;

const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;

/**
 * The distinct word tokens of `text`: runs of Unicode letters, digits and combining marks that
 * start with a letter or digit. Everything else (quotes, `-`, `*`, `:`, parentheses, punctuation)
 * separates words. Duplicates (ignoring case) are dropped, first occurrence kept, and at most
 * {@link MAX_QUERY_TERMS} terms are returned. Operator words such as `OR` or `NEAR` come back as
 * ordinary terms; each backend quotes them as literals.
 * @returns The terms in order of appearance; empty for empty or punctuation-only text.
 */
export function queryTerms(text: string): string[] {
  const terms: string[] = [];
  const seen = new Set<string>();
  for (const [term] of text.matchAll(WORD)) {
    const key = term.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    terms.push(term);
    if (terms.length === MAX_QUERY_TERMS) break;
  }
  return terms;
}
