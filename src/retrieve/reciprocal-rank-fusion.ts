/**
 * Reciprocal rank fusion (Cormack, Clarke and Büttcher, "Reciprocal Rank Fusion outperforms
 * Condorcet and individual Rank Learning Methods", SIGIR 2009): each list contributes
 * `weight / (k + rank)` for every hit it ranks (rank from 1), and hits are ordered by the sum.
 * @module
 */
import { InvalidArgumentError } from '../core/errors.js';
import type { Hit } from '../core/types.js';

/** The constant from the paper; dampens the weight of top ranks. */
export const DEFAULT_RRF_K = 60;

/** Options of {@link reciprocalRankFusion}. */
export interface FusionOptions {
  /** Rank constant; default 60 (the paper's). Must be ≥ 0. */
  k?: number;
  /** One weight per input list (weighted RRF); default 1 each. */
  weights?: number[];
}

/**
 * Fuses ranked hit lists into one. Hits are matched by chunk id; the fused hit keeps every
 * score the inputs carried and gets `scores.fused` and `score` = the RRF sum. Ties keep the
 * order of first appearance.
 * @throws {InvalidArgumentError} for a negative `k` or a weights array of the wrong length.
 */
export function reciprocalRankFusion(lists: Hit[][], options: FusionOptions = {}): Hit[] {
  const k = options.k ?? DEFAULT_RRF_K;
  if (!(k >= 0)) throw new InvalidArgumentError('k', `must be ≥ 0, got ${k}`);
  const weights = options.weights ?? lists.map(() => 1);
  if (weights.length !== lists.length) {
    throw new InvalidArgumentError('weights', `expected ${lists.length} weights, got ${weights.length}`);
  }
  const fused = new Map<string, Hit>();
  lists.forEach((list, listIndex) => {
    const weight = weights[listIndex]!;
    list.forEach((hit, index) => {
      const contribution = weight / (k + index + 1);
      const existing = fused.get(hit.chunk.id);
      if (existing) {
        existing.scores = {
          ...hit.scores,
          ...existing.scores,
          fused: (existing.scores.fused ?? 0) + contribution,
        };
        existing.score = existing.scores.fused!;
      } else {
        fused.set(hit.chunk.id, {
          ...hit,
          scores: { ...hit.scores, fused: contribution },
          score: contribution,
        });
      }
    });
  });
  return [...fused.values()].sort((a, b) => b.score - a.score);
}
