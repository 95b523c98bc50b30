/**
 * Reading remote model responses: a JSON POST whose reply is checked against a minimal schema,
 * and the checks every embedding API's reply needs (one vector per text, in order).
 * @module
 */
import { ConfigError, ProviderError } from '../../core/errors.js';
import { type PostJsonOptions, postJson } from './post-json.js';

/** The part of a zod schema this calls (typed structurally). */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/**
 * POSTs JSON through {@link postJson} and parses the reply with `schema`.
 * @param what What the reply is, for the message (`embeddings`, `rerank`).
 * @throws {ProviderError} for a failed request, or `malformed <what> response` when the reply does
 *   not fit the schema.
 */
export async function postForJson<T>(
  options: PostJsonOptions & { schema: ResponseSchema<T>; what: string },
): Promise<T> {
  const response = await postJson(options);
  const parsed = options.schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) {
    throw new ProviderError({ provider: options.provider, message: `malformed ${options.what} response` });
  }
  return parsed.data;
}

/**
 * Vectors in text order from a reply that numbers them (`{ index, embedding }`).
 * @throws {ProviderError} when an index is missing, repeated or out of range.
 */
export function vectorsByIndex(
  items: ReadonlyArray<{ index: number; embedding: number[] }>,
  count: number,
  provider: string,
): number[][] {
  const vectors: number[][] = new Array(count);
  for (const item of items) vectors[item.index] = item.embedding;
  // A loop, not `some`: `some` skips the holes a duplicated index leaves.
  let complete = items.length === count;
  for (let i = 0; complete && i < count; i++) complete = vectors[i] !== undefined;
  if (!complete) wrongCount(count, items.length, provider);
  return vectors;
}

/**
 * The vectors of a reply that lists them in text order, checked for their number.
 * @throws {ProviderError} when there are more or fewer than `count`.
 */
export function vectorsInOrder(vectors: number[][], count: number, provider: string): number[][] {
  if (vectors.length !== count) wrongCount(count, vectors.length, provider);
  return vectors;
}

function wrongCount(asked: number, got: number, provider: string): never {
  throw new ProviderError({ provider, message: `asked for ${asked} embeddings, got ${got}` });
}

/**
 * A model's vector length: the one given, else the vendor's published one.
 * @param vendor The vendor's name for the message, e.g. `Cohere`.
 * @throws {ConfigError} when neither is known.
 */
export function modelDimension(
  vendor: string,
  model: string,
  known: Readonly<Record<string, number>>,
  given: number | undefined,
): number {
  const dimension = given ?? known[model];
  if (dimension === undefined) {
    throw new ConfigError(`the dimension of ${vendor} model ${model} is unknown; pass dimension`);
  }
  return dimension;
}
