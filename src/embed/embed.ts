/**
 * Core helpers every caller goes through to embed: batching under the embedder's limit,
 * dimension and finiteness checks, text normalisation and usage reporting.
 * @module
 */
import { DimensionMismatchError, InvalidArgumentError, ProviderError } from '../core/errors.js';
import { monotonicMilliseconds } from '../core/monotonic-clock.js';
import type { Embedder, EmbeddingUsage } from '../core/ports.js';
import { inSpan, modelAttributes, responseAttributes, SpanKind, TRACE_ATTRIBUTES } from '../core/tracing.js';
import { embeddingCacheLayer } from './cached-embedder.js';

/** Options shared by {@link embedDocuments} and {@link embedQuery}. */
export interface EmbedOptions {
  /** Receives statistics of every provider call. */
  onUsage?: (usage: EmbeddingUsage) => void;
  /** Applied to every text before embedding (index and query side alike). */
  normalize?: (text: string) => string;
  signal?: AbortSignal;
  /**
   * Most requests in flight at once when the texts make several batches; default
   * {@link DEFAULT_EMBED_CONCURRENCY}. Results keep the texts' order either way.
   */
  maxConcurrency?: number;
}

/** Default {@link EmbedOptions.maxConcurrency}: a few requests at once, well under providers' rate limits. */
export const DEFAULT_EMBED_CONCURRENCY = 4;

/**
 * An over-estimate of the tokens of `text` for cutting batches under
 * {@link Embedder.maxBatchTokens}: one per 3 characters (BPE tokenizers average about 4 characters
 * per token on English prose; fewer on code and numbers), at least 1.
 */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 3));
}

/**
 * Start offsets of the batches `texts` are cut into: at most `maxBatchSize` texts and, with a
 * `maxBatchTokens`, at most that many estimated tokens each (a single longer text is a batch of
 * its own; the provider then says whether it fits). The last entry is `texts.length`.
 */
export function batchBounds(
  texts: readonly string[],
  limits: { maxBatchSize: number; maxBatchTokens?: number | undefined },
): number[] {
  const size = Math.max(1, limits.maxBatchSize);
  const tokenLimit = limits.maxBatchTokens ?? Number.POSITIVE_INFINITY;
  const bounds = [0];
  let count = 0;
  let tokens = 0;
  texts.forEach((text, i) => {
    const cost = estimateTokens(text);
    if (count > 0 && (count >= size || tokens + cost > tokenLimit)) {
      bounds.push(i);
      count = 0;
      tokens = 0;
    }
    count++;
    tokens += cost;
  });
  if (texts.length > 0) bounds.push(texts.length);
  return bounds;
}

/**
 * Throws unless `vector` has `dimension` finite entries and is not all zeros.
 * @param where Names the vector in messages, e.g. `model m, text 3`.
 * @param model The model that made it: a wrong length is then the model's, named with its configured dimension.
 */
export function checkVector(
  vector: ArrayLike<number>,
  dimension: number,
  where: string,
  model?: string,
): void {
  if (vector.length !== dimension) {
    throw model === undefined
      ? new DimensionMismatchError(where, dimension, vector.length)
      : DimensionMismatchError.fromEmbedder(model, dimension, vector.length, where);
  }
  let nonZero = false;
  for (let i = 0; i < vector.length; i++) {
    const x = vector[i]!;
    if (!Number.isFinite(x)) throw new InvalidArgumentError('embedding', `${where}: entry ${i} is ${x}`);
    if (x !== 0) nonZero = true;
  }
  if (!nonZero) throw new InvalidArgumentError('embedding', `${where}: zero vector has no direction`);
}

async function run(
  embedder: Embedder,
  texts: string[],
  kind: 'document' | 'query',
  options: EmbedOptions,
): Promise<number[][]> {
  const bounds = batchBounds(texts, embedder);
  const batches = bounds.slice(0, -1).map((start, i) => ({ start, end: bounds[i + 1]! }));
  const results: number[][][] = new Array(batches.length);
  const concurrency = Math.max(1, options.maxConcurrency ?? DEFAULT_EMBED_CONCURRENCY);
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < batches.length) {
      const index = next++;
      const { start, end } = batches[index]!;
      try {
        results[index] = await embedBatch(embedder, texts, start, end, kind, options);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, batches.length) }, worker));
  return results.flat();
}

/**
 * One batch, `texts[start, end)`, checked. With an embedding cache (see `cachedEmbedder`) the
 * texts are looked up first: a batch found whole makes no request and no span; otherwise one
 * request for the texts missing, inside an `embeddings {model}` span (`cairn.embedding.cached`
 * counts the texts the cache held).
 */
async function embedBatch(
  embedder: Embedder,
  texts: string[],
  start: number,
  end: number,
  kind: 'document' | 'query',
  options: EmbedOptions,
): Promise<number[][]> {
  const slice = texts.slice(start, end).map((t) => (options.normalize ? options.normalize(t) : t));
  const cache = embeddingCacheLayer(embedder);
  const began = monotonicMilliseconds();
  const found = cache ? await cache.lookup(slice, kind) : undefined;
  const cached = found ? found.filter((vector) => vector !== undefined).length : 0;
  if (found && cached === slice.length) {
    const embeddings = found as number[][];
    await cache!.fill({ texts: slice, kind }, found); // counts the hits
    check(embedder, embeddings, slice.length, start);
    options.onUsage?.({
      model: embedder.model,
      texts: slice.length,
      tokens: 0,
      milliseconds: monotonicMilliseconds() - began,
    });
    return embeddings;
  }
  return inSpan(
    `embeddings ${embedder.model}`,
    {
      kind: SpanKind.CLIENT,
      attributes: {
        ...modelAttributes('embeddings', embedder),
        'gen_ai.embeddings.dimension.count': embedder.dimension,
        [TRACE_ATTRIBUTES.texts]: slice.length,
        'cairn.embedding.kind': kind,
        ...(cache ? { 'cairn.embedding.cached': cached } : {}),
      },
    },
    async (span) => {
      const request = { texts: slice, kind, signal: options.signal };
      const result = await (cache && found ? cache.fill(request, found) : embedder.doEmbed(request));
      span.setAttributes(responseAttributes(result.response));
      check(embedder, result.embeddings, slice.length, start);
      const tokens = result.usage?.tokens ?? slice.reduce((n, t) => n + Math.ceil(t.length / 4), 0);
      if (result.usage?.tokens !== undefined) span.setAttribute('gen_ai.usage.input_tokens', tokens);
      options.onUsage?.({
        model: embedder.model,
        texts: slice.length,
        tokens,
        milliseconds: monotonicMilliseconds() - began,
      });
      return result.embeddings;
    },
  );
}

/** Throws unless `embeddings` holds `count` valid vectors of the embedder's dimension. */
function check(embedder: Embedder, embeddings: number[][], count: number, start: number): void {
  if (embeddings.length !== count) {
    throw new ProviderError({
      provider: embedder.provider,
      message: `returned ${embeddings.length} embeddings for ${count} texts`,
    });
  }
  embeddings.forEach((vector, i) => {
    checkVector(vector, embedder.dimension, `text ${start + i}`, `${embedder.provider}:${embedder.model}`);
  });
}

/**
 * Embeds document texts in batches of at most `embedder.maxBatchSize` texts and
 * `embedder.maxBatchTokens` estimated tokens, up to `options.maxConcurrency` requests at once;
 * vectors in the texts' order.
 * @throws {DimensionMismatchError} when the model returns vectors of another length.
 * @throws {InvalidArgumentError} for zero or non-finite vectors.
 * @throws {ProviderError} when the provider fails.
 */
export function embedDocuments(embedder: Embedder, texts: string[], options: EmbedOptions = {}) {
  return run(embedder, texts, 'document', options);
}

/** Embeds one query text. Errors as {@link embedDocuments}. */
export async function embedQuery(embedder: Embedder, text: string, options: EmbedOptions = {}) {
  const [vector] = await run(embedder, [text], 'query', options);
  return vector!;
}

/** Embeds several query texts in as few calls as the batch limit allows. */
export function embedQueries(embedder: Embedder, texts: string[], options: EmbedOptions = {}) {
  return run(embedder, texts, 'query', options);
}
