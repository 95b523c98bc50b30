/**
 * The core helper every caller goes through to rerank: it sends the hits' texts to a
 * {@link Reranker} once, keeps the earlier stages' scores on each hit, and orders and trims by
 * the reranker's relevance.
 * @module
 */
import { InvalidArgumentError, ProviderError } from '../../core/errors.js';
import type { Reranker } from '../../core/ports.js';
import { genAiProviderName, inSpan, responseAttributes, SpanKind } from '../../core/tracing.js';
import type { Hit } from '../../core/types.js';

/** Candidates the retriever fetches before reranking when none is asked for. */
export const DEFAULT_RERANK_CANDIDATES = 50;

/** Options of {@link rerankHits}. */
export interface RerankHitsOptions {
  /** Hits to keep after reranking; default all of them. */
  topK?: number;
  /** The text the reranker reads for a hit; default {@link rerankText}. */
  text?: (hit: Hit) => string;
  signal?: AbortSignal;
  /**
   * Told, in one message, when the reranker returned no score for some hits (`null`: a hosted
   * reranker dropped reply entries with an out-of-range or repeated index); those hits are left
   * out and the rest are kept. The same count is recorded on the rerank span
   * (`cairn.rerank.unscored`).
   */
  onWarning?: (message: string) => void;
}

/**
 * The text a reranker reads for a hit: the chunk text, preceded by its heading path when the
 * text does not already contain the innermost heading (later chunks of a long section).
 */
export function rerankText(hit: Hit): string {
  const headings = hit.chunk.headingPath;
  const innermost = headings[headings.length - 1];
  if (!innermost || hit.chunk.text.includes(innermost)) return hit.chunk.text;
  return `${headings.join(' > ')}\n\n${hit.chunk.text}`;
}

/**
 * Reranks `hits` for `query`. Makes one `doRerank` call, or none when `hits` is empty. Each
 * returned hit keeps the scores it came with and gains `scores.rerank`; its `score` becomes the
 * rerank score. Hits are ordered by that score, highest first (ties keep their incoming order),
 * then trimmed to `topK`. A hit the reranker returned `null` for (no usable score) is left out,
 * and `onWarning` is told. The input array and its hits are not modified.
 * @throws {InvalidArgumentError} for a `topK` that is not a positive integer.
 * @throws {ProviderError} when the reranker returns a score count other than the hit count, or a
 * score that is neither `null` nor a finite number.
 */
export async function rerankHits(
  reranker: Reranker,
  query: string,
  hits: Hit[],
  options: RerankHitsOptions = {},
): Promise<Hit[]> {
  const { topK } = options;
  if (topK !== undefined && (!Number.isInteger(topK) || topK <= 0)) {
    throw new InvalidArgumentError('topK', `must be a positive integer, got ${topK}`);
  }
  if (hits.length === 0) return [];
  const text = options.text ?? rerankText;
  const scores = await inSpan(
    `rerank ${reranker.model}`,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'gen_ai.provider.name': genAiProviderName(reranker.provider),
        'gen_ai.request.model': reranker.model,
        'cairn.rerank.candidates': hits.length,
      },
    },
    async (span) => {
      const scores = await reranker.doRerank({
        query,
        documents: hits.map(text),
        signal: options.signal,
        onResponse: (response) => span.setAttributes(responseAttributes(response)),
      });
      const unscored = Array.isArray(scores) ? scores.filter((s) => s === null).length : 0;
      if (unscored > 0) span.setAttribute('cairn.rerank.unscored', unscored);
      return scores;
    },
  );
  if (scores.length !== hits.length) {
    throw new ProviderError({
      provider: `reranker ${reranker.model}`,
      message: `returned ${scores.length} scores for ${hits.length} documents`,
    });
  }
  const bad = scores.findIndex((s) => s !== null && (typeof s !== 'number' || !Number.isFinite(s)));
  if (bad >= 0) {
    throw new ProviderError({
      provider: `reranker ${reranker.model}`,
      message: `score ${bad} is ${scores[bad]}, not a finite number`,
    });
  }
  const reranked: Hit[] = [];
  for (const [i, hit] of hits.entries()) {
    const score = scores[i];
    if (score === null || score === undefined) continue;
    reranked.push({ ...hit, score, scores: { ...hit.scores, rerank: score } });
  }
  if (reranked.length < hits.length) {
    options.onWarning?.(
      `reranker ${reranker.model} returned no usable score for ${hits.length - reranked.length} of ${hits.length} ` +
        'candidates (a reply entry with an out-of-range or repeated index is dropped, not trusted); they were left out',
    );
  }
  reranked.sort((a, b) => b.score - a.score);
  return topK === undefined ? reranked : reranked.slice(0, topK);
}
