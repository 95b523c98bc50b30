/**
 * Turns a rerank API's ranked `{ index, relevance_score }` list back into scores aligned with the
 * documents sent, as the `Reranker` port returns them.
 * @module
 */
import { ProviderError } from '../../core/errors.js';

/**
 * Scores in document order from a ranked list.
 * @throws {ProviderError} when an index is out of range or repeated, or a document has no score.
 */
export function scoresByIndex(
  ranked: ReadonlyArray<{ index: number; relevance_score: number }>,
  count: number,
  provider: string,
): number[] {
  const scores = new Array<number | undefined>(count).fill(undefined);
  for (const { index, relevance_score } of ranked) {
    if (!Number.isInteger(index) || index < 0 || index >= count || scores[index] !== undefined) {
      throw new ProviderError({ provider, message: `rerank result has a bad or repeated index ${index}` });
    }
    scores[index] = relevance_score;
  }
  const missing = scores.indexOf(undefined);
  if (missing >= 0) {
    throw new ProviderError({ provider, message: `rerank result has no score for document ${missing}` });
  }
  return scores as number[];
}

/**
 * Calls `rerank` on consecutive slices of at most `limit` documents and joins the scores, for
 * APIs that cap the documents of one request. Relevance scores of cross-encoders are absolute per
 * query-document pair, so slices compare.
 */
export async function rerankInSlices(
  documents: string[],
  limit: number,
  rerank: (slice: string[]) => Promise<number[]>,
): Promise<number[]> {
  const scores: number[] = [];
  for (let start = 0; start < documents.length; start += limit) {
    scores.push(...(await rerank(documents.slice(start, start + limit))));
  }
  return scores;
}
