/**
 * The one rule for text that goes into a store, the same on every backend: NUL characters become
 * spaces (PostgreSQL cannot store them, and deleting them would glue words together:
 * "Quarterly\u0000summary" must stay two words), and lone UTF-16 surrogates become U+FFFD (what
 * encoding them as UTF-8 does anyway, so distinct strings never collide after a round trip).
 * @module
 */
import type { JsonValue } from './types.js';

const NUL = /\u0000/g;
const LONE_SURROGATE = /\p{Cs}/gu;
const NEEDS_CLEANING = /[\u0000\p{Cs}]/u;
/**
 * NUL or any surrogate code unit, paired or not: a plain (non-`u`) class, several times cheaper to
 * test than {@link NEEDS_CLEANING}; text without a match (all text outside the astral planes) is
 * clean without the `u` test.
 */
const MAY_NEED_CLEANING = /[\u0000\uD800-\uDFFF]/;

/** `text` as every store keeps it: NUL → space, lone surrogate → U+FFFD. Returns `text` itself when clean. */
export function storableText(text: string): string {
  if (!MAY_NEED_CLEANING.test(text) || !NEEDS_CLEANING.test(text)) return text;
  return text.replace(NUL, ' ').replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * A JSON value with {@link storableText} applied to every string and object key. Returns `value`
 * itself when nothing needed cleaning. When two keys of one object clean to the same key, the
 * later one wins.
 */
export function storableJson<T extends JsonValue>(value: T): T {
  if (typeof value === 'string') return storableText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let changed = false;
    const items = value.map((item) => {
      const cleaned = storableJson(item);
      if (cleaned !== item) changed = true;
      return cleaned;
    });
    return (changed ? items : value) as T;
  }
  // Allocates nothing while every key and value is clean (the common case, checked per chunk).
  const keys = Object.keys(value);
  let first = 0;
  for (; first < keys.length; first++) {
    const key = keys[first]!;
    const item = value[key]!;
    if (storableText(key) !== key || storableJson(item) !== item) break;
  }
  if (first === keys.length) return value;
  const entries = keys.map((key) => [storableText(key), storableJson(value[key]!)] as const);
  return Object.fromEntries(entries) as T;
}
