/**
 * Core helpers every caller goes through to embed: batching under the embedder's limit,
 * dimension and finiteness checks, text normalisation and usage reporting.
 * @module
 */
import { DimensionMismatchError, InvalidArgumentError, ProviderError } from '../core/errors.js';
import type { Embedder, EmbeddingUsage } from '../core/ports.js';
import { inSpan, modelAttributes, SpanKind, TRACE_ATTRIBUTES } from '../core/tracing.js';

/** Options shared by {@link embedDocuments} and {@link embedQuery}. */
export interface EmbedOptions {
  /** Receives statistics of every provider call. */
  onUsage?: (usage: EmbeddingUsage) => void;
  /** Applied to every text before embedding (index and query side alike). */
  normalize?: (text: string) => string;
  signal?: AbortSignal;
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
  const out: number[][] = [];
  const batch = Math.max(1, embedder.maxBatchSize);
  for (let start = 0; start < texts.length; start += batch) {
    const slice = texts
      .slice(start, start + batch)
      .map((t) => (options.normalize ? options.normalize(t) : t));
    const embeddings = await inSpan(
      `embeddings ${embedder.model}`,
      {
        kind: SpanKind.CLIENT,
        attributes: {
          ...modelAttributes('embeddings', embedder),
          'gen_ai.embeddings.dimension.count': embedder.dimension,
          [TRACE_ATTRIBUTES.texts]: slice.length,
          'cairn.embedding.kind': kind,
        },
      },
      async (span) => {
        const began = performance.now();
        const result = await embedder.doEmbed({ texts: slice, kind, signal: options.signal });
        if (result.embeddings.length !== slice.length) {
          throw new ProviderError({
            provider: embedder.provider,
            message: `returned ${result.embeddings.length} embeddings for ${slice.length} texts`,
          });
        }
        result.embeddings.forEach((vector, i) => {
          checkVector(
            vector,
            embedder.dimension,
            `text ${start + i}`,
            `${embedder.provider}:${embedder.model}`,
          );
        });
        const tokens = result.usage?.tokens ?? slice.reduce((n, t) => n + Math.ceil(t.length / 4), 0);
        if (result.usage?.tokens !== undefined) span.setAttribute('gen_ai.usage.input_tokens', tokens);
        options.onUsage?.({
          model: embedder.model,
          texts: slice.length,
          tokens,
          milliseconds: performance.now() - began,
        });
        return result.embeddings;
      },
    );
    out.push(...embeddings);
  }
  return out;
}

/**
 * Embeds document texts in batches of at most `embedder.maxBatchSize`, in order.
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
