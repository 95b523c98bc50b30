/**
 * PostgreSQL refuses NUL characters in `text` and in `jsonb` (and lone UTF-16 surrogates inside
 * `jsonb` escapes). These helpers clean values before they are bound, so the store keeps what
 * the ingest pipeline keeps: the text with its NULs removed.
 * @module
 */
import type { JsonValue, Metadata } from '../../core/types.js';

const NUL = /\u0000/g;
const LONE_SURROGATE = /\p{Cs}/gu;
const HAS_LONE_SURROGATE = /\p{Cs}/u;

/**
 * `text` without NUL characters, and with each lone surrogate replaced by U+FFFD (which is what
 * encoding it as UTF-8 for the wire does anyway).
 */
export function cleanText(text: string): string {
  let cleaned = text;
  if (cleaned.includes('\u0000')) cleaned = cleaned.replace(NUL, '');
  if (HAS_LONE_SURROGATE.test(cleaned)) cleaned = cleaned.replace(LONE_SURROGATE, '\uFFFD');
  return cleaned;
}

/**
 * A copy of a JSON value with {@link cleanText} applied to every string and object key. When two
 * keys of one object clean to the same key, the later one wins.
 */
export function cleanJson(value: JsonValue): JsonValue {
  if (typeof value === 'string') return cleanText(value);
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(cleanJson);
  const out: { [key: string]: JsonValue } = {};
  for (const [key, item] of Object.entries(value)) out[cleanText(key)] = cleanJson(item);
  return out;
}

/** `metadata` as the JSON text to bind to a `jsonb` parameter, cleaned by {@link cleanJson}. */
export function metadataJson(metadata: Metadata): string {
  return JSON.stringify(cleanJson(metadata));
}

/**
 * True when an id can be stored as it is: no NUL and no lone surrogate. Such ids are refused on
 * write and can never match on read.
 */
export function isStorableId(id: string): boolean {
  return !id.includes('\u0000') && !HAS_LONE_SURROGATE.test(id);
}
