/**
 * An inverted index with Okapi BM25 ranking (Robertson & Zaragoza, "The Probabilistic Relevance
 * Framework: BM25 and Beyond", 2009), computed the way FTS5's `bm25()` computes it.
 * @module
 */
import { tokenize } from './memory-tokenizer.js';

/** Term-frequency saturation; FTS5's value. */
export const BM25_K1 = 1.2;
/** Length normalisation; FTS5's value. */
export const BM25_B = 0.75;
/** FTS5 replaces an IDF of zero or less (a term in half the rows or more) with this. */
export const MIN_IDF = 1e-6;

/** The indexed form of one chunk: how often each term occurs, and how many terms it has in all. */
export interface TermVector {
  frequencies: ReadonlyMap<string, number>;
  length: number;
}

/**
 * The term vector of a chunk: its text and its heading path (the headings joined by newlines, as
 * FTS5's second column) indexed together, so a term in both counts in both.
 */
export function termVector(text: string, headingPath: readonly string[]): TermVector {
  const terms = tokenize(headingPath.length === 0 ? text : `${text}\n${headingPath.join('\n')}`);
  const frequencies = new Map<string, number>();
  for (const term of terms) frequencies.set(term, (frequencies.get(term) ?? 0) + 1);
  return { frequencies, length: terms.length };
}

interface Entry {
  terms: string[];
  length: number;
}

/**
 * Postings (term → chunk id → frequency) plus each chunk's length, kept in step with writes.
 * Statistics (row count, average length, document frequencies) cover every chunk in the index.
 */
export class Bm25Index {
  readonly #postings = new Map<string, Map<string, number>>();
  readonly #entries = new Map<string, Entry>();
  #totalLength = 0;

  /** Chunks indexed. */
  get size(): number {
    return this.#entries.size;
  }

  /** Indexes a chunk, replacing what was indexed under `id` before. */
  set(id: string, vector: TermVector): void {
    this.delete(id);
    for (const [term, frequency] of vector.frequencies) {
      let postings = this.#postings.get(term);
      if (postings === undefined) {
        postings = new Map();
        this.#postings.set(term, postings);
      }
      postings.set(id, frequency);
    }
    this.#entries.set(id, { terms: [...vector.frequencies.keys()], length: vector.length });
    this.#totalLength += vector.length;
  }

  /** Removes a chunk. @returns false when it was not indexed. */
  delete(id: string): boolean {
    const entry = this.#entries.get(id);
    if (entry === undefined) return false;
    for (const term of entry.terms) {
      const postings = this.#postings.get(term)!;
      postings.delete(id);
      if (postings.size === 0) this.#postings.delete(term);
    }
    this.#entries.delete(id);
    this.#totalLength -= entry.length;
    return true;
  }

  /**
   * BM25 scores of the chunks holding at least one of `terms`: for each term `t` (repeats count
   * again, like repeated FTS5 phrases), `idf(t) · f·(k1 + 1) / (f + k1·(1 − b + b·|D|/avgdl))`,
   * where `idf(t) = ln((N − n(t) + 0.5) / (n(t) + 0.5))`, at least {@link MIN_IDF}. Higher is
   * better; this is FTS5's `-bm25()`.
   * @param terms Index terms, e.g. from `queryIndexTerms`.
   * @returns Score by chunk id; chunks matching no term are absent.
   */
  score(terms: readonly string[]): Map<string, number> {
    const scores = new Map<string, number>();
    const rows = this.#entries.size;
    if (rows === 0) return scores;
    const averageLength = this.#totalLength / rows;
    for (const term of terms) {
      const postings = this.#postings.get(term);
      if (postings === undefined) continue;
      let idf = Math.log((rows - postings.size + 0.5) / (postings.size + 0.5));
      if (idf <= 0) idf = MIN_IDF;
      for (const [id, frequency] of postings) {
        const length = this.#entries.get(id)!.length;
        const weight =
          idf *
          ((frequency * (BM25_K1 + 1)) /
            (frequency + BM25_K1 * (1 - BM25_B + (BM25_B * length) / averageLength)));
        scores.set(id, (scores.get(id) ?? 0) + weight);
      }
    }
    return scores;
  }
}
