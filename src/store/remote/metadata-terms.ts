/**
 * Chunk metadata as flat index fields, for engines whose filters cannot follow cairn's semantics on
 * nested JSON (type-aware equality, any-element matching on arrays, keys with dots, `$exists` that
 * tells `null` and `[]` from absent). From the metadata this derives:
 *
 * - an **equality term** per path and scalar it holds (each scalar element of an array counts),
 *   typed, so `1`, `"1"` and `true` are different terms;
 * - a **presence term** per path that resolves (to any value, `null` and `[]` included);
 * - per path, the **numbers** and the **strings** it holds (for ranges).
 *
 * Terms and path keys are hashes (base64url of SHA-256), so any key — quotes, dots, SQL, Unicode —
 * is data and every term fits any engine's field-name or keyword rules. A filter is compiled with
 * the same functions, so `{ "author.name": "Ann" }` becomes "has the term of (author, name) = "Ann"".
 * The reference semantics are `matchesFilter` (`src/core/filter/match-filter.ts`).
 * @module
 */
import { createHash } from 'node:crypto';
import type { FilterPath } from '../../core/filter/filter-node.js';
import type { JsonValue, Metadata } from '../../core/types.js';

type Scalar = string | number | boolean | null;

/** Index fields of one chunk's metadata. */
export interface MetadataTerms {
  /** Equality terms, one per (path, scalar) held. */
  equals: string[];
  /** Presence terms, one per path present. */
  present: string[];
  /** Numbers held, by path key. */
  numbers: Map<string, number[]>;
  /** Strings held, by path key. */
  strings: Map<string, string[]>;
}

function hash(value: string, length: number): string {
  return createHash('sha256').update(value).digest('base64url').slice(0, length);
}

/** The key of a path, for per-path fields (16 characters). */
export function pathKey(path: FilterPath): string {
  return hash(JSON.stringify(path), 16).replaceAll('-', '_');
}

/** The term that says "the field at `path` equals (or holds the element) `value`" (22 characters). */
export function equalsTerm(path: FilterPath, value: Scalar): string {
  return hash(JSON.stringify(['=', path, value]), 22).replaceAll('-', '_');
}

/** The term that says "the field at `path` is present" (22 characters). */
export function presentTerm(path: FilterPath): string {
  return hash(JSON.stringify(['?', path]), 22).replaceAll('-', '_');
}

/** The index fields of `metadata`; see the module notes. */
export function metadataTerms(metadata: Metadata): MetadataTerms {
  const terms: MetadataTerms = { equals: [], present: [], numbers: new Map(), strings: new Map() };
  const scalar = (path: FilterPath, value: Scalar) => {
    terms.equals.push(equalsTerm(path, value));
    if (typeof value === 'number') push(terms.numbers, pathKey(path), value);
    else if (typeof value === 'string') push(terms.strings, pathKey(path), value);
  };
  const visit = (path: string[], value: JsonValue) => {
    terms.present.push(presentTerm(path));
    if (Array.isArray(value)) {
      for (const element of value) {
        if (element === null || typeof element !== 'object') scalar(path, element);
      }
    } else if (value !== null && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) visit([...path, key], child);
    } else scalar(path, value);
  };
  for (const [key, value] of Object.entries(metadata)) visit([key], value);
  terms.equals = [...new Set(terms.equals)];
  return terms;
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
