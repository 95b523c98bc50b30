/**
 * Builds `tsquery` text from plain user text.
 * @module
 */
import { queryTerms } from '../../core/query-terms.js';

/**
 * The `to_tsquery` input for `text` (user text, or its `queryTerms`): each word token (see `queryTerms`) as a quoted lexeme, joined
 * with `|` (OR), so chunks matching more terms rank higher. No character of the user's text is read
 * as query syntax: tokens hold only letters, digits and combining marks, so they never contain a
 * quote, a backslash or an operator. The result is still bound as a parameter, never spliced into
 * SQL. Stop words (`the`, `or`) drop out inside PostgreSQL.
 * @returns The query text, or `undefined` when the text holds no word (empty or punctuation only).
 * @example `tsqueryText('NEAR(a b) -x')` → `'NEAR' | 'a' | 'b' | 'x'`
 */
export function tsqueryText(text: string | readonly string[]): string | undefined {
  const terms = typeof text === 'string' ? queryTerms(text) : text;
  if (terms.length === 0) return undefined;
  return terms.map((term) => `'${term}'`).join(' | ');
}
