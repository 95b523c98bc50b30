import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/support/corpus.js';
import { ensureBuilt } from '../../../test/support/ensure-built.js';
import { PGLITE_LOCK_FILE } from './pglite-lock.js';
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
