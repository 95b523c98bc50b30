/**
 * The memory store's full-text tokenisation, modelled on the SQLite store's FTS5 tokenizer
 * `porter unicode61 remove_diacritics 2` so that both backends find the same chunks for a query.
 *
 * A token is a run of Unicode letters, digits, private-use characters and combining marks that
 * starts with a letter, digit or private-use character. It is lower-cased, Latin letters lose the
 * combining diacritics (U+0300–U+036F) they carry, precomposed or not (`Café` → `cafe`), the
 * lower-case letters that Unicode case folding maps to another letter are folded as FTS5 folds
 * them (the micro sign to mu, so `5 µg` matches `5 μg`; final sigma; long s; Greek symbol
 * forms: {@link FOLDS}), and the result is Porter-stemmed (`running` → `run`) over its UTF-8 bytes unless it has fewer than 3 or
 * more than 64 of them, as in FTS5 (so `Straße` stems to `straß` there and here).
 *
 * Where this differs from FTS5: FTS5 splits words at combining marks outside U+0300–U+036F
 * (Devanagari vowel signs, Arabic harakat, Hebrew niqqud, Thai tone marks) and uses older Unicode
 * tables (letters added since are separators or not lower-cased there). Here such words stay whole,
 * exactly as `queryTerms` cuts them out of a query.
 * @module
 */
import { stemmer } from 'stemmer';
import { queryTerms } from '../../core/query-terms.js';

const TOKEN = /[\p{L}\p{N}\p{Co}][\p{L}\p{N}\p{M}\p{Co}]*/gu;
const LATIN_CLUSTER = /\p{Script=Latin}\p{M}*/gu;
const COMBINING_DIACRITICS = /[\u0300-\u036f]+/g;
const NON_ASCII = /[^\u0000-\u007f]/;
/**
 * Lower-case letters that Unicode's case folding (CaseFolding.txt, status C) maps to another
 * letter, which FTS5's `unicode61` folds and `toLowerCase` keeps: the micro sign (U+00B5, as
 * typed on many keyboards, against the Greek mu of most published text), the long s, the final
 * sigma, the Greek symbol forms of beta, theta, phi, pi, kappa, rho and epsilon, and the
 * prosgegrammeni. Found by comparing every letter and digit below U+20000 with FTS5's terms.
 */
const FOLDS: Readonly<Record<string, string>> = {
  '\u00b5': '\u03bc',
  '\u017f': 's',
  '\u03c2': '\u03c3',
  '\u03d0': '\u03b2',
  '\u03d1': '\u03b8',
  '\u03d5': '\u03c6',
  '\u03d6': '\u03c0',
  '\u03f0': '\u03ba',
  '\u03f1': '\u03c1',
  '\u03f5': '\u03b5',
  '\u1fbe': '\u03b9',
};
/** The letters {@link FOLDS} maps, for finding text indexed before they were folded. */
export const FOLDED_LETTERS: readonly string[] = Object.freeze(Object.keys(FOLDS));
const FOLDED = /[\u00b5\u017f\u03c2\u03d0\u03d1\u03d5\u03d6\u03f0\u03f1\u03f5\u1fbe]/g;
/** FTS5 passes tokens shorter or longer than these (in UTF-8 bytes) through the Porter stemmer unchanged. */
const MIN_STEMMED_BYTES = 3;
const MAX_STEMMED_BYTES = 64;
/**
 * FTS5 stems UTF-8 bytes, every byte above 0x7f counting as a consonant. To reproduce that, such a
 * byte `b` is handed to the stemmer as the character `BYTE_BASE + b`: a CJK ideograph, which is a
 * consonant to the stemmer, has no case, and is distinct per byte (Porter compares neighbours).
 */
const BYTE_BASE = 0x4e00;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Most tokens whose terms are remembered; the memo is emptied when it fills up. */
const MEMO_SIZE = 65_536;
const memo = new Map<string, string>();

/**
 * The index term of one token: lower-cased, Latin diacritics removed, Porter-stemmed. Terms of
 * recent tokens are remembered, since stemming dominates the cost of indexing.
 * @param token A word as {@link tokenize} or `queryTerms` returns it.
 */
export function indexTerm(token: string): string {
  let term = memo.get(token);
  if (term === undefined) {
    if (memo.size === MEMO_SIZE) memo.clear();
    term = computeTerm(token);
    memo.set(token, term);
  }
  return term;
}

function computeTerm(token: string): string {
  const term = token.toLowerCase();
  if (!NON_ASCII.test(term)) return term.length > MAX_STEMMED_BYTES ? term : stemmer(term);
  return stemUtf8(
    term
      .replace(LATIN_CLUSTER, (cluster) =>
        cluster.normalize('NFD').replace(COMBINING_DIACRITICS, '').normalize('NFC'),
      )
      .replace(FOLDED, (letter) => FOLDS[letter]!),
  );
}

/** Porter-stems a term's UTF-8 bytes, as FTS5 does (see {@link BYTE_BASE}). */
function stemUtf8(term: string): string {
  const bytes = encoder.encode(term);
  if (bytes.length < MIN_STEMMED_BYTES || bytes.length > MAX_STEMMED_BYTES) return term;
  let spelled = '';
  for (const byte of bytes) spelled += String.fromCharCode(byte < 0x80 ? byte : BYTE_BASE + byte);
  const stemmed = stemmer(spelled);
  const out = new Uint8Array(stemmed.length);
  for (let i = 0; i < stemmed.length; i++) {
    const code = stemmed.charCodeAt(i);
    out[i] = code >= BYTE_BASE ? code - BYTE_BASE : code;
  }
  return decoder.decode(out);
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
