/**
 * One process at a time per PGlite data folder. PGlite runs PostgreSQL inside the process that
 * opened it, without PostgreSQL's own postmaster lock, so two processes writing one folder corrupt
 * it (catalogue errors, "relation … does not exist"). The first opener holds `cairn.lock` in the
 * folder, holding its PID; another opener is refused at once, naming that PID, unless the process
 * is gone (a crashed holder's lock is taken over).
 *
 * Every step is atomic, so racing openers never both hold it:
 *
 * - **Taking**: the PID is written to a file of this process's own, which is then hard-linked to
 *   `cairn.lock`. `link` fails when the name exists, so the lock appears whole — with its PID —
 *   or not at all (creating it empty and writing the PID after let another opener read it empty
 *   in between and take it as stale).
 * - **Taking over** a stale lock (its PID gone) is done by one opener at a time, under
 *   `cairn.lock.takeover` (taken the same way): it reads the owner again and renames the lock
 *   aside before taking it. Two openers that both saw it stale would otherwise each remove "the"
 *   lock — the second removing the one the first had just taken.
 * @module
 */
import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../../core/errors.js';

/** The lock file's name inside the data folder. */
export const PGLITE_LOCK_FILE = 'cairn.lock';

/** A held lock; {@link PgliteLock.release} removes it (idempotent). */
export interface PgliteLock {
  release(): void;
}

/** Rounds of trying before giving up on a folder whose lock keeps changing hands. */
const ATTEMPTS = 50;

/**
 * Takes the lock of a PGlite data folder for this process.
 * @throws {ConfigError} when a live process holds it, naming the folder and that process's PID.
 */
export function lockPgliteFolder(dataDir: string): PgliteLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, PGLITE_LOCK_FILE);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    if (createWithPid(file)) return heldLock(file);
    const owner = ownerOf(file);
    if (owner !== undefined && isAlive(owner)) {
      throw new ConfigError(
        `the PGlite database ${dataDir} is in use by PID ${owner}; PGlite allows one process at a time — ` +
          'stop that process, or use a PostgreSQL server (postgres://…) for several',
      );
    }
    // Gone since (released), or its process is: take it over, one opener at a time.
    removeStale(file);
  }
  throw new ConfigError(`cannot lock the PGlite database ${dataDir}: another process keeps taking ${file}`);
}

function heldLock(file: string): PgliteLock {
  let held = true;
  return {
    release() {
      if (!held) return;
      held = false;
      // Nobody else removes a live process's lock, so it is still ours between read and remove.
      if (ownerOf(file) === process.pid) rmSync(file, { force: true });
    },
  };
}

/**
 * Creates `file` holding this process's PID, atomically: a file of our own is written and then
 * linked to the name (`link` never replaces). False when the name exists.
 */
function createWithPid(file: string): boolean {
  const own = `${file}.${process.pid}.${randomUUID()}.tmp`;
  writeFileSync(own, `${process.pid}\n`, { flag: 'wx' });
  try {
    linkSync(own, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(own, { force: true });
  }
}

/** Removes the lock at `file` if its owner is gone, under the takeover lock; returns either way. */
function removeStale(file: string): void {
  const takeover = `${file}.takeover`;
  if (!createWithPid(takeover)) {
    const taker = readOwner(takeover);
    // Gone since it failed to be created (its taker finished): look again. Reading it as a dead
    // taker's would move aside the takeover lock a live opener has just taken in its place.
    if (taker === 'missing') return;
    if (taker !== undefined && isAlive(taker)) {
      // Another opener is taking over: let it, then look again.
      pause(5);
      return;
    }
    // A taker died in its few lines: its takeover lock is moved aside, and put back if it
    // turns out to be a live taker's that replaced it in between.
    const aside = `${takeover}.${process.pid}.${randomUUID()}.stale`;
    try {
      renameSync(takeover, aside);
    } catch {
      return;
    }
    const was = ownerOf(aside);
    if (was !== undefined && was !== taker && isAlive(was)) {
      try {
        linkSync(aside, takeover);
      } catch {}
    }
    rmSync(aside, { force: true });
    return;
  }
  try {
    // Only takers remove another process's lock, and only one takes over at a time: what is read
    // here is what is renamed below.
    const owner = ownerOf(file);
    if (owner !== undefined && isAlive(owner)) return;
    const aside = `${file}.${process.pid}.${randomUUID()}.stale`;
    try {
      renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    rmSync(aside, { force: true });
  } finally {
    if (ownerOf(takeover) === process.pid) rmSync(takeover, { force: true });
  }
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function ownerOf(file: string): number | undefined {
  const owner = readOwner(file);
  return owner === 'missing' ? undefined : owner;
}

/** The PID a lock file holds; `'missing'` when there is no such file, undefined when unreadable. */
function readOwner(file: string): number | 'missing' | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'missing' : undefined;
  }
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
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
