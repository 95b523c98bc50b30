/**
 * Opens a store from a location string: a file path (SQLite, the embedded default) or
 * `sqlite:PATH`. Drivers load lazily.
 * @module
 */
import { ConfigError } from '../core/errors.js';
import type { Store } from '../core/ports.js';

/** Default SQLite file, relative to the working directory. */
export const DEFAULT_DB_PATH = '.cairn/cairn.db';

/**
 * Opens the store at `location`.
 * @throws {ConfigError} for an unsupported URL scheme.
 */
export async function openStore(location: string = DEFAULT_DB_PATH): Promise<Store> {
  if (/^postgres(ql)?:\/\//i.test(location)) {
    throw new ConfigError(
      `PostgreSQL stores are not available in this build; use a SQLite file path (${location})`,
    );
  }
  const path = location.replace(/^sqlite:(\/\/)?/i, '');
  const { openSqliteStore } = await import('../store/sqlite/sqlite-store.js');
  return openSqliteStore({ path });
}
