#!/usr/bin/env node
// SQLite page size of a new cairn file (`pageSizeBytes`): for each size, --chunks clustered unit
// vectors × 384 (bench/support/synthetic-data.mjs) with a sentence of text and two metadata
// fields each are inserted in batches of 1,000 (no vector index), and the bench prints insert
// throughput, the file's size and the share of the chunk table's pages left empty (SQLite's
// `dbstat`). Results in bench/results/page-size.json. Run after `npm run build`.
// Usage: node bench/page-size.mjs [--chunks 200000] [--sizes 4096,16384,32768,65536]
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { openSqliteStore } from '../dist/index.js';
import { syntheticChunk } from './support/synthetic-chunk.mjs';
import { syntheticData } from './support/synthetic-data.mjs';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({
  options: {
    chunks: { type: 'string', default: '200000' },
    sizes: { type: 'string', default: '4096,16384,32768,65536' },
  },
});
const n = Number(values.chunks);
const dimension = 384;
const data = syntheticData(dimension);
const vectors = Array.from({ length: n }, () => Float32Array.from(data.clustered()));
const texts = Array.from({ length: n }, () => data.sentence());

const results = {
  date: new Date().toISOString(),
  node: process.version,
  machine: '2 shared cores (other engineers working in parallel), 24 GiB',
  chunks: n,
  dimension,
  sizes: {},
};
for (const pageSizeBytes of values.sizes.split(',').map(Number)) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-page-size-'));
  const file = path.join(dir, 'cairn.db');
  const store = await openSqliteStore({ path: file, pageSizeBytes, vectorIndex: false });
  await store.createCollection('bench', { model: 'synthetic', dimension });
  const began = performance.now();
  for (let start = 0; start < n; start += 1000) {
    const chunks = [];
    for (let i = start; i < Math.min(n, start + 1000); i++) {
      chunks.push(syntheticChunk(i, { text: texts[i], embedding: vectors[i], tokenCount: 20 }));
    }
    await store.upsertChunks({ collection: 'bench' }, chunks);
  }
  const seconds = (performance.now() - began) / 1000;
  await store.close();
  const db = new Database(file, { readonly: true });
  const table = db
    .prepare(
      // The largest table is the chunk table.
      'SELECT sum(d.pgsize) AS size, sum(d.unused) AS unused FROM dbstat AS d ' +
        "JOIN sqlite_schema AS s ON s.name = d.name WHERE s.type = 'table' " +
        'GROUP BY d.name ORDER BY size DESC LIMIT 1',
    )
    .get();
  db.close();
  results.sizes[pageSizeBytes] = {
    chunksPerSecond: Math.round(n / seconds),
    fileMiB: +(statSync(file).size / 2 ** 20).toFixed(1),
    chunkTableMiB: +(table.size / 2 ** 20).toFixed(1),
    chunkTableEmptyPercent: +((100 * table.unused) / table.size).toFixed(1),
  };
  console.log(pageSizeBytes, JSON.stringify(results.sizes[pageSizeBytes]));
  rmSync(dir, { recursive: true, force: true });
}
writeResult('bench/results/page-size.json', results);
