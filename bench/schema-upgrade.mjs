// How long a SQLite collection's schema upgrade takes at scale: `n` realistic 384-dimensional
// chunks written by one build (e.g. the one before a schema version), then the file opened by
// another, timing the first call that uses the collection (it runs the upgrade in one
// transaction). Records wall and CPU seconds, the file size and the 1-minute load average.
//
// Usage: nice node bench/schema-upgrade.mjs --before <dist of the older build> --after dist
//          [--chunks 1000000] [--out bench/results/schema-upgrade.json]
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { generateVectors } from './support/dense-vectors.mjs';
import { syntheticChunk } from './support/synthetic-chunk.mjs';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string', default: 'dist' },
    chunks: { type: 'string', default: '1000000' },
    out: { type: 'string', default: 'bench/results/schema-upgrade.json' },
  },
});
const n = Number(values.chunks);
const dim = 384;
const load = async (dist) => import(pathToFileURL(path.resolve(dist, 'index.js')).href);
const dir = mkdtempSync(path.join(tmpdir(), 'bench-schema-upgrade-'));
const file = path.join(dir, 'cairn.db');
const scope = { collection: 'bench' };

const older = await load(values.before);
const { vectors } = generateVectors({ distribution: 'realistic', dimension: dim, count: n, queries: 0 });
const writer = await older.openSqliteStore({ path: file, vectorIndex: false });
await writer.createCollection('bench', { model: 'synthetic', dimension: dim });
for (let start = 0; start < n; start += 1000) {
  const chunks = [];
  for (let i = start; i < Math.min(n, start + 1000); i++) {
    chunks.push(
      syntheticChunk(i, { text: `chunk ${i}`, embedding: vectors.subarray(i * dim, (i + 1) * dim) }),
    );
  }
  await writer.upsertChunks(scope, chunks);
}
const from = (await writer.getCollection('bench')).schemaVersion;
await writer.close();

const newer = await load(values.after);
const loadBefore = loadavg()[0];
const began = performance.now();
const cpu = process.cpuUsage();
const reader = await newer.openSqliteStore({ path: file, vectorIndex: false });
const count = await reader.countChunks(scope);
const used = process.cpuUsage(cpu);
const seconds = (performance.now() - began) / 1000;
const to = (await reader.getCollection('bench')).schemaVersion;
await reader.close();
const result = {
  date: new Date().toISOString(),
  chunks: n,
  count,
  builds: { before: values.before, after: values.after },
  schemaVersion: { from, to },
  fileMiB: +(statSync(file).size / 2 ** 20).toFixed(1),
  upgrade: { seconds: +seconds.toFixed(2), cpuSeconds: +((used.user + used.system) / 1e6).toFixed(2) },
  loadBefore: +loadBefore.toFixed(2),
  loadAfter: +loadavg()[0].toFixed(2),
};
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify(result));
writeResult(values.out, result);
