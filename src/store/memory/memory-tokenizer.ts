/**
 * The memory store's full-text tokenisation, modelled on the SQLite store's FTS5 tokenizer
 * `porter unicode61 remove_diacritics 2` so that both backends find the same chunks for a query.
 *
 * A token is a run of Unicode letters, digits, private-use characters and combining marks that
 * starts with a letter, digit or private-use character. It is lower-cased, Latin letters lose the
 * combining diacritics (U+0300–U+036F) they carry, precomposed or not (`Café` → `cafe`), and the
 * result is Porter-stemmed (`running` → `run`) unless it is longer than 64 UTF-8 bytes, as in FTS5.
 *
 * Where this differs from FTS5: FTS5 splits words at combining marks outside U+0300–U+036F
 * (Devanagari vowel signs, Arabic harakat, Hebrew niqqud, Thai tone marks) and uses older Unicode
 * tables (letters added since are separators or not lower-cased there). Here such words stay whole,
 * exactly as `queryTerms` cuts them out of a query.
 * @module
 */
import { stemmer } from 'stemmer';
import { queryTerms } from '../query-terms.js';

const TOKEN = /[\p{L}\p{N}\p{Co}][\p{L}\p{N}\p{M}\p{Co}]*/gu;
const LATIN_CLUSTER = /\p{Script=Latin}\p{M}*/gu;
const COMBINING_DIACRITICS = /[\u0300-\u036f]+/g;
const NON_ASCII = /[^\u0000-\u007f]/;
/** FTS5 passes tokens longer than this (in UTF-8 bytes) through the Porter stemmer unchanged. */
const MAX_STEMMED_BYTES = 64;

/**
 * The index term of one token: lower-cased, Latin diacritics removed, Porter-stemmed.
 * @param token A word as {@link tokenize} or `queryTerms` returns it.
 */
export function indexTerm(token: string): string {
  let term = token.toLowerCase();
  if (NON_ASCII.test(term)) {
    term = term.replace(LATIN_CLUSTER, (cluster) =>
      cluster.normalize('NFD').replace(COMBINING_DIACRITICS, '').normalize('NFC'),
    );
    if (Buffer.byteLength(term, 'utf8') > MAX_STEMMED_BYTES) return term;
  } else if (term.length > MAX_STEMMED_BYTES) return term;
  return stemmer(term);
}

/** The index terms of `text`, in order, repeats kept (their count is the text's BM25 length). */
export function tokenize(text: string): string[] {
  const terms: string[] = [];
  for (const [token] of text.matchAll(TOKEN)) terms.push(indexTerm(token));
  return terms;
}

/**
 * The index terms of a user query: each distinct word of `queryTerms` (at most 64), mapped with
 * {@link indexTerm}. Words that stem alike (`runs running`) stay separate entries, as the SQLite
 * store's `"runs" OR "running"` makes them separate FTS5 phrases that each add to the score.
 * @returns Empty for text without words.
 */
export function queryIndexTerms(query: string): string[] {
  return queryTerms(query).map(indexTerm);
}
