/**
 * The options every remote store (Chroma, Qdrant, OpenSearch) takes with one meaning and one
 * default, spread into each store's own option schema.
 * @module
 */
import { z } from 'zod';

/** Fields shared by the remote stores' option schemas. */
export const remoteStoreFields = {
  /**
   * Prefix of what the store creates in the engine (`PREFIX-registry` and one collection or index
   * per cairn collection), so that several cairn deployments can share one engine. 1–31
   * characters of a-z, 0-9 and `-`. Default `cairn`.
   */
  prefix: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9-]{0,30}$/,
      'must be 1–31 characters of a-z, 0-9 and -, starting with a letter or digit',
    )
    .default('cairn'),
  /** Whether the store may create and drop the engine's collections or indexes. Default true. */
  provision: z.boolean().default(true),
  /** Retries of a transient failure (connection error, timeout, 429, 5xx). Default 3. */
  retries: z.number().int().min(0).max(10).default(3),
  /** Milliseconds one request may take. Default 30 000. */
  timeoutMs: z.number().int().min(1).default(30_000),
};
