/**
 * Vitest global set-up: every temporary folder of a test run goes under one folder of its own,
 * removed when the run ends. It sets `TMPDIR`, which `os.tmpdir()` reads on every call, before any
 * worker starts, so tests, the CLI processes they spawn and the libraries they use (mkdtemp,
 * tempDir(), SQLite's temporary files) all write there, whatever their prefix.
 *
 * The folder is made where `TMPDIR` says when it is set (the user chose it); otherwise in memory
 * (/dev/shm) when that is a memory file system with room to spare ({@link MEMORY_MIN_FREE_BYTES}),
 * else in the system's temporary folder. The suite's SQLite
 * files, PGlite folders and servers sync every commit to disk: on this project's two-core machine
 * the SQLite store contract and vector-index files took 42–58 s on disk against 18–20 s in memory,
 * back to back at load 8–9 (the CPU time the same), and how long a sync takes on a shared disk
 * depends on what else writes to it.
 *
 * Each vitest project runs the global set-up: the first creates the folder, later ones find it
 * in the environment; only the one that created it removes it.
 */
import { chmodSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const VARIABLE = 'CAIRN_TEST_RUN_TMP';

/** The memory file system most Linux systems mount. */
const MEMORY_FOLDER = '/dev/shm';

/** `statfs` type of a tmpfs (linux/magic.h). */
const TMPFS_MAGIC = 0x01021994;

/**
 * Room the memory file system must have free to hold a run (4 GiB). A whole run leaves well
 * under 1 GiB there before its end removes it; Docker's default /dev/shm (64 MiB) falls back to disk.
 */
const MEMORY_MIN_FREE_BYTES = 4 * 2 ** 30;

/**
 * Where the run's folder is made: `TMPDIR` when set, else {@link MEMORY_FOLDER} when it can hold
 * the run, else the system's temporary folder.
 */
export function runFolderBase(env: NodeJS.ProcessEnv = process.env): string {
  if (env.TMPDIR !== undefined && env.TMPDIR !== '') return env.TMPDIR;
  try {
    const memory = statfsSync(MEMORY_FOLDER);
    if (memory.type === TMPFS_MAGIC && memory.bavail * memory.bsize >= MEMORY_MIN_FREE_BYTES) {
      return MEMORY_FOLDER;
    }
  } catch {
    // no memory file system there
  }
  return tmpdir();
}

export default function setup(): (() => void) | undefined {
  if (process.env[VARIABLE] !== undefined) return undefined;
  const root = mkdtempSync(path.join(runFolderBase(), 'cairn-run-'));
  // Open as /tmp is (sticky, everyone may write): tests hand folders under it to other users,
  // such as the private PostgreSQL server run as `postgres`.
  chmodSync(root, 0o1777);
  process.env[VARIABLE] = root;
  process.env.TMPDIR = root;
  return () => {
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };
}
