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

/** `text` as every store keeps it: NUL → space, lone surrogate → U+FFFD. Returns `text` itself when clean. */
export function storableText(text: string): string {
  if (!NEEDS_CLEANING.test(text)) return text;
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
  let changed = false;
  const entries = Object.entries(value).map(([key, item]) => {
    const cleanKey = storableText(key);
    const cleanItem = storableJson(item);
    if (cleanKey !== key || cleanItem !== item) changed = true;
    return [cleanKey, cleanItem] as const;
  });
  return (changed ? Object.fromEntries(entries) : value) as T;
}
