/**
 * Ranking metrics as computed by trec_eval (and so by BEIR/pytrec_eval): nDCG@k with linear gain
 * and log2(rank + 1) discount (Järvelin and Kekäläinen, 2002), recall@k, and MRR@k.
 * @module
 */

/** Graded relevance of documents for one query: document id → grade (> 0 is relevant). */
export type Judgments = Map<string, number>;

/** nDCG@k of a ranking (document ids, best first). 0 when the query has no relevant document. */
export function ndcgAt(k: number, ranking: string[], judgments: Judgments): number {
  let dcg = 0;
  ranking.slice(0, k).forEach((id, i) => {
    const gain = judgments.get(id) ?? 0;
    if (gain > 0) dcg += gain / Math.log2(i + 2);
  });
  const ideal = [...judgments.values()]
    .filter((g) => g > 0)
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, gain, i) => sum + gain / Math.log2(i + 2), 0);
  return ideal === 0 ? 0 : dcg / ideal;
}

/** Share of the relevant documents found in the top `k`. */
export function recallAt(k: number, ranking: string[], judgments: Judgments): number {
  const relevant = [...judgments].filter(([, g]) => g > 0).map(([id]) => id);
  if (relevant.length === 0) return 0;
  const top = new Set(ranking.slice(0, k));
  return relevant.filter((id) => top.has(id)).length / relevant.length;
}

/** Reciprocal rank of the first relevant document within the top `k` (0 if none). */
export function mrrAt(k: number, ranking: string[], judgments: Judgments): number {
  const index = ranking.slice(0, k).findIndex((id) => (judgments.get(id) ?? 0) > 0);
  return index < 0 ? 0 : 1 / (index + 1);
}
