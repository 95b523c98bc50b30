// Inserts into cairn's SQLite store, two builds back to back (e.g. before and after a change to
// the write path), alternating in fresh processes: `n` realistic 384-dimensional vectors written
// by `upsertChunks` in batches of 1,000 (bench/support/synthetic-chunk.mjs, as
// bench/dense-at-scale.mjs writes them). Each round records the wall seconds, the CPU seconds of
// the whole process and of its main thread alone (Linux: /proc/self/task/<pid>/stat), the bytes
// the process wrote (/proc/self/io) and the 1-minute load average before and after.
//
// Usage: nice node bench/insert-checkpoints.mjs --before /tmp/dist-before --after dist
//          [--chunks 250000] [--rounds 2] [--out bench/results/insert-checkpoints.json]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { generateVectors } from './support/dense-vectors.mjs';
import { syntheticChunk } from './support/synthetic-chunk.mjs';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string', default: 'dist' },
    chunks: { type: 'string', default: '250000' },
    rounds: { type: 'string', default: '2' },
    out: { type: 'string', default: 'bench/results/insert-checkpoints.json' },
    worker: { type: 'string' },
    vectors: { type: 'string' },
  },
});
const n = Number(values.chunks);
const dim = 384;

/** User + system seconds of this process's main thread (clock ticks of 1/100 s). */
function mainThreadCpu() {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}
const writtenBytes = () => Number(/write_bytes: (\d+)/.exec(readFileSync('/proc/self/io', 'utf8'))[1]);

if (values.worker !== undefined) {
  const { openSqliteStore } = await import(pathToFileURL(path.resolve(values.worker, 'index.js')).href);
  const buffer = readFileSync(values.vectors);
  const vectors = new Float32Array(buffer.buffer, buffer.byteOffset, buffer.byteLength / 4);
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-insert-checkpoints-'));
  const store = await openSqliteStore({ path: path.join(dir, 'cairn.db') });
  await store.createCollection('bench', { model: 'synthetic', dimension: dim });
  const scope = { collection: 'bench' };
  const began = performance.now();
  const cpu = process.cpuUsage();
  const thread = mainThreadCpu();
  const bytes = writtenBytes();
  for (let start = 0; start < n; start += 1000) {
    const chunks = [];
    for (let i = start; i < Math.min(n, start + 1000); i++) {
      chunks.push(
        syntheticChunk(i, { text: `chunk ${i}`, embedding: vectors.subarray(i * dim, (i + 1) * dim) }),
      );
    }
    await store.upsertChunks(scope, chunks);
  }
  const used = process.cpuUsage(cpu);
  const result = {
    seconds: +((performance.now() - began) / 1000).toFixed(2),
    cpuSeconds: +((used.user + used.system) / 1e6).toFixed(2),
    mainThreadCpuSeconds: +(mainThreadCpu() - thread).toFixed(2),
    writtenMiB: +((writtenBytes() - bytes) / 2 ** 20).toFixed(0),
  };
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  process.stdout.write(JSON.stringify(result));
  process.exit(0);
}

const vectorFile = path.join(tmpdir(), `insert-checkpoints-realistic-${n}x${dim}.f32`);
if (!existsSync(vectorFile)) {
  const { vectors } = generateVectors({ distribution: 'realistic', dimension: dim, count: n, queries: 0 });
  writeFileSync(vectorFile, Buffer.from(vectors.buffer));
}
const script = fileURLToPath(import.meta.url);
const results = {
  date: new Date().toISOString(),
  node: process.version,
  machine: '2 shared cores (other engineers working in parallel)',
  chunks: n,
  builds: { before: values.before, after: values.after },
  rounds: [],
};
for (let round = 0; round < Number(values.rounds); round++) {
  for (const build of ['before', 'after']) {
    const loadBefore = +loadavg()[0].toFixed(2);
    const child = spawnSync(
      process.execPath,
      [script, '--worker', values[build], '--vectors', vectorFile, '--chunks', String(n)],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const entry = {
      round,
      build,
      ...JSON.parse(child.stdout),
      loadBefore,
      loadAfter: +loadavg()[0].toFixed(2),
    };
    results.rounds.push(entry);
    console.error(JSON.stringify(entry));
    writeFileSync(values.out, `${JSON.stringify(results, null, 2)}\n`);
  }
}
