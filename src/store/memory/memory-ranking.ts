/**
 * Top-k selection for the memory store's searches, with SQLite's tie-break and `keepBest`.
 * @module
 */

/** A search candidate: its score, insertion sequence (the tie-break) and source id. */
export interface Candidate<T> {
  item: T;
  /** Higher is better. */
  score: number;
  /** Earlier writes win ties, as SQLite's `ORDER BY score, seq`. */
  seq: number;
  sourceId: string;
}

/** Negative when `a` ranks before `b`: higher score first, then lower seq. */
function compareCandidates<T>(a: Candidate<T>, b: Candidate<T>): number {
  return a.score === b.score ? a.seq - b.seq : b.score - a.score;
}

/** True when a candidate with this score and seq ranks before `other`. */
function ranksBefore<T>(score: number, seq: number, other: Candidate<T>): boolean {
  return score === other.score ? seq < other.seq : score > other.score;
}

/**
 * Collects candidates and keeps the best `topK`, in O(n log k): a bounded heap whose root is the
 * worst kept candidate. With `keepBest`, only each source id's best candidate competes (it is
 * chosen first, then the `topK` best of those), so `topK` distinct sources come back when they exist.
 */
export class TopRanking<T> {
  readonly #limit: number;
  readonly #bestPerSource: Map<string, Candidate<T>> | undefined;
  readonly #heap: Candidate<T>[] = [];

  /**
   * @param topK Most results, a positive integer.
   * @param keepBest Keep only the best candidate per source id.
   */
  constructor(topK: number, keepBest: boolean) {
    this.#limit = topK;
    this.#bestPerSource = keepBest ? new Map() : undefined;
  }

  /**
   * Considers one candidate; allocates only when it is kept.
   * @param item What the candidate stands for (e.g. a chunk).
   * @param score Higher is better.
   * @param seq Tie-break: lower wins.
   * @param sourceId Group for `keepBest`.
   */
  offer(item: T, score: number, seq: number, sourceId: string): void {
    if (this.#bestPerSource === undefined) {
      const worst = this.#heap[0];
      if (this.#heap.length < this.#limit || ranksBefore(score, seq, worst!)) {
        this.#push({ item, score, seq, sourceId });
      }
      return;
    }
    const best = this.#bestPerSource.get(sourceId);
    if (best === undefined || ranksBefore(score, seq, best)) {
      this.#bestPerSource.set(sourceId, { item, score, seq, sourceId });
    }
  }

  /** The kept candidates, best first. */
  results(): Candidate<T>[] {
    if (this.#bestPerSource !== undefined) {
      for (const candidate of this.#bestPerSource.values()) this.#push(candidate);
      this.#bestPerSource.clear();
    }
    return [...this.#heap].sort(compareCandidates);
  }

  #push(candidate: Candidate<T>): void {
    const heap = this.#heap;
    if (heap.length < this.#limit) {
      heap.push(candidate);
      this.#siftUp(heap.length - 1);
    } else if (compareCandidates(candidate, heap[0]!) < 0) {
      heap[0] = candidate;
      this.#siftDown(0);
    }
  }

  /** The heap keeps the worst candidate at the root: a parent ranks after its children. */
  #siftUp(index: number): void {
    const heap = this.#heap;
    let child = index;
    while (child > 0) {
      const parent = (child - 1) >>> 1;
      if (compareCandidates(heap[parent]!, heap[child]!) >= 0) return;
      [heap[parent], heap[child]] = [heap[child]!, heap[parent]!];
      child = parent;
    }
  }

  #siftDown(index: number): void {
    const heap = this.#heap;
    let parent = index;
    for (;;) {
      const left = 2 * parent + 1;
      const right = left + 1;
      let worst = parent;
      if (left < heap.length && compareCandidates(heap[left]!, heap[worst]!) > 0) worst = left;
      if (right < heap.length && compareCandidates(heap[right]!, heap[worst]!) > 0) worst = right;
      if (worst === parent) return;
      [heap[parent], heap[worst]] = [heap[worst]!, heap[parent]!];
      parent = worst;
    }
  }
}
