/**
 * The name terms of a document's first page: the words it writes capitalised (a registrant, a
 * title in title case, a place), read once when the document is ingested and kept with its record
 * (`DocumentRecord.nameTerms`), so that naming a document by its first page costs no text read at
 * query time. One definition for the ingest pipeline, the stores' upgrade of older records and
 * the engine's fallback for records that lack them.
 * @module
 */
import { contentTerms, isPronounTerm } from './terms.js';

/**
 * Chunks read from the start of a document for its first page: its first eight chunks that lie on
 * page 1, enough for a filing's cover page (its issuer sits in the third or fourth chunk, after
 * the regulator's heading and the form's name) or a protocol's title page.
 */
export const OPENING_CHUNKS = 8;

/** A chunk as {@link firstPageText} reads it. */
export interface OpeningChunk {
  /** 0-based position in its document. */
  ordinal: number;
  /** First 1-based page it spans. */
  pageStart: number;
  text: string;
}

/**
 * The text of a document's first page: its chunks of ordinal below {@link OPENING_CHUNKS} that
 * start on page 1 (or before: 0 where a parser gives no pages), in order, joined by newlines.
 * Chunks past the first eight are ignored, so callers may pass every chunk of a document.
 */
export function firstPageText(chunks: Iterable<OpeningChunk>): string {
  return [...chunks]
    .filter((chunk) => chunk.ordinal < OPENING_CHUNKS && chunk.pageStart <= 1)
    .sort((a, b) => a.ordinal - b.ordinal)
    .map((chunk) => chunk.text)
    .join('\n');
}

/**
 * The name terms of a first page (or a title too long to be a name): the content terms (stemmed,
 * stop words dropped, see `contentTerms`) of the words it writes capitalised, other than single
 * characters and numbers other than years, distinct, in order of first appearance.
 */
export function openingTerms(text: string): string[] {
  return [...new Set(capitalizedTerms(text).filter(isIdentityTerm))];
}

/**
 * Whether a content term can be part of a document's identity: two characters or more, not a
 * number other than a year (`10` of `10-Q`, the day of a date and id numbers name nothing), and
 * not a pronoun's (the "its" of "Route 7 back on its normal route" names no document: see
 * `isPronounTerm`).
 */
export function isIdentityTerm(term: string): boolean {
  return term.length >= 2 && (!/^\d+$/.test(term) || /^(?:19|20)\d\d$/.test(term)) && !isPronounTerm(term);
}

/**
 * The content terms of the words `text` writes capitalised (`Globex`, `INITECH.COM`, `Quarterly` in a
 * title-case title): names and titles, not the running text a first page may go on with ("legal
 * proceedings were disclosed").
 */
function capitalizedTerms(text: string): string[] {
  return text
    .split(NAME_SEPARATORS)
    .filter((token) => STARTS_CAPITALIZED.test(token))
    .flatMap((token) => contentTerms(token));
}

/** What separates the words of a first page for {@link capitalizedTerms}: spaces and punctuation around names. */
const NAME_SEPARATORS = /[\s|()[\]{}"“”:;,/]+/u;
/** A token whose first letter or digit is an upper-case letter (compiled once: it runs on every word of every first page). */
const STARTS_CAPITALIZED = /^[^\p{L}\p{N}]*\p{Lu}/u;
