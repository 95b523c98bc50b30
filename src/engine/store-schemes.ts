/**
 * Store locations: a registry from URL scheme to a lazy factory, and {@link openStore}, which
 * turns a location string into an open {@link Store}. Drivers load only when their scheme is
 * opened. Built in:
 *
 * - a file path or `sqlite:PATH`: SQLite, the embedded default (`:memory:` for a private
 *   in-memory database);
 * - `memory:`: the in-memory store (nothing persists);
 * - `pglite:DIR` or `pglite:memory`: PostgreSQL in-process (PGlite; optional peers
 *   `@electric-sql/pglite` and `@electric-sql/pglite-pgvector`);
 * - `postgres://…` / `postgresql://…`: PostgreSQL with pgvector on a server (optional peer `pg`;
 *   connect as the schema owner: migrations run on first use, scoped work runs under RLS).
 *
 * Another backend registers its scheme with one call:
 * `registerStoreScheme('chroma', (location) => import('./chroma.js').then((m) => m.openChromaStore({ url: location.url })))`.
 * @module
 */
import { existsSync } from 'node:fs';
import { ConfigError, isCairnError } from '../core/errors.js';
import { loadOptionalPeer } from '../core/optional-peer.js';
import type { Store } from '../core/ports.js';
import { storeSchemes as remoteStoreSchemes } from '../store/remote-schemes.js';

/** Default SQLite file, relative to the working directory. */
export const DEFAULT_DB_PATH = '.cairn/cairn.db';

/** A store location split at its scheme. */
export interface StoreLocation {
  /** The location as given, e.g. `postgres://app@db/cairn` or `.cairn/cairn.db`. */
  url: string;
  /** Lower-case scheme without the colon (`postgres`, `pglite`, `sqlite`); `sqlite` for a bare path. */
  scheme: string;
  /** What follows `scheme:` (and a `//` after it, when present); the whole path for a bare path. */
  rest: string;
}

/** Options of {@link openStore}, handed to every factory. */
export interface OpenStoreOptions {
  /**
   * Whether opening may create a new database (a SQLite file that does not exist yet). Default
   * `true`; read-only callers pass `false`, so a mistyped path is an error, not a new empty file.
   */
  create?: boolean;
  /** Name of the setting that gave the location, for messages (e.g. `--db`); default `store`. */
  settingName?: string;
}

/** Opens the store at `location`. Import drivers inside it, so that they load only when used. */
export type StoreFactory = (location: StoreLocation, options: OpenStoreOptions) => Promise<Store>;

const factories = new Map<string, StoreFactory>();

/**
 * Registers `factory` for `scheme` (one or several, without the colon; case-insensitive).
 * Registering a scheme again replaces its factory.
 * @throws {ConfigError} for a scheme that is not a URL scheme (RFC 3986: a letter, then letters,
 * digits, `+`, `-` or `.`) or is one letter long (a Windows drive).
 */
export function registerStoreScheme(scheme: string | readonly string[], factory: StoreFactory): void {
  for (const name of typeof scheme === 'string' ? [scheme] : scheme) {
    if (!/^[a-z][a-z0-9+.-]+$/i.test(name)) {
      throw new ConfigError(`store scheme "${name}" must be a URL scheme of two or more characters`);
    }
    factories.set(name.toLowerCase(), factory);
  }
}

/** The registered schemes, sorted. */
export function storeSchemes(): string[] {
  return [...factories.keys()].sort();
}

/**
 * Splits a location at its scheme. A location with no scheme, or a one-letter one (a Windows
 * drive such as `C:`), is a SQLite file path.
 */
export function parseStoreLocation(location: string): StoreLocation {
  const match = /^([a-z][a-z0-9+.-]+):(?:\/\/)?/i.exec(location);
  if (!match) return { url: location, scheme: 'sqlite', rest: location };
  return { url: location, scheme: match[1]!.toLowerCase(), rest: location.slice(match[0].length) };
}

/** The SQLite file a location names (`sqlite:` removed), or `undefined` for other schemes. */
export function sqliteFileOf(location: string): string | undefined {
  const parsed = parseStoreLocation(location);
  return parsed.scheme === 'sqlite' ? parsed.rest : undefined;
}

/**
 * Opens the store at `location` (default `.cairn/cairn.db`) through its scheme's factory and
 * makes sure the registry exists.
 * @throws {ConfigError} for an unregistered scheme, a SQLite file that does not exist when
 * `create` is false, or one that cannot be opened (a folder, not a database, no permission).
 * @throws {MissingDependencyError} when the scheme's driver (an optional peer) is not installed.
 */
export async function openStore(
  location: string = DEFAULT_DB_PATH,
  options: OpenStoreOptions = {},
): Promise<Store> {
  const parsed = parseStoreLocation(location);
  const factory = factories.get(parsed.scheme);
  if (!factory) {
    throw new ConfigError(
      `${options.settingName ?? 'store'} "${location}": unknown store scheme "${parsed.scheme}:"; ` +
        `registered: ${storeSchemes().join(', ')} (or a file path for SQLite)`,
    );
  }
  const store = await factory(parsed, options);
  await store.ensureRegistry();
  return store;
}

async function openSqlite(location: StoreLocation, options: OpenStoreOptions): Promise<Store> {
  const path = location.rest;
  if (options.create === false && path !== ':memory:' && !existsSync(path)) {
    throw new ConfigError(
      `no database at ${path}; ingest documents into it first, or check ${options.settingName ?? 'store'}`,
    );
  }
  const { openSqliteStore } = await import('../store/sqlite/sqlite-store.js');
  try {
    const store = await openSqliteStore({ path });
    await store.ensureRegistry();
    return store;
  } catch (error) {
    if (isCairnError(error)) throw error;
    throw new ConfigError(`cannot open the SQLite database at ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

async function openPglite(location: StoreLocation, options: OpenStoreOptions): Promise<Store> {
  const dir = location.rest;
  const inMemory = dir === '' || dir === 'memory';
  // PGlite creates its data folder when it opens one; a read must not leave an empty database behind.
  if (options.create === false && !inMemory && !existsSync(dir)) {
    throw new ConfigError(
      `no database at ${dir}; ingest documents into it first, or check ${options.settingName ?? 'store'}`,
    );
  }
  const feature = 'pglite: stores';
  await loadOptionalPeer('@electric-sql/pglite', feature, () => import('@electric-sql/pglite'));
  await loadOptionalPeer(
    '@electric-sql/pglite-pgvector',
    feature,
    () => import('@electric-sql/pglite-pgvector'),
  );
  const { openPostgresStore } = await import('../store/postgres/postgres-store.js');
  return openPostgresStore({ pglite: inMemory ? 'memory://' : dir });
}

async function openPostgres(location: StoreLocation, options: OpenStoreOptions): Promise<Store> {
  await loadOptionalPeer('pg', 'postgres:// stores', () => import('pg'));
  const { openPostgresStore } = await import('../store/postgres/postgres-store.js');
  const { postgresOpenError } = await import('../store/postgres/postgres-open-error.js');
  let store: Store | undefined;
  try {
    store = await openPostgresStore({ url: location.url });
    // The first statement connects: a refused connection, login or database shows here.
    await store.ensureRegistry();
    return store;
  } catch (error) {
    await store?.close().catch(() => undefined);
    throw postgresOpenError(error, location.url, options.settingName);
  }
}

registerStoreScheme('sqlite', openSqlite);
registerStoreScheme('memory', async () =>
  (await import('../store/memory/memory-store.js')).createMemoryStore(),
);
registerStoreScheme('pglite', openPglite);
registerStoreScheme(['postgres', 'postgresql'], openPostgres);
// Engines that scale out: chroma://, qdrant://, opensearch:// and their +https forms.
for (const [scheme, open] of Object.entries(remoteStoreSchemes)) {
  registerStoreScheme(scheme, (location) => open(location.url));
}
