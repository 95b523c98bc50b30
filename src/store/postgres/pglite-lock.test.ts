import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/support/corpus.js';
import { ensureBuilt } from '../../../test/support/ensure-built.js';
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

const children: ChildProcess[] = [];
beforeAll(() => ensureBuilt());
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe('a pglite: data folder', () => {
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
    const ROUNDS = 6;
    const RACERS = 20;
    // Each racer runs every round: it waits for the round's start signal, takes the lock, logs
    // "+PID", holds it a moment, logs "-PID" and lets go (a racer that is refused logs nothing),
    // then says the round is done. The same 20 processes race each round (the lock is taken and
    // released by a process that holds no other state), instead of 20 fresh ones a round.
    const worker = path.join(root, 'racer.mjs');
    writeFileSync(
      worker,
      `import { appendFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
const { lockPgliteFolder } = await import(process.argv[2]);
const [, , , root, rounds] = process.argv;
const pause = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
for (let round = 0; round < Number(rounds); round++) {
  const dir = path.join(root, 'round-' + round);
  const log = path.join(root, 'round-' + round + '.log');
  while (!existsSync(path.join(root, 'round-' + round + '.go'))) pause(1);
  let lock;
  try {
    lock = lockPgliteFolder(dir);
  } catch (error) {
    if (error.code !== 'CONFIG_ERROR') throw error;
  }
  if (lock) {
    appendFileSync(log, '+' + process.pid + '\\n');
    pause(20);
    appendFileSync(log, '-' + process.pid + '\\n');
    lock.release();
  }
  process.stdout.write('done ' + round + '\\n');
}
`,
    );
    const deadPid = await new Promise<number>((resolve) => {
      const child = spawn(process.execPath, ['-e', '']);
      child.once('exit', () => resolve(child.pid!));
    });
    const lockModule = pathToFileURL(path.resolve('dist/store/postgres/pglite-lock.js')).href;
    const racers = Array.from({ length: RACERS }, () => {
      const child = spawn(process.execPath, [worker, lockModule, root, String(ROUNDS)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      const lines = createInterface({ input: child.stdout! });
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      /** Resolves when the racer has finished `round`; rejects if it exits before. */
      const done = (round: number) =>
        new Promise<void>((resolve, reject) => {
          const onLine = (line: string) => {
            if (line !== `done ${round}`) return;
            lines.off('line', onLine);
            resolve();
          };
          lines.on('line', onLine);
          void exited.then((code) =>
            reject(new Error(`racer exited with ${code} before round ${round} was done`)),
          );
        });
      return { exited, done };
    });
    let holders = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const dir = path.join(root, `round-${round}`);
      const log = path.join(root, `round-${round}.log`);
      writeFileSync(log, '');
      if (round % 2 === 1) {
        // A lock left by a process that is gone: every racer sees it stale.
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, PGLITE_LOCK_FILE), `${deadPid}\n`);
      }
      const done = racers.map((racer) => racer.done(round));
      writeFileSync(path.join(root, `round-${round}.go`), '');
      await Promise.all(done);
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
    expect(await Promise.all(racers.map((racer) => racer.exited))).toEqual(Array(RACERS).fill(0));
    expect(holders).toBeGreaterThanOrEqual(ROUNDS);
  }, 240_000);
});
