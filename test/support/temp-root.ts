/**
 * Vitest global set-up: every temporary folder of a test run goes under one folder of its own,
 * removed when the run ends. It sets `TMPDIR`, which `os.tmpdir()` reads on every call, before any
 * worker starts, so tests, the CLI processes they spawn and the libraries they use (mkdtemp,
 * tempDir(), SQLite's temporary files) all write there, whatever their prefix.
 *
 * Each vitest project runs the global set-up: the first creates the folder, later ones find it
 * in the environment; only the one that created it removes it.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const VARIABLE = 'CAIRN_TEST_RUN_TMP';

export default function setup(): (() => void) | undefined {
  if (process.env[VARIABLE] !== undefined) return undefined;
  const root = mkdtempSync(path.join(tmpdir(), 'cairn-run-'));
  // Open as /tmp is (sticky, everyone may write): tests hand folders under it to other users,
  // such as the private PostgreSQL server run as `postgres`.
  chmodSync(root, 0o1777);
  process.env[VARIABLE] = root;
  process.env.TMPDIR = root;
  return () => {
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  };
}
