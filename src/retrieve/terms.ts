/**
 * Query-term analysis used by the relevance floor and the extractive answerer:
 * Unicode word segmentation, lower-casing, English stop-word removal (the `stopword` package)
 * and Porter stemming (the `stemmer` package; Porter 1980).
 * @module
 */
import { stemmer } from 'stemmer';
import { eng } from 'stopword';

const stopWords = new Set<string>([
  ...eng,
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
]);
let words: Intl.Segmenter | undefined;

/** Lower-cased word tokens of `text`, in order (punctuation and spaces dropped). */
export function wordTokens(text: string): string[] {
  const out: string[] = [];
  words ??= new Intl.Segmenter('en', { granularity: 'word' });
  for (const segment of words.segment(text)) {
    if (segment.isWordLike) out.push(segment.segment.toLowerCase());
  }
  return out;
}

/**
 * The words of one word token: a possessive `'s` dropped (`apple's` → `apple`), dotted names
 * split (`amazon.com` → `amazon`, `com`; single letters of `u.s.` left out).
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
