/**
 * An inverted index with Okapi BM25 ranking (Robertson & Zaragoza, "The Probabilistic Relevance
 * Framework: BM25 and Beyond", 2009), computed the way FTS5's `bm25()` computes it.
 * @module
 */
import { DEFAULT_LEXICAL_WEIGHTS, type LexicalFieldWeights } from '../collection/lexical-weights.js';
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
 * BM25 weight of a term occurrence in the heading path relative to one in the text (the
 * default of every BM25 backend, {@link DEFAULT_LEXICAL_WEIGHTS}).
 */
export const HEADING_WEIGHT = DEFAULT_LEXICAL_WEIGHTS.headings;

/** The fields of a chunk that lexical search reads, beyond its text. */
export interface LexicalExtras {
  /** The document's title and source name. */
  document?: string;
  /** The chunk's contextualizer text. */
  context?: string;
}

/**
 * The term vector of a chunk: its text, its heading path (the headings joined by newlines, as
 * FTS5's second column), its document field and its context field. As FTS5's `bm25()` does with
 * column weights, an occurrence in a field adds that field's weight to the term's frequency,
 * while the length counts every token once.
 */
export function termVector(
  text: string,
  headingPath: readonly string[],
  extras: LexicalExtras = {},
  weights: LexicalFieldWeights = DEFAULT_LEXICAL_WEIGHTS,
): TermVector {
  const fields: Array<[string, number]> = [
    [text, weights.content],
    [headingPath.join('\n'), weights.headings],
    [extras.document ?? '', weights.document],
    [extras.context ?? '', weights.context],
  ];
  const frequencies = new Map<string, number>();
  let length = 0;
  for (const [value, weight] of fields) {
    if (value === '') continue;
    const tokens = tokenize(value);
    length += tokens.length;
    for (const term of tokens) frequencies.set(term, (frequencies.get(term) ?? 0) + weight);
  }
  return { frequencies, length };
}

/** One indexed chunk. `slot` is never reused, so a stale posting can never point at a newer chunk. */
interface Entry {
  id: string;
  slot: number;
  terms: string[];
  length: number;
}

/**
 * One term's postings, stale (deleted) slots included: parallel typed arrays, filled up to `count`,
 * which keep millions of postings compact and out of the garbage collector's way.
 */
interface Postings {
  /** Slots are counted in doubles, so they stay exact far beyond 2³² writes. */
  slots: Float64Array;
  frequencies: Float64Array;
  count: number;
  /** Postings whose chunk is still indexed: the term's document frequency. */
  live: number;
}

const INITIAL_POSTINGS = 4;

/**
 * Postings (term → chunks and frequencies) plus each chunk's length, kept in step with writes.
 * Statistics (row count, average length, document frequencies) cover exactly the chunks indexed
 * now. Deleting a chunk only marks its postings stale (O(terms of the chunk)); a term's postings
 * are compacted once more than half of them are stale, so the work is amortised.
 */
export class Bm25Index {
  readonly #postings = new Map<string, Postings>();
  readonly #bySlot = new Map<number, Entry>();
  readonly #slotById = new Map<string, number>();
  #nextSlot = 0;
  #totalLength = 0;

  /** Chunks indexed. */
  get size(): number {
    return this.#bySlot.size;
  }

  /** Indexes a chunk, replacing what was indexed under `id` before. */
  set(id: string, vector: TermVector): void {
    this.delete(id);
    const slot = this.#nextSlot++;
    for (const [term, frequency] of vector.frequencies) {
      let postings = this.#postings.get(term);
      if (postings === undefined) {
        postings = {
          slots: new Float64Array(INITIAL_POSTINGS),
          frequencies: new Float64Array(INITIAL_POSTINGS),
          count: 0,
          live: 0,
        };
        this.#postings.set(term, postings);
      } else if (postings.count === postings.slots.length) {
        grow(postings, 2 * postings.count);
      }
      postings.slots[postings.count] = slot;
      postings.frequencies[postings.count] = frequency;
      postings.count += 1;
      postings.live += 1;
    }
    this.#bySlot.set(slot, { id, slot, terms: [...vector.frequencies.keys()], length: vector.length });
    this.#slotById.set(id, slot);
    this.#totalLength += vector.length;
  }

  /** Removes a chunk. @returns false when it was not indexed. */
  delete(id: string): boolean {
    const slot = this.#slotById.get(id);
    if (slot === undefined) return false;
    const entry = this.#bySlot.get(slot)!;
    this.#bySlot.delete(slot);
    this.#slotById.delete(id);
    this.#totalLength -= entry.length;
    for (const term of entry.terms) {
      const postings = this.#postings.get(term)!;
      postings.live -= 1;
      if (postings.live === 0) this.#postings.delete(term);
      else if (postings.count > 2 * postings.live + 8) this.#compact(postings);
    }
    return true;
  }

  /**
   * BM25 scores of the chunks holding at least one of `terms`: for each term `t` (repeats count
   * again, like repeated FTS5 phrases), `idf(t) · f·(k1 + 1) / (f + k1·(1 − b + b·|D|/avgdl))`,
   * where `idf(t) = ln((N − n(t) + 0.5) / (n(t) + 0.5))`, at least {@link MIN_IDF}. Higher is
   * better; this is FTS5's `-bm25()`, summed in the same order.
   * @param terms Index terms, e.g. from `queryIndexTerms`.
   * @returns Score by chunk id; chunks matching no term are absent.
   */
  score(terms: readonly string[]): Map<string, number> {
    const sums = new Map<Entry, number>();
    const rows = this.#bySlot.size;
    if (rows > 0) {
      const averageLength = this.#totalLength / rows;
      for (const term of terms) {
        const postings = this.#postings.get(term);
        if (postings === undefined) continue;
        let idf = Math.log((rows - postings.live + 0.5) / (postings.live + 0.5));
        if (idf <= 0) idf = MIN_IDF;
        const { slots, frequencies, count } = postings;
        for (let i = 0; i < count; i++) {
          const entry = this.#bySlot.get(slots[i]!);
          if (entry === undefined) continue;
          const frequency = frequencies[i]!;
          const weight =
            idf *
            ((frequency * (BM25_K1 + 1)) /
              (frequency + BM25_K1 * (1 - BM25_B + (BM25_B * entry.length) / averageLength)));
          sums.set(entry, (sums.get(entry) ?? 0) + weight);
        }
      }
    }
    const scores = new Map<string, number>();
    for (const [entry, sum] of sums) scores.set(entry.id, sum);
    return scores;
  }

  /** Drops the stale postings of one term and gives back the room they took. */
  #compact(postings: Postings): void {
    const { slots, frequencies, count } = postings;
    let kept = 0;
    for (let i = 0; i < count; i++) {
      if (!this.#bySlot.has(slots[i]!)) continue;
      slots[kept] = slots[i]!;
      frequencies[kept] = frequencies[i]!;
      kept += 1;
    }
    postings.count = kept;
    if (kept * 4 < slots.length) grow(postings, Math.max(INITIAL_POSTINGS, 2 * kept));
  }
}

/** Moves a term's postings into arrays of `capacity` (at least `count`). */
function grow(postings: Postings, capacity: number): void {
  const slots = new Float64Array(capacity);
  slots.set(postings.slots.subarray(0, postings.count));
  const frequencies = new Float64Array(capacity);
  frequencies.set(postings.frequencies.subarray(0, postings.count));
  postings.slots = slots;
  postings.frequencies = frequencies;
}
