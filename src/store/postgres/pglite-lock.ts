/**
 * One process at a time per PGlite data folder. PGlite runs PostgreSQL inside the process that
 * opened it, without PostgreSQL's own postmaster lock, so two processes writing one folder corrupt
 * it (catalogue errors, "relation … does not exist"). The first opener writes its PID to
 * `cairn.lock` in the folder; another opener is refused at once, naming that PID, unless the
 * process is gone (a crashed holder's lock is taken over).
 * @module
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../../core/errors.js';

/** The lock file's name inside the data folder. */
export const PGLITE_LOCK_FILE = 'cairn.lock';

/** A held lock; {@link PgliteLock.release} removes it (idempotent). */
export interface PgliteLock {
  release(): void;
}

/**
 * Takes the lock of a PGlite data folder for this process.
 * @throws {ConfigError} when a live process holds it, naming the folder and that process's PID.
 */
export function lockPgliteFolder(dataDir: string): PgliteLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, PGLITE_LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      let held = true;
      return {
        release() {
          if (!held) return;
          held = false;
          if (ownerOf(file) === process.pid) rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = ownerOf(file);
      if (owner !== undefined && isAlive(owner)) {
        throw new ConfigError(
          `the PGlite database ${dataDir} is in use by PID ${owner}; PGlite allows one process at a time — ` +
            'stop that process, or use a PostgreSQL server (postgres://…) for several',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new ConfigError(`cannot lock the PGlite database ${dataDir}: another process keeps taking ${file}`);
}

function ownerOf(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** True when a process with this PID exists (signal 0 checks without signalling). */
function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
