/**
 * Turns a rerank API's ranked `{ index, relevance_score }` list back into scores aligned with the
 * documents sent, as the `Reranker` port returns them.
 * @module
 */
import { activeSpan } from '../../core/tracing.js';

/** An entry of a rerank reply that was not trusted, and why. */
export interface DroppedRerankEntry {
  /** Position of the entry in the reply. */
  entry: number;
  /** The index it named. */
  index: number;
  reason: 'out of range' | 'repeated';
}

/**
 * Scores in document order from a ranked list. An entry whose index is not an integer in
 * `[0, count)`, or names a document an earlier entry already scored, is dropped rather than
 * trusted (so a malformed reply can never put one document's score on another); the rest are
 * kept. A document no kept entry scores gets `null`, which `rerankHits` leaves out and reports.
 * Each dropped entry is recorded as a `cairn.rerank.entry_dropped` event on the active span, and
 * passed to `onDropped` when given.
 */
export function scoresByIndex(
  ranked: ReadonlyArray<{ index: number; relevance_score: number }>,
  count: number,
  provider: string,
  onDropped?: (dropped: DroppedRerankEntry) => void,
): Array<number | null> {
  const scores = new Array<number | null>(count).fill(null);
  for (const [entry, { index, relevance_score }] of ranked.entries()) {
    const inRange = Number.isInteger(index) && index >= 0 && index < count;
    if (inRange && scores[index] === null) {
      scores[index] = relevance_score;
      continue;
    }
    const dropped: DroppedRerankEntry = { entry, index, reason: inRange ? 'repeated' : 'out of range' };
    activeSpan()?.addEvent('cairn.rerank.entry_dropped', {
      'gen_ai.provider.name': provider,
      'cairn.rerank.entry': entry,
      'cairn.rerank.index': String(index),
      'cairn.rerank.reason': dropped.reason,
    });
    onDropped?.(dropped);
  }
  return scores;
}

/**
 * Calls `rerank` on consecutive slices of at most `limit` documents and joins the scores, for
 * APIs that cap the documents of one request. Relevance scores of cross-encoders are absolute per
 * query-document pair, so slices compare.
 */
export async function rerankInSlices<Score extends number | null>(
  documents: string[],
  limit: number,
  rerank: (slice: string[]) => Promise<Score[]>,
): Promise<Score[]> {
  const scores: Score[] = [];
  for (let start = 0; start < documents.length; start += limit) {
    scores.push(...(await rerank(documents.slice(start, start + limit))));
  }
  return scores;
}
