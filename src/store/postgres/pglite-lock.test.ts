import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/support/corpus.js';
import { ensureBuilt } from '../../../test/support/ensure-built.js';
import { compileStoreWorker } from '../../../test/support/store-worker.js';
import { lockPgliteFolder, PGLITE_LOCK_DATABASE, PGLITE_LOCK_FILE } from './pglite-lock.js';
import { openPostgresStore } from './postgres-store.js';

/** Starts a process that opens the PGlite folder with the built store and keeps it open. */
function holder(dataDir: string): Promise<ChildProcess> {
  const script =
    'const { openPostgresStore } = await import(process.argv[1]);' +
    'const store = await openPostgresStore({ pglite: process.argv[2] });' +
    "await store.createCollection('held');" +
    "process.stdout.write('ready\\n'); setInterval(() => {}, 1000);";
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', script, path.resolve('dist/store/postgres/index.js'), dataDir],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (data: Buffer) => {
      if (data.toString().includes('ready')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
}

describe('a pglite: data folder', () => {
  const children: ChildProcess[] = [];
  beforeAll(() => ensureBuilt());
  afterEach(() => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
  });

  it('is refused at once while another process has it open, naming its PID, and taken over once that process is gone', async () => {
    const dataDir = path.join(tempDir(), 'pg');
    const child = await holder(dataDir);
    children.push(child);
    await expect(openPostgresStore({ pglite: dataDir })).rejects.toMatchObject({
      code: 'CONFIG_ERROR',
      message: expect.stringContaining(`in use by PID ${child.pid}`),
    });
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(readFileSync(path.join(dataDir, PGLITE_LOCK_FILE), 'utf8').trim()).toBe(String(child.pid));
    const store = await openPostgresStore({ pglite: dataDir });
    expect((await store.listCollections()).map((collection) => collection.name)).toEqual(['held']);
    await store.close();
    expect(existsSync(path.join(dataDir, PGLITE_LOCK_FILE))).toBe(false);
  });

  it('can be opened again by the same process after the store is closed', async () => {
    const dataDir = path.join(tempDir(), 'pg');
    const first = await openPostgresStore({ pglite: dataDir });
    await first.createCollection('docs');
    await first.close();
    const second = await openPostgresStore({ pglite: dataDir });
    expect(await second.getCollection('docs')).toBeDefined();
    await second.close();
  });
});

describe('the PGlite lock', () => {
  it('ignores a PID file left by a killed holder, refuses a second opener in this process, and lets go on release', async () => {
    const deadPid = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', '']);
      child.once('exit', () => resolve(child.pid!));
    });
    const dir = path.join(tempDir(), 'pg');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, PGLITE_LOCK_FILE), `${deadPid}\n`);
    const lock = lockPgliteFolder(dir);
    expect(readFileSync(path.join(dir, PGLITE_LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    expect(() => lockPgliteFolder(dir)).toThrow(`in use by PID ${process.pid}`);
    lock.release();
    lock.release();
    expect(readdirSync(dir)).toEqual([PGLITE_LOCK_DATABASE]);
    const again = lockPgliteFolder(dir);
    again.release();
  });

  it('is never held by two processes at once: 20 racing openers a round, with and without a stale lock', async () => {
    const root = tempDir();
    // Each racer waits for the start signal, takes the lock, logs "+PID", holds it a moment, logs
    // "-PID" and lets go; a racer that is refused logs nothing.
    const worker = compileStoreWorker(
      root,
      `import { appendFileSync, existsSync } from 'node:fs';
import { lockPgliteFolder } from './store/postgres/pglite-lock.js';
const [dir, log, go] = process.argv.slice(2);
process.stdout.write('ready\\n');
while (!existsSync(go)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
let lock;
try {
  lock = lockPgliteFolder(dir);
} catch (error) {
  if (error.code !== 'CONFIG_ERROR') throw error;
  process.exit(0);
}
appendFileSync(log, '+' + process.pid + '\\n');
Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
appendFileSync(log, '-' + process.pid + '\\n');
lock.release();
`,
    );
    const deadPid = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', '']);
      child.once('exit', () => resolve(child.pid!));
    });
    const ROUNDS = 6;
    const RACERS = 20;
    let holders = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const dir = path.join(root, `round-${round}`);
      const log = path.join(root, `round-${round}.log`);
      const go = path.join(root, `round-${round}.go`);
      writeFileSync(log, '');
      if (round % 2 === 1) {
        // A lock left by a process that is gone: every racer sees it stale.
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, PGLITE_LOCK_FILE), `${deadPid}\n`);
      }
      const racers = Array.from({ length: RACERS }, () =>
        spawn(process.execPath, [worker, dir, log, go], { stdio: ['ignore', 'pipe', 'inherit'] }),
      );
      await Promise.all(
        racers.map(
          (child) =>
            new Promise<void>((resolve) => {
              child.stdout!.once('data', () => resolve());
            }),
        ),
      );
      const exited = racers.map(
        (child) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))),
      );
      writeFileSync(go, '');
      expect(await Promise.all(exited)).toEqual(Array(RACERS).fill(0));
      let holding = 0;
      let most = 0;
      for (const line of readFileSync(log, 'utf8').split('\n').filter(Boolean)) {
        holding += line.startsWith('+') ? 1 : -1;
        most = Math.max(most, holding);
      }
      expect(most, `round ${round}: most holders at once`).toBe(1);
      holders += readFileSync(log, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('+')).length;
      // Every racer let go: no lock is left behind.
      expect(existsSync(path.join(dir, PGLITE_LOCK_FILE)), `round ${round}`).toBe(false);
    }
    expect(holders).toBeGreaterThanOrEqual(ROUNDS);
  }, 240_000);
});
