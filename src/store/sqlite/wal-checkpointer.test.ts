import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { compileStoreWorker } from '../../../test/support/store-worker.js';
import { openSqliteStore } from './sqlite-store.js';

const root = mkdtempSync(join(tmpdir(), 'cairn-wal-checkpointer-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let files = 0;
const freshPath = () => join(root, `${++files}.db`);

/** Runs a compiled worker script to its end; resolves with its exit code and output. */
async function runToEnd(worker: string, args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [worker, ...args], { timeout: 30_000 });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; killed?: boolean; stdout?: string; stderr?: string };
    return {
      code: failed.killed ? -1 : (failed.code ?? -1),
      stdout: `${failed.stdout ?? ''}${failed.stderr ?? ''}`,
    };
  }
}

/**
 * The checkpointer itself on a raw connection, started at once (no size threshold): writes,
 * checks the worker runs, then ends with or without `close`.
 */
const RAW_PART = `
async function raw(path, ending) {
const { WalCheckpointer } = await import('./store/sqlite/wal-checkpointer.js');
const require = createRequire(import.meta.url);
const Database = require('better-sqlite3');
const db = new Database(path);
db.pragma('journal_mode = WAL');
db.exec('CREATE TABLE t (x BLOB)');
const checkpointer = new WalCheckpointer(db, path, { driver: require.resolve('better-sqlite3') }, 0);
const insert = db.prepare('INSERT INTO t VALUES (?)');
for (let i = 0; i < 200; i++) {
  db.exec('BEGIN');
  for (let j = 0; j < 50; j++) insert.run(Buffer.alloc(1024, i));
  db.exec('COMMIT');
  checkpointer.committed();
}
console.log(JSON.stringify({ running: checkpointer.running }));
if (ending === 'close') {
  await checkpointer.close();
  db.close();
  console.log('closed');
}
}
`;

/**
 * A store written past the size at which the checkpointer starts (8 MiB of WAL), then ended
 * with or without \`close\`; prints how many chunks it committed.
 */
const STORE_PART = `
async function store(path, ending) {
const { openSqliteStore } = await import('./store/sqlite/sqlite-store.js');
const store = await openSqliteStore({ path, vectorIndex: false });
await store.createCollection('docs', { model: 'm', dimension: 384 });
const chunk = (n) => ({ id: 'c' + n, documentId: 'd' + (n % 50), sourceId: 'd' + (n % 50), ordinal: n,
  text: 'chunk ' + n + ' ' + 'words '.repeat(100), headingPath: [], pageStart: 1, pageEnd: 1, tokenCount: 100,
  metadata: { n }, embedding: Array.from({ length: 384 }, (_, i) => Math.sin(n + i) + 0.01) });
let written = 0;
// 'killed' keeps writing until the test kills it, so that the kill never races the script's end.
for (let batch = 0; batch < (ending === 'killed' ? 400 : 12); batch++) {
  await store.upsertChunks({ collection: 'docs' }, Array.from({ length: 500 }, (_, i) => chunk(written + i)));
  written += 500;
  console.log(JSON.stringify({ written }));
}
if (ending === 'close') await store.close();
}
`;

/** Both scripts, compiled once: \`worker.js raw|store <path> close|leave\`. */
const WORKER = `import { createRequire } from 'node:module';
${RAW_PART}
${STORE_PART}
const [kind, path, ending] = process.argv.slice(2);
await (kind === 'raw' ? raw : store)(path, ending);
`;

let compiled: string | undefined;
const worker = () => {
  compiled ??= compileStoreWorker(root, WORKER);
  return compiled;
};

describe('WalCheckpointer', () => {
  it('lets a process end by itself (exit 0), with or without close, committing everything', async () => {
    // Three rounds each: the exit-13 failure this guards against (close awaiting an unref'd
    // worker's exit) depended on which of two threads finished first.
    for (let round = 0; round < 3; round++) {
      for (const ending of ['close', 'leave']) {
        const path = freshPath();
        const run = await runToEnd(worker(), ['raw', path, ending]);
        expect(run, `${ending}, round ${round}`).toMatchObject({ code: 0 });
        const lines = run.stdout.trim().split('\n');
        expect(JSON.parse(lines[0]!)).toEqual({ running: true });
        if (ending === 'close') {
          expect(lines[1]).toBe('closed');
          // The writer's connection closed last: it checkpointed and removed the WAL.
          expect(existsSync(`${path}-wal`)).toBe(false);
        }
        const Database = (await import('better-sqlite3')).default;
        const db = new Database(path, { readonly: true });
        expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 200 * 50 });
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        db.close();
      }
    }
  }, 120_000);

  it('a store past the threshold: the process exits 0 without close, and loses no chunk', async () => {
    for (const ending of ['leave', 'close', 'leave']) {
      const path = freshPath();
      const run = await runToEnd(worker(), ['store', path, ending]);
      expect(run, ending).toMatchObject({ code: 0 });
      if (ending === 'close') expect(existsSync(`${path}-wal`)).toBe(false);
      const store = await openSqliteStore({ path, vectorIndex: false });
      expect(await store.countChunks({ collection: 'docs' })).toBe(6000);
      await store.close();
    }
  }, 120_000);

  it('loses no committed chunk when the writer is killed (SIGKILL) while checkpoints run', async () => {
    for (let round = 0; round < 3; round++) {
      const path = freshPath();
      const child: ChildProcess = spawn(process.execPath, [worker(), 'store', path, 'killed'], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let committed = 0;
      // Killed once more than the 8 MiB that start the worker are written, at a varying batch.
      const killAfter = 3000 + 500 * round;
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.once('exit', (_code, signal) => resolve(signal)),
      );
      child.stdout!.setEncoding('utf8');
      child.stdout!.on('data', (text: string) => {
        for (const line of text.trim().split('\n')) committed = JSON.parse(line).written;
        if (committed >= killAfter) child.kill('SIGKILL');
      });
      expect(await exited).toBe('SIGKILL');
      const store = await openSqliteStore({ path, vectorIndex: false });
      // Every batch it reported is there (one more may have committed before the signal).
      const count = await store.countChunks({ collection: 'docs' });
      expect(count).toBeGreaterThanOrEqual(committed);
      expect(count % 500).toBe(0);
      await store.close();
    }
  }, 120_000);
});
