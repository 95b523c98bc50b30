/**
 * Names and ids on remote engines. Collection names are free text in cairn but constrained on
 * every engine (Chroma: 3–512 characters of `[a-zA-Z0-9._-]`; OpenSearch: lower case, no spaces;
 * Qdrant: no `/`), so each collection's storage is named by a readable slug and a hash of the name.
 * @module
 */
import { createHash } from 'node:crypto';

/** Hex SHA-256 of `parts` joined unambiguously (as a JSON array). */
export function digest(...parts: readonly unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex');
}

/**
 * The engine-side name of a collection: `PREFIX-SLUG-HASH`, lower case `[a-z0-9-]` only, at most
 * 80 characters; the hash (16 hex digits of SHA-256 of the name) keeps names that slug alike apart
 * (`UPPER` and `upper`).
 */
export function locationName(prefix: string, name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return [prefix, slug, digest(name).slice(0, 16)].filter((part) => part !== '').join('-');
}

/** A UUID-shaped id derived from `parts` (for engines whose ids must be UUIDs, like Qdrant). */
export function uuidFrom(...parts: readonly unknown[]): string {
  const hex = digest(...parts).slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
