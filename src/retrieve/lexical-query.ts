/**
 * The text a lexical (BM25) search is given for a user's query: its words without English stop
 * words ("which", "are", "from", "the"), as Lucene's English analyzer and Pyserini's BM25 drop
 * them. BM25 weighs a word by how few chunks hold it, and in a small collection (three protocols,
 * 46 chunks) a function word such as "which" is rarer than the topic words, so a long chunk full of
 * "which … from … are" outranked the passage that answers the question. A query made only of stop
 * words ("to be or not to be") is searched as it is.
 * @module
 */
import { queryTerms } from '../core/query-terms.js';
import { isStopWord } from './terms.js';

/**
 * `query`'s word tokens (see `queryTerms`) without stop words, joined by spaces; `query` unchanged
 * when every word is a stop word.
 */
export function lexicalQueryText(query: string): string {
  const terms = queryTerms(query);
  const content = terms.filter((term) => !isStopWord(term.toLowerCase()));
  return content.length === 0 || content.length === terms.length ? query : content.join(' ');
}
