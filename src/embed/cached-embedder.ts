/**
 * An embedding cache: wraps an {@link Embedder} so that a text already embedded by the same model
 * (and for the same kind, document or query) is read from a {@link Cache} instead of the
 * provider. Keyed by model, dimension, kind and the SHA-256 of the text.
 * @module
 */
import { createHash } from 'node:crypto';
import type { Cache, Embedder, EmbedResult } from '../core/ports.js';

/** Bumped when the cached value's format changes; old entries then miss. */
export const EMBEDDING_CACHE_VERSION = 1;

/** Cache key of one text's embedding. */
export function embeddingCacheKey(embedder: Embedder, kind: string, text: string): string {
  const digest = createHash('sha256').update(text).digest('hex');
  return `embedding/v${EMBEDDING_CACHE_VERSION}/${embedder.model}/${embedder.dimension}/${kind}/${digest}`;
}

/** Wraps `embedder` with `cache`. Statistics for `hits` and `misses` are kept on the result. */
export function cachedEmbedder(
  embedder: Embedder,
  cache: Cache,
): Embedder & { hits: number; misses: number } {
  const wrapper = {
    specificationVersion: 'v1' as const,
    provider: embedder.provider,
    model: embedder.model,
    dimension: embedder.dimension,
    maxBatchSize: embedder.maxBatchSize,
    hits: 0,
    misses: 0,
    // The wrapped embedder's readiness check (a missing key, model files): without it, a batch
    // that cannot embed would fail once per file instead of once, before the first.
    ...(embedder.checkReady ? { checkReady: () => embedder.checkReady!() } : {}),
    async doEmbed(options: Parameters<Embedder['doEmbed']>[0]): Promise<EmbedResult> {
      const keys = options.texts.map((t) => embeddingCacheKey(embedder, options.kind, t));
      const found = await Promise.all(keys.map((k) => cache.get(k)));
      const embeddings: number[][] = new Array(options.texts.length);
      const missing: number[] = [];
      found.forEach((value, i) => {
        const parsed = value === undefined ? undefined : parseVector(value, embedder.dimension);
        if (parsed) embeddings[i] = parsed;
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
          return vector ? cache.set(keys[index]!, JSON.stringify(vector)) : undefined;
        }),
      );
      return result.usage ? { embeddings, usage: result.usage } : { embeddings };
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
