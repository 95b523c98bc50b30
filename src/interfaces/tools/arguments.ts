/**
 * Argument schemas shared by the tools, lenient where models are sloppy: an integer sent as the
 * string "5", or an object or array sent as JSON text, is coerced before validation.
 * @module
 */
import { z } from 'zod';

function numberFromString(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : value;
}

function jsonFromString(value: unknown): unknown {
  if (typeof value !== 'string' || !/^\s*[[{]/.test(value)) return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** An integer in `[min, max]`; a numeric string is accepted and converted. */
export function integerArg(min: number, max: number) {
  return z.preprocess(numberFromString, z.number().int().min(min).max(max));
}

/** A number in `[min, max]`; a numeric string is accepted and converted. */
export function numberArg(min: number, max: number) {
  return z.preprocess(numberFromString, z.number().min(min).max(max));
}

/** `schema`, also accepted as JSON text (models sometimes encode nested arguments). */
export function jsonArg<T extends z.ZodType>(schema: T) {
  return z.preprocess(jsonFromString, schema);
}

/**
 * A JSON object with caller-chosen keys (a filter, metadata), also accepted as JSON text, passed on
 * as parsed. Not `z.record`: zod rebuilds records and drops a `__proto__` key, which widened a
 * filter silently; kept, the filter and metadata checks refuse it.
 */
export function jsonObjectArg() {
  return jsonArg(
    z
      .unknown()
      .meta({ type: 'object', additionalProperties: {} })
      .refine(isJsonObject, 'expected a JSON object')
      .transform((value) => value as Record<string, unknown>),
  );
}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-empty query of at most 2,000 characters, trimmed. */
export const queryArg = z.string().trim().min(1, 'must not be empty').max(2000);

/** Search modes a tool may ask for. */
export const modeArg = z
  .enum(['lexical', 'dense', 'hybrid'])
  .describe(
    'lexical (BM25), dense (embeddings) or hybrid (both fused); default: hybrid when embeddings exist',
  );
