/**
 * One order for chunks whose scores tie, whatever the backend and whatever order they were
 * written in, so that the same chunks give the same ranking on every run and every store.
 * @module
 */

import { compareCodePoints } from '../../core/filter/match-filter.js';

/**
 * Orders two chunks of equal score by chunk id, in code point order (SQLite's binary collation,
 * PostgreSQL's `COLLATE "C"`, in which the PostgreSQL store already breaks its ties). Ids are
 * `documentId:ordinal`, so a document's tied chunks stay together. Write order plays no part: two
 * documents holding the same passage rank the same way however their ingests interleaved, and
 * re-writing one leaves the order as it was.
 * @returns A negative number when `a` ranks first, positive when `b` does, 0 for the same chunk.
 */
export function compareTiedChunks(a: { id: string }, b: { id: string }): number {
  return compareCodePoints(a.id, b.id);
}

/**
 * Re-orders each run of rows with exactly equal scores by {@link compareTiedChunks}, leaving
 * every run where it is: the backend's order (and its direction) decides everything else.
 * Sorts in place and returns `rows`. O(n) when no scores tie.
 */
export function orderTies<T extends { score: number; chunk: { id: string } }>(rows: T[]): T[] {
  let start = 0;
  while (start < rows.length) {
    let end = start + 1;
    while (end < rows.length && rows[end]!.score === rows[start]!.score) end++;
    if (end - start > 1) {
      const run = rows.slice(start, end).sort((a, b) => compareTiedChunks(a.chunk, b.chunk));
      for (let i = 0; i < run.length; i++) rows[start + i] = run[i]!;
    }
    start = end;
  }
  return rows;
}
