/**
 * Query-term analysis used by the relevance floor and the extractive answerer:
 * Unicode word segmentation, lower-casing, English stop-word removal (the `stopword` package's
 * list, copied in `english-stop-words.ts`) and Porter stemming (the `stemmer` package; Porter 1980).
 * @module
 */
import { stemmer } from 'stemmer';
import { ENGLISH_STOP_WORDS } from './english-stop-words.js';

const stopWords = new Set<string>([
  ...ENGLISH_STOP_WORDS,
  'why',
  'when',
  'whom',
  'whose',
  'also',
  'can',
  'could',
  'did',
  'does',
  'done',
  'may',
  'might',
  'must',
  'shall',
  'should',
  'tell',
  'would',
  // indefinite pronouns for a person, which name no topic: "suitable for someone with a milk
  // allergy", "can anyone join?"
  'someone',
  'anyone',
  'everyone',
  'somebody',
  'anybody',
  'everybody',
  'nobody',
  // and for a thing or a place: "I need somewhere to keep my motorhome" (round140), "is there
  // anything I should bring?"
  'something',
  'anything',
  'everything',
  'somewhere',
  'anywhere',
  'everywhere',
]);
/**
 * Pronouns the stop-word list leaves in: possessive ("its", "ours") and reflexive ("itself")
 * forms. They say whose or which, never what a question is about.
 */
const PRONOUNS = new Set([
  'its',
  'yours',
  'mine',
  'ours',
  'theirs',
  'hers',
  'itself',
  'themselves',
  'ourselves',
  'herself',
  'yourself',
  'myself',
]);

/** Whether a lower-cased word is a pronoun the stop-word list leaves in (see {@link PRONOUNS}). */
export function isPronoun(word: string): boolean {
  return PRONOUNS.has(word);
}

let pronounTerms: Set<string> | undefined;
/** Whether a content term (stemmed, see {@link contentTerms}) is a pronoun's ("its" → `it`, see {@link PRONOUNS}). */
export function isPronounTerm(term: string): boolean {
  pronounTerms ??= new Set([...PRONOUNS].map((word) => stemmer(word)));
  return pronounTerms.has(term);
}

/**
 * An English contraction ("don't", "I'm", "we've", "won't"): the stop-word list holds none, so each
 * is a content term, which a passage writes only by chance.
 */
const CONTRACTION = /^\p{L}+(?:n['’]t|['’](?:m|re|ve|ll|d))$/u;

/** Whether a term (or word) is an English contraction (see {@link CONTRACTION}). */
export function isContraction(term: string): boolean {
  return CONTRACTION.test(term);
}

/** Whether a lower-cased word is an English stop word (the list {@link contentTerms} drops). */
export function isStopWord(word: string): boolean {
  return stopWords.has(word);
}

let words: Intl.Segmenter | undefined;

/**
 * Word segments of ASCII text exactly as `Intl.Segmenter` (ICU's word rules, Unicode UAX #29)
 * reports them word-like: runs of letters, digits and `_`, joined across one `.`, `'` or `:`
 * between two letters (WB6–7) and one `.`, `'`, `,` or `;` between two digits (WB11–12). A lone
 * `_` is not word-like in ICU; longer runs of `_` are. Checked against the segmenter by
 * `terms.test.ts` over random ASCII text. Making the segmenter and its first segmentation loads
 * ICU's break data (60–130 ms of CPU), more than a search of a small database takes.
 */
const ASCII_WORD =
  /[A-Za-z0-9_]+(?:(?:(?<=[A-Za-z])[.':](?=[A-Za-z])|(?<=[0-9])[.',;](?=[0-9]))[A-Za-z0-9_]+)*/g;
const NON_ASCII = /[^\x00-\x7f]/;

/** Lower-cased word tokens of `text`, in order (punctuation and spaces dropped). */
export function wordTokens(text: string): string[] {
  if (!NON_ASCII.test(text)) {
    const out: string[] = [];
    for (const [token] of text.matchAll(ASCII_WORD)) if (token !== '_') out.push(token.toLowerCase());
    return out;
  }
  const out: string[] = [];
  words ??= new Intl.Segmenter('en', { granularity: 'word' });
  for (const segment of words.segment(text)) {
    if (segment.isWordLike) out.push(segment.segment.toLowerCase());
  }
  return out;
}

/**
 * The words of one word token: a possessive `'s` dropped (`contoso's` → `contoso`), dotted names
 * split (`contoso.com` → `contoso`, `com`; single letters of `u.s.` left out).
 */
function tokenWords(token: string): string[] {
  const word = token.replace(/['’]s$/, '');
  if (!word.includes('.')) return [word];
  return word.split('.').filter((part) => part.length > 1);
}

/**
 * Stemmed content terms of `text`: word tokens (possessives dropped, dotted names split) without
 * stop words, Porter-stemmed, in order.
 */
export function contentTerms(text: string): string[] {
  return wordTokens(text)
    .filter((w) => !stopWords.has(w))
    .flatMap(tokenWords)
    .filter((w) => w !== '' && !stopWords.has(w))
    .map((w) => (/^[a-z]+$/.test(w) ? stemmer(w) : w));
}

/**
 * The content terms of a passage as a reader reads it (see {@link contentTerms}), with the words of
 * a field key written with underscores apart ("kick_off" of a CSV's header reads "kick" and "off";
 * `contentTerms` keeps the key whole, as the lexical index does). For the answer's reading of
 * retrieved text, not for the index.
 */
export function readTerms(text: string): string[] {
  return contentTerms(text.replace(/(?<=[\p{L}\p{N}])_(?=[\p{L}\p{N}])/gu, ' '));
}

const PLAIN_WORD = /^[a-z0-9]+$/;

/**
 * The content term of one already lower-cased word, as {@link contentTerms} gives it for that word
 * alone (`undefined` for a stop word): ASCII letters and digits skip word segmentation, which costs
 * far more than the stemming; any other word takes the full analysis.
 */
export function wordTerm(word: string): string | undefined {
  if (!PLAIN_WORD.test(word)) return contentTerms(word)[0];
  if (stopWords.has(word)) return undefined;
  return /^[a-z]+$/.test(word) ? stemmer(word) : word;
}
