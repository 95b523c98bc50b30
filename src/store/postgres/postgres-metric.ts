/**
 * A collection's distance metric in pgvector terms: the distance operator its searches order by,
 * the operator class its index is built with, and how a distance becomes cairn's similarity.
 * @module
 */
import type { DistanceMetric } from '../../core/ports.js';

/**
 * pgvector's distance operator for `metric`: `<=>` cosine distance, `<->` Euclidean (L2)
 * distance, `<#>` negative inner product. Smaller is nearer on all three, so `ORDER BY
 * embedding <op> query` is nearest first and served by an index built with
 * {@link vectorOperatorClass}.
 */
export function distanceOperator(metric: DistanceMetric | undefined): '<=>' | '<->' | '<#>' {
  if (metric === 'euclidean') return '<->';
  if (metric === 'dot') return '<#>';
  return '<=>';
}

/** The HNSW/IVFFlat operator class for `metric` on a `vector` or (float16) `halfvec` column. */
export function vectorOperatorClass(
  vectorType: string | undefined,
  metric: DistanceMetric | undefined,
): string {
  const type = vectorType === 'float16' ? 'halfvec' : 'vector';
  const ops = metric === 'euclidean' ? 'l2' : metric === 'dot' ? 'ip' : 'cosine';
  return `${type}_${ops}_ops`;
}

/**
 * The similarity of a distance returned by {@link distanceOperator}, as the memory store scores
 * (`DistanceMetric`): cosine 1 − distance, Euclidean 1 / (1 + distance), dot the inner product
 * (pgvector's `<#>` is its negation).
 */
export function similarityOf(metric: DistanceMetric | undefined, distance: number): number {
  if (metric === 'euclidean') return 1 / (1 + distance);
  if (metric === 'dot') return -distance;
  return 1 - distance;
}

/**
 * The largest distance whose similarity is at least `minSimilarity` (the inverse of
 * {@link similarityOf}), or `undefined` when every distance passes (Euclidean with a minimum of
 * 0 or less).
 */
export function maxDistanceFor(
  metric: DistanceMetric | undefined,
  minSimilarity: number,
): number | undefined {
  if (metric === 'euclidean') return minSimilarity <= 0 ? undefined : 1 / minSimilarity - 1;
  if (metric === 'dot') return -minSimilarity;
  return 1 - minSimilarity;
}
