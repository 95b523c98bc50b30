/**
 * An embedding cache: wraps an {@link Embedder} so that a text already embedded by the same model
 * (and for the same kind, document or query) is read from a {@link Cache} instead of the
 * provider. Keyed by model, dimension, kind and the SHA-256 of the text.
 * @module
 */

import { nodeCrypto } from '../core/node-crypto.js';
import type { Cache, Embedder, EmbedResult } from '../core/ports.js';

/** Bumped when the cached value's format changes; old entries then miss. */
export const EMBEDDING_CACHE_VERSION = 1;

/** Cache key of one text's embedding. */
export function embeddingCacheKey(embedder: Embedder, kind: string, text: string): string {
  const digest = nodeCrypto().createHash('sha256').update(text).digest('hex');
  return `embedding/v${EMBEDDING_CACHE_VERSION}/${embedder.model}/${embedder.dimension}/${kind}/${digest}`;
}

/**
 * The cache side of an embedder made by {@link cachedEmbedder}, for `embed.ts` to look texts up
 * before it opens an `embeddings` span: a batch found whole in the cache makes no model call and
 * so no span.
 */
export interface EmbeddingCacheLayer {
  /** The cached vector of each text (`undefined`: a miss), in the texts' order. */
  lookup(texts: string[], kind: 'document' | 'query'): Promise<Array<number[] | undefined>>;
  /**
   * Embeds the texts `found` lacks with the wrapped embedder (one `doEmbed` call) and caches
   * them; all the texts' vectors in order. Counts hits and misses.
   */
  fill(
    options: Parameters<Embedder['doEmbed']>[0],
    found: ReadonlyArray<number[] | undefined>,
  ): Promise<EmbedResult>;
}

/** Key of the {@link EmbeddingCacheLayer} on an embedder made by {@link cachedEmbedder}. */
export const EMBEDDING_CACHE_LAYER = Symbol.for('cairn.embedding-cache-layer');

/** The cache layer of `embedder` when {@link cachedEmbedder} made it; else `undefined`. */
export function embeddingCacheLayer(embedder: Embedder): EmbeddingCacheLayer | undefined {
  return (embedder as { [EMBEDDING_CACHE_LAYER]?: EmbeddingCacheLayer })[EMBEDDING_CACHE_LAYER];
}

/** Wraps `embedder` with `cache`. Statistics for `hits` and `misses` are kept on the result. */
export function cachedEmbedder(
  embedder: Embedder,
  cache: Cache,
): Embedder & { hits: number; misses: number } {
  const layer: EmbeddingCacheLayer = {
    async lookup(texts, kind) {
      const found = await Promise.all(texts.map((t) => cache.get(embeddingCacheKey(embedder, kind, t))));
      return found.map((value) => (value === undefined ? undefined : parseVector(value, embedder.dimension)));
    },
    async fill(options, found) {
      const embeddings: number[][] = new Array(options.texts.length);
      const missing: number[] = [];
      found.forEach((vector, i) => {
        if (vector) embeddings[i] = vector;
        else missing.push(i);
      });
      wrapper.hits += options.texts.length - missing.length;
      wrapper.misses += missing.length;
      if (missing.length === 0) return { embeddings, usage: { tokens: 0 } };
      const result = await embedder.doEmbed({ ...options, texts: missing.map((i) => options.texts[i]!) });
      await Promise.all(
        missing.map((index, j) => {
          const vector = result.embeddings[j];
          embeddings[index] = vector!;
          return vector
            ? cache.set(
                embeddingCacheKey(embedder, options.kind, options.texts[index]!),
                JSON.stringify(vector),
              )
            : undefined;
        }),
      );
      return { ...result, embeddings };
    },
  };
  const wrapper = {
    specificationVersion: 'v1' as const,
    provider: embedder.provider,
    model: embedder.model,
    dimension: embedder.dimension,
    maxBatchSize: embedder.maxBatchSize,
    ...(embedder.maxBatchTokens === undefined ? {} : { maxBatchTokens: embedder.maxBatchTokens }),
    hits: 0,
    misses: 0,
    [EMBEDDING_CACHE_LAYER]: layer,
    // The wrapped embedder's readiness check (a missing key, model files): without it, a batch
    // that cannot embed would fail once per file instead of once, before the first.
    ...(embedder.checkReady ? { checkReady: () => embedder.checkReady!() } : {}),
    async doEmbed(options: Parameters<Embedder['doEmbed']>[0]): Promise<EmbedResult> {
      return layer.fill(options, await layer.lookup(options.texts, options.kind));
    },
  };
  return wrapper;
}

/** A cached vector, or `undefined` when the entry is malformed (treated as a miss). */
function parseVector(value: string, dimension: number): number[] | undefined {
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed) && parsed.length === dimension && parsed.every((x) => typeof x === 'number')) {
      return parsed as number[];
    }
  } catch {
    // malformed: a miss
  }
  return undefined;
}
