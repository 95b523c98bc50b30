/**
 * API keys: each grants one namespace and one role. They come from `CAIRN_API_KEYS` as
 * `key:namespace:role` entries separated by commas, and are compared in constant time.
 * @module
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { ConfigError } from '../../core/errors.js';

/** What a key may do: `read` (list, get, search, ask), `write` (also upload and delete documents, create collections), `admin` (also delete a collection's content). */
export type ApiRole = 'read' | 'write' | 'admin';

/** The roles, weakest first: each includes those before it. */
export const API_ROLES: readonly ApiRole[] = Object.freeze(['read', 'write', 'admin']);

/** What a request is allowed: one namespace, one role. */
export interface Principal {
  namespace: string;
  role: ApiRole;
  /** A non-secret label of the key for the access log (the first 8 hex digits of its SHA-256), or `anonymous`. */
  keyId: string;
}

/** One configured key. */
export interface ApiKey {
  /** The secret sent as `Authorization: Bearer KEY`. */
  key: string;
  namespace: string;
  role: ApiRole;
}

/** Shortest key accepted: 16 characters, so a key cannot be guessed by trying. */
export const MIN_KEY_LENGTH = 16;

/** True when `role` includes `needed` (admin ⊇ write ⊇ read). */
export function roleAllows(role: ApiRole, needed: ApiRole): boolean {
  return API_ROLES.indexOf(role) >= API_ROLES.indexOf(needed);
}

/**
 * Parses `key:namespace:role` entries separated by commas (whitespace around entries ignored;
 * an empty text gives no keys). Keys have at least {@link MIN_KEY_LENGTH} characters and no `:`,
 * `,` or whitespace; namespaces are non-empty; roles are `read`, `write` or `admin`.
 * @param source Where the text came from, for messages; default `CAIRN_API_KEYS`.
 * @throws {ConfigError} naming the entry (by position, never by its secret) that is malformed, or
 * a key given twice.
 */
export function parseApiKeys(text: string, source = 'CAIRN_API_KEYS'): ApiKey[] {
  const keys: ApiKey[] = [];
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const [index, entry] of entries.entries()) {
    const where = `${source}: entry ${index + 1}`;
    const parts = entry.split(':');
    if (parts.length !== 3) {
      throw new ConfigError(`${where} must be key:namespace:role, with a role of read, write or admin`);
    }
    const [key, namespace, role] = parts as [string, string, string];
    if (key.length < MIN_KEY_LENGTH || /\s/.test(key)) {
      throw new ConfigError(`${where}: the key must be at least ${MIN_KEY_LENGTH} characters without spaces`);
    }
    if (namespace === '') throw new ConfigError(`${where}: the namespace is empty`);
    if (!(API_ROLES as readonly string[]).includes(role)) {
      throw new ConfigError(`${where}: role "${role}" is not read, write or admin`);
    }
    if (keys.some((k) => k.key === key)) throw new ConfigError(`${where}: the key is given twice`);
    keys.push({ key, namespace, role: role as ApiRole });
  }
  return keys;
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/**
 * The configured keys, looked up without revealing through timing which key, or how much of
 * one, a token matched: every key's SHA-256 digest is compared with the token's by
 * `crypto.timingSafeEqual`, all of them on every lookup.
 */
export class KeyRing {
  readonly #entries: Array<{ digest: Buffer; principal: Principal }>;

  constructor(keys: readonly ApiKey[]) {
    this.#entries = keys.map((k) => {
      const hash = digest(k.key);
      return {
        digest: hash,
        principal: { namespace: k.namespace, role: k.role, keyId: hash.subarray(0, 4).toString('hex') },
      };
    });
  }

  /** Number of keys. */
  get size(): number {
    return this.#entries.length;
  }

  /** The namespaces the keys grant, sorted, each once. */
  get namespaces(): string[] {
    return [...new Set(this.#entries.map((e) => e.principal.namespace))].sort();
  }

  /** The principal of `token`, or `undefined` when no key matches. */
  authenticate(token: string): Principal | undefined {
    const presented = digest(token);
    let found: Principal | undefined;
    for (const entry of this.#entries) {
      if (timingSafeEqual(entry.digest, presented) && found === undefined) found = entry.principal;
    }
    return found;
  }
}
