/**
 * A deterministic embedder for tests: no network, no model. Each text becomes a hashed bag of
 * its lower-cased words (the "hashing trick", Weinberger et al., "Feature Hashing for Large Scale
 * Multitask Learning", ICML 2009), L2-normalised, so texts sharing words are close by cosine
 * similarity and the same text always gets the same vector.
 * @module
 */
import { createHash } from 'node:crypto';
import type { Embedder, EmbedResult } from '../core/ports.js';

/**
 * The hashed bag-of-words embedding of `text`: for each word (a run of Unicode letters and
 * digits, lower-cased), the MD5 digest's first 32 bits pick a dimension and its fifth byte's low
 * bit a sign (±1); the sum is L2-normalised. A text without words gets the unit vector on
 * dimension 0 (never a zero vector, which stores refuse).
 * @param dimension Length of the vector, a positive integer.
 */
export function hashEmbedding(text: string, dimension: number): number[] {
  const vector = new Array<number>(dimension).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const digest = createHash('md5').update(word).digest();
    const index = digest.readUInt32LE(0) % dimension;
    vector[index]! += digest[4]! & 1 ? 1 : -1;
  }
  const norm = Math.hypot(...vector);
  if (norm === 0) vector[0] = 1;
  return vector.map((x) => (norm === 0 ? x : x / norm));
}

/** Options of {@link HashingEmbedder}. */
export interface HashingEmbedderOptions {
  /** Vector length; default 64. */
  dimension?: number;
  /** Model id recorded in the collection registry; default `hashing-<dimension>`. */
  model?: string;
  /** Most texts per `doEmbed` call; default 256. */
  maxBatchSize?: number;
}

/**
 * An {@link Embedder} returning {@link hashEmbedding}s; documents and queries embed alike. It
 * records every call in {@link calls}, and reports one token per word as usage.
 */
export class HashingEmbedder implements Embedder {
  readonly specificationVersion = 'v1' as const;
  readonly provider = 'hashing';
  readonly model: string;
  readonly dimension: number;
  readonly maxBatchSize: number;
  /** Every call received, in order: its kind and texts. */
  readonly calls: Array<{ kind: 'document' | 'query'; texts: string[] }> = [];

  constructor(options: HashingEmbedderOptions = {}) {
    this.dimension = options.dimension ?? 64;
    this.model = options.model ?? `hashing-${this.dimension}`;
    this.maxBatchSize = options.maxBatchSize ?? 256;
  }

  async doEmbed(options: { texts: string[]; kind: 'document' | 'query' }): Promise<EmbedResult> {
    this.calls.push({ kind: options.kind, texts: [...options.texts] });
    const tokens = options.texts.reduce((n, t) => n + (t.match(/[\p{L}\p{N}]+/gu)?.length ?? 0), 0);
    return { embeddings: options.texts.map((t) => hashEmbedding(t, this.dimension)), usage: { tokens } };
  }
}
