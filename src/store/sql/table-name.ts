/**
 * Physical table names for collections, shared by the SQL stores.
 * @module
 */
import { nodeCrypto } from '../../core/node-crypto.js';

/** Prefix of every collection table. */
export const COLLECTION_TABLE_PREFIX = 'cairn_c_';
const SLUG_LENGTH = 32;
const HASH_LENGTH = 12;

/**
 * The table that holds a collection's chunks: `cairn_c_<slug>_<hash>`.
 *
 * The slug (lower-case ASCII letters, digits and `_`, diacritics dropped, at most 32 characters)
 * keeps the name readable; the hash (first 12 hex digits of SHA-256 over the exact name's UTF-8)
 * keeps names that slug alike apart (`"A b"`, `"a_b"`, `"a-b"`). Only `[a-z0-9_]` ever appears,
 * the raw name never does, and the result is at most 53 characters (PostgreSQL allows 63, leaving
 * room for index suffixes).
 *
 * @param collection The collection name, as validated by `validateCollectionName`.
 */
export function tableNameFor(collection: string): string {
  const slug = collection
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .slice(0, SLUG_LENGTH)
    .replace(/^_+|_+$/g, '');
  const hash = nodeCrypto()
    .createHash('sha256')
    .update(collection, 'utf8')
    .digest('hex')
    .slice(0, HASH_LENGTH);
  return slug === '' ? `${COLLECTION_TABLE_PREFIX}${hash}` : `${COLLECTION_TABLE_PREFIX}${slug}_${hash}`;
}
