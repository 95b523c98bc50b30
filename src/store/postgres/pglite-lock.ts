/**
 * One process at a time per PGlite data folder. PGlite runs PostgreSQL inside the process that
 * opened it, without PostgreSQL's own postmaster lock, so two processes writing one folder corrupt
 * it (catalogue errors, "relation … does not exist"). The first opener holds the folder's lock;
 * another opener is refused at once, naming the holder's PID.
 *
 * The lock is a kernel lock, not a file's existence: `cairn.lock.db` is a SQLite database held in
 * exclusive locking mode (SQLite takes a POSIX advisory lock on it and keeps it until the
 * connection closes). Taking it is one atomic step in the kernel, and the kernel lets go when the
 * holder exits however it exits (`kill -9` included), so there is no stale lock to judge and take
 * over. (An earlier design judged a lock stale by its PID and took it over by renaming: between
 * reading a PID and acting on it, its process could let go and another opener take the lock, so
 * two processes could hold it at once on a busy machine.)
 *
 * `cairn.lock` beside it holds the holder's PID, for the message only; the holder removes it when
 * it lets go. The database file is never removed: an opener that opened it just before the removal
 * would lock a file nobody else sees.
 * @module
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { ConfigError } from '../../core/errors.js';

/** The file naming the holder's PID inside the data folder (present while the lock is held). */
export const PGLITE_LOCK_FILE = 'cairn.lock';

/** The SQLite database whose exclusive lock is the folder's lock. */
export const PGLITE_LOCK_DATABASE = 'cairn.lock.db';

/** A held lock; {@link PgliteLock.release} lets it go (idempotent). */
export interface PgliteLock {
  release(): void;
}

/**
 * Takes the lock of a PGlite data folder for this process (a second call in the same process is
 * refused as well, until the first lock is released).
 * @throws {ConfigError} when another holder has it, naming the folder and, when known, the holder's
 *   PID; or when better-sqlite3 (a dependency of cairn) cannot be loaded.
 */
export function lockPgliteFolder(dataDir: string): PgliteLock {
  mkdirSync(dataDir, { recursive: true });
  const Database = loadSqlite();
  const database = new Database(path.join(dataDir, PGLITE_LOCK_DATABASE), { timeout: 0 });
  try {
    database.pragma('locking_mode = EXCLUSIVE');
    // The first write in exclusive locking mode takes the exclusive lock and keeps it.
    database.exec('BEGIN EXCLUSIVE');
    database.exec('CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL)');
    database.prepare('DELETE FROM holder').run();
    database.prepare('INSERT INTO holder (pid) VALUES (?)').run(process.pid);
    database.exec('COMMIT');
  } catch (error) {
    database.close();
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) {
      const owner = ownerOf(path.join(dataDir, PGLITE_LOCK_FILE));
      throw new ConfigError(
        `the PGlite database ${dataDir} is in use by ${owner === undefined ? 'another process' : `PID ${owner}`}; ` +
          'PGlite allows one process at a time — stop that process, or use a PostgreSQL server (postgres://…) for several',
      );
    }
    throw error;
  }
  const pidFile = path.join(dataDir, PGLITE_LOCK_FILE);
  writeFileSync(pidFile, `${process.pid}\n`);
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      try {
        if (ownerOf(pidFile) === process.pid) rmSync(pidFile, { force: true });
      } finally {
        database.close();
      }
    },
  };
}

function loadSqlite(): typeof BetterSqlite3 {
  try {
    return createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
  } catch (error) {
    throw new ConfigError(
      `locking a PGlite folder needs the package better-sqlite3 (12.x): npm install better-sqlite3@12 (${String(error)})`,
    );
  }
}

function ownerOf(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
