import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { storedChunk } from '../../../test/support/store-records.js';
import { compileStoreWorker } from '../../../test/support/store-worker.js';
import type { Scope } from '../../core/ports.js';
import type { StoredChunk } from '../../core/types.js';
import { tableNameFor } from '../sql/table-name.js';
import { vectorIndexFolder } from './sqlite-backend.js';
import { openSqliteStore, type SqliteStore } from './sqlite-store.js';
import { loadUsearch } from './usearch-module.js';

const root = mkdtempSync(join(tmpdir(), 'cairn-vector-index-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let files = 0;
const freshPath = () => {
  const path = join(root, `${++files}`, 'store.db');
  mkdirSync(dirname(path), { recursive: true });
  return path;
};
const S: Scope = { collection: 'docs' };
const DIM = 8;

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647 - 0.5;
  };
}

function chunks(count: number, seed: number, meta: (i: number) => Record<string, number> = (i) => ({ i })) {
  const next = random(seed);
  return Array.from(
    { length: count },
    (_, i): StoredChunk => ({
      ...storedChunk(`doc${Math.floor(i / 10)}`, i % 10, { metadata: meta(i) }),
      sourceId: `src${i % 7}`,
      embedding: Array.from({ length: DIM }, next),
    }),
  );
}

/** Index settings that partition collections of this test's size (the default waits for 50,000). */
const PARTITIONED = { partitionAbove: 64 };

/**
 * Every chunk found by its own vector through the index alone, every list scanned (so only a
 * missing vector or a wrong one fails); and at least 95% of them by a search of the one nearest
 * list (a vector lives in the list of its nearest centroid, so each should find itself there).
 */
async function everyChunkFindsItself(store: SqliteStore): Promise<void> {
  const all: StoredChunk[] = [];
  for await (const page of store.iterChunks({ ...S })) all.push(...page);
  expect(await store.refreshVectorIndex('docs')).toBe(all.length);
  const whole = await openSqliteStore({
    path: store.path,
    vectorIndex: { ...PARTITIONED, scanBelow: 0, probes: 1_000_000 },
  });
  const narrow = await openSqliteStore({
    path: store.path,
    vectorIndex: { ...PARTITIONED, scanBelow: 0, probes: 1, rescore: 1 },
  });
  try {
    let found = 0;
    for (const chunk of all) {
      const [hit] = await whole.denseSearch({ ...S, vector: chunk.embedding!, topK: 1 });
      expect(hit?.chunk.id).toBe(chunk.id);
      const [near] = await narrow.denseSearch({ ...S, vector: chunk.embedding!, topK: 1 });
      if (near?.chunk.id === chunk.id) found++;
    }
    expect(found / all.length).toBeGreaterThanOrEqual(0.95);
  } finally {
    await whole.close();
    await narrow.close();
  }
}

/** The saved index folders of the collection. */
function savedIndexes(path: string): string[] {
  try {
    return readdirSync(join(vectorIndexFolder(path), tableNameFor('docs'))).filter(
      (name) => !name.startsWith('.'),
    );
  } catch {
    return [];
  }
}

const ids = (hits: Array<{ chunk: { id: string } }>) => hits.map((hit) => hit.chunk.id);

const WRITER = `import { openSqliteStore } from './store/sqlite/sqlite-store.js';
const [path, seedText] = process.argv.slice(2);
let seed = Number(seedText);
const next = () => { seed = (seed * 16807) % 2147483647; return seed / 2147483647 - 0.5; };
const store = await openSqliteStore({ path, vectorIndex: { partitionAbove: 64 } });
await store.createCollection('docs', { model: 'm', dimension: ${DIM} });
const chunk = (n) => ({ id: 'c' + n, documentId: 'd' + (n % 50), sourceId: 'd' + (n % 50), ordinal: n, text: 'chunk ' + n,
  headingPath: [], pageStart: 1, pageEnd: 1, tokenCount: 2, metadata: { n }, embedding: Array.from({ length: ${DIM} }, next) });
console.log('ready');
for (let round = 0; ; round++) {
  const picked = new Set(Array.from({ length: 20 }, () => Math.floor((next() + 0.5) * 400)));
  const batch = [...picked].map(chunk);
  await store.upsertChunks({ collection: 'docs' }, batch);
  await store.deleteChunks({ collection: 'docs' }, { ids: ['c' + Math.floor((next() + 0.5) * 400)] });
  await store.denseSearch({ collection: 'docs', vector: batch[0].embedding, topK: 3 });
  if (round % 7 === 3) await store.refreshVectorIndex('docs');
}
`;

const withIndex = loadUsearch() === undefined ? describe.skip : describe;

withIndex('the approximate index (requires the optional package usearch)', () => {
  it('answers as exact search does, with and without filters, through the index and through scans', async () => {
    const store = await openSqliteStore({
      path: freshPath(),
      vectorIndex: { ...PARTITIONED, scanBelow: 50 },
    });
    await store.createCollection('docs', { model: 'm', dimension: DIM });
    await store.upsertChunks(
      S,
      chunks(600, 11, (i) => ({ tenth: i % 10, bucket: i % 100 })),
    );
    const next = random(99);
    let recalled = 0;
    let wanted = 0;
    for (let q = 0; q < 20; q++) {
      const vector = Array.from({ length: DIM }, next);
      for (const condition of [
        {},
        { filter: { tenth: 3 } },
        { filter: { bucket: 7 } },
        { filter: { $not: { tenth: 1 } } },
        { filter: { bucket: { $in: [1, 2] } }, sourceIds: ['src3'] },
        { keepBest: true },
      ]) {
        const approximate = await store.denseSearch({ ...S, vector, topK: 5, ...condition });
        const exact = await store.denseSearch({ ...S, vector, topK: 5, exact: true, ...condition });
        expect(approximate.length).toBe(exact.length);
        const overlap = ids(approximate).filter((id) => ids(exact).includes(id)).length;
        expect(overlap).toBeGreaterThanOrEqual(exact.length - 2);
        recalled += overlap;
        wanted += exact.length;
        for (const hit of approximate) {
          const same = exact.find((other) => other.chunk.id === hit.chunk.id);
          if (same !== undefined) expect(hit.score).toBeCloseTo(same.score, 5);
        }
      }
    }
    // Unclustered 8-dimensional vectors in 25 lists, 5 of them probed: the hardest case for an IVF
    // index, and still 95% of the exact hits.
    expect(recalled / wanted).toBeGreaterThanOrEqual(0.95);
    await store.close();
  });

  it('returns topK filtered hits when the filter and the query point in opposite directions', async () => {
    const store = await openSqliteStore({
      path: freshPath(),
      vectorIndex: { ...PARTITIONED, scanBelow: 0, breadth: 10 },
    });
    await store.createCollection('docs', { model: 'm', dimension: DIM });
    const near = Array.from({ length: 300 }, (_, i) => ({
      ...storedChunk('near', i, { metadata: { side: 'near' } }),
      embedding: [1, 0.01 * (i % 7), 0, 0, 0, 0, 0, 0.001 * i],
    }));
    const far = Array.from({ length: 12 }, (_, i) => ({
      ...storedChunk('far', i, { metadata: { side: 'far' } }),
      embedding: [-1, 0, 0.01 * i, 0, 0, 0, 0, 0],
    }));
    await store.upsertChunks(S, [...near, ...far]);
    const hits = await store.denseSearch({
      ...S,
      vector: [1, 0, 0, 0, 0, 0, 0, 0],
      topK: 10,
      filter: { side: 'far' },
    });
    expect(hits).toHaveLength(10);
    expect(hits.every((hit) => hit.chunk.metadata.side === 'far')).toBe(true);
    await store.close();
  });

  it('follows writes, overwrites and deletes without a rebuild, in this process and from another store', async () => {
    const path = freshPath();
    const store = await openSqliteStore({ path, vectorIndex: PARTITIONED });
    await store.createCollection('docs', { model: 'm', dimension: DIM });
    const first = chunks(200, 5);
    await store.upsertChunks(S, first);
    await everyChunkFindsItself(store);
    const writer = await openSqliteStore({ path, vectorIndex: PARTITIONED });
    await writer.upsertChunks(S, chunks(50, 6)); // overwrites doc0…doc4 with new vectors
    await writer.deleteChunks(S, { documentIds: ['doc19'] });
    await writer.close();
    const [moved] = chunks(1, 6);
    const [hit] = await store.denseSearch({ ...S, vector: moved!.embedding!, topK: 1 });
    expect(hit?.chunk.id).toBe(moved!.id);
    expect(await store.countChunks(S)).toBe(190);
    await everyChunkFindsItself(store);
    await store.close();
  });

  it('saves the index beside the database, loads it on open, and rebuilds it when damaged or foreign', async () => {
    const path = freshPath();
    let store = await openSqliteStore({ path, vectorIndex: PARTITIONED });
    await store.createCollection('docs', { model: 'm', dimension: DIM });
    await store.upsertChunks(S, chunks(300, 8));
    await store.refreshVectorIndex('docs');
    await store.close();
    const [saved] = savedIndexes(path);
    expect(saved).toMatch(/^[0-9a-f-]{36}\.\d+$/);
    // Damage the saved vectors: the next open notices and rebuilds from the chunk table.
    const damaged = join(vectorIndexFolder(path), tableNameFor('docs'), saved!, 'vectors.bin');
    truncateSync(damaged, 100);
    store = await openSqliteStore({ path, vectorIndex: PARTITIONED });
    await everyChunkFindsItself(store);
    await store.close();
    // The rebuilt index was saved in the damaged one's place, so the next open loads it.
    expect(savedIndexes(path)).toEqual([saved]);
    expect(statSync(damaged).size).toBeGreaterThan(100);
    // A collection dropped and created again under the same name never takes the old files.
    store = await openSqliteStore({ path, vectorIndex: PARTITIONED });
    await store.dropCollection('docs');
    expect(savedIndexes(path)).toEqual([]);
    await store.createCollection('docs', { model: 'm', dimension: DIM });
    await store.upsertChunks(S, chunks(40, 9));
    await store.refreshVectorIndex('docs');
    await store.close();
    const stale = join(
      vectorIndexFolder(path),
      tableNameFor('docs'),
      '00000000-0000-4000-8000-000000000000.999',
    );
    mkdirSync(stale);
    writeFileSync(join(stale, 'vectors.bin'), 'not an index');
    store = await openSqliteStore({ path, vectorIndex: PARTITIONED });
    await everyChunkFindsItself(store);
    await store.close();
  });

  it('leaves a namesake alone when a store that still holds the dropped collection closes', async () => {
    // Store `stale` holds the index of `docs` with unsaved changes while another store drops the
    // collection and creates it again; closing `stale` must neither save the dropped collection's
    // index over the new one's nor prune the new one's tombstones past its version (which made
    // every search of the new collection rebuild its index).
    const path = freshPath();
    const stale = await openSqliteStore({ path, vectorIndex: PARTITIONED });
    await stale.createCollection('docs', { model: 'm', dimension: DIM });
    const old = chunks(300, 31);
    for (let i = 0; i < 300; i += 10) await stale.upsertChunks(S, old.slice(i, i + 10));
    await stale.denseSearch({ ...S, vector: old[0]!.embedding!, topK: 1 });
    const other = await openSqliteStore({ path, vectorIndex: PARTITIONED });
    await other.dropCollection('docs');
    await other.createCollection('docs', { model: 'm', dimension: DIM });
    await other.upsertChunks(S, chunks(100, 32));
    await other.deleteChunks(S, { ids: ['doc0:0'] });
    await other.refreshVectorIndex('docs');
    const before = savedIndexes(path);
    expect(before).toHaveLength(1);
    await stale.close();
    expect(savedIndexes(path)).toEqual(before);
    const db = new Database(path, { readonly: true });
    const state = db.prepare(`SELECT epoch, version, floor FROM ${tableNameFor('docs')}_state`).get() as {
      epoch: string;
      version: number;
      floor: number;
    };
    db.close();
    expect(before[0]).toBe(`${state.epoch}.${state.version}`);
    expect(state.floor).toBeLessThanOrEqual(state.version);
    await everyChunkFindsItself(other);
    // Dropped and not created again: the closing store writes no files for it.
    const holder = await openSqliteStore({ path, vectorIndex: PARTITIONED });
    await holder.upsertChunks(S, chunks(5, 33));
    await holder.denseSearch({ ...S, vector: old[0]!.embedding!, topK: 1 });
    await other.dropCollection('docs');
    await holder.close();
    await other.close();
    expect(savedIndexes(path)).toEqual([]);
  });

  it('refuses a FIFO or a link to /dev/zero in place of the saved vectors, with a warning, and rebuilds without hanging', async () => {
    const path = freshPath();
    let store = await openSqliteStore({ path, vectorIndex: PARTITIONED });
    await store.createCollection('docs', { model: 'm', dimension: DIM });
    await store.upsertChunks(S, chunks(300, 18));
    await store.refreshVectorIndex('docs');
    await store.close();
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    onTestFinished(() => {
      process.off('warning', onWarning);
    });
    for (const replace of [
      (file: string) => execFileSync('mkfifo', [file]),
      (file: string) => symlinkSync('/dev/zero', file),
    ]) {
      const [saved] = savedIndexes(path);
      const file = join(vectorIndexFolder(path), tableNameFor('docs'), saved!, 'vectors.bin');
      rmSync(file);
      replace(file);
      // Nobody writes the FIFO and /dev/zero never ends: reading either would never return.
      store = await openSqliteStore({ path, vectorIndex: PARTITIONED });
      await everyChunkFindsItself(store);
      await store.close();
      expect(lstatSync(file).isFile()).toBe(true);
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => /vectors\.bin: is a FIFO/.test(w))).toHaveLength(1);
    expect(warnings.filter((w) => /vectors\.bin: is a symbolic link/.test(w))).toHaveLength(1);
  });

  it('loads its save of more vectors than write batches, instead of refusing it as too large and rebuilding', async () => {
    // 60,000 × 384 written in 3 batches: the save (23 MiB of codes) is larger than a bound
    // reckoned from the write sequence number (3 batches) allows; the bound is the rows.
    const path = freshPath();
    const settings = { partitionAbove: 100_000_000 };
    let store = await openSqliteStore({ path, vectorIndex: settings });
    const dimension = 384;
    await store.createCollection('docs', { model: 'm', dimension });
    const next = random(71);
    let probe: StoredChunk | undefined;
    for (let batch = 0; batch < 3; batch++) {
      const written = Array.from({ length: 20_000 }, (_, i) => ({
        ...storedChunk(`doc${batch}-${i}`, 0),
        embedding: Array.from({ length: dimension }, next),
      }));
      probe ??= written[0];
      await store.upsertChunks(S, written);
    }
    expect(await store.refreshVectorIndex('docs')).toBe(60_000);
    await store.close();
    const [saved] = savedIndexes(path);
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    onTestFinished(() => {
      process.off('warning', onWarning);
    });
    store = await openSqliteStore({ path, vectorIndex: settings });
    onTestFinished(() => store.close());
    const [hit] = await store.denseSearch({ ...S, vector: probe!.embedding!, topK: 1 });
    expect(hit?.chunk.id).toBe(probe!.id);
    await store.close();
    await new Promise((resolve) => setImmediate(resolve));
    // A refused save says so in a warning (and is rebuilt from the chunk table).
    expect(warnings).toEqual([]);
    expect(
      statSync(join(vectorIndexFolder(path), tableNameFor('docs'), saved!, 'vectors.bin')).size,
    ).toBeGreaterThan(60_000 * dimension);
  }, 600_000);

  it("rebuilds a saved index damaged in place, so no namespace answers with another one's chunks", async () => {
    const path = freshPath();
    let store = await openSqliteStore({ path, vectorIndex: PARTITIONED });
    await store.createCollection('docs', { model: 'm', dimension: DIM });
    const a = chunks(10, 41);
    const b = chunks(10, 42);
    await store.upsertChunks({ ...S, namespace: 'a' }, a);
    await store.upsertChunks({ ...S, namespace: 'b' }, b);
    await store.refreshVectorIndex('docs');
    await store.close();
    // Every saved vector moved to namespace `a`'s id: sizes, seqs and ranges all still valid.
    const [saved] = savedIndexes(path);
    const file = join(vectorIndexFolder(path), tableNameFor('docs'), saved!, 'vectors.bin');
    const bytes = readFileSync(file);
    const headerLength = bytes.readUInt32LE(0);
    const header = JSON.parse(bytes.subarray(4, 4 + headerLength).toString('utf8'));
    const namespacesAt = 4 + headerLength + header.lists * 4 + header.count * 8;
    for (let i = 0; i < header.count; i++)
      bytes.writeInt32LE(header.namespaces.indexOf('a'), namespacesAt + 4 * i);
    writeFileSync(file, bytes);
    store = await openSqliteStore({ path, vectorIndex: PARTITIONED });
    const inA = await store.denseSearch({ ...S, namespace: 'a', vector: b[0]!.embedding!, topK: 20 });
    expect(ids(inA).sort()).toEqual(ids(a.map((chunk) => ({ chunk }))).sort());
    const inB = await store.denseSearch({ ...S, namespace: 'b', vector: b[0]!.embedding!, topK: 20 });
    expect(inB).toHaveLength(10);
    expect(inB[0]?.chunk.id).toBe(b[0]!.id);
    await store.close();
  });

  it('rebuilds a save whose codes were changed and its digest recomputed: sampled codes disagree with the table', async () => {
    const path = freshPath();
    let store = await openSqliteStore({ path, vectorIndex: PARTITIONED });
    await store.createCollection('docs', { model: 'm', dimension: DIM });
    await store.upsertChunks(S, chunks(300, 19));
    await store.refreshVectorIndex('docs');
    await store.close();
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    onTestFinished(() => {
      process.off('warning', onWarning);
    });
    // Every vector's code swapped with another's, the structure intact and the SHA-256 digest
    // written anew: a save that passes every check of the file alone.
    const [saved] = savedIndexes(path);
    const file = join(vectorIndexFolder(path), tableNameFor('docs'), saved!, 'vectors.bin');
    const original = readFileSync(file);
    const body = Buffer.from(original.subarray(0, original.length - 32));
    const headerLength = body.readUInt32LE(0);
    const header = JSON.parse(body.subarray(4, 4 + headerLength).toString('utf8'));
    expect(header.trainedOn).toBeGreaterThan(0);
    const codesAt = 4 + headerLength + header.lists * 4 + header.lists * DIM + header.count * (8 + 4 + 4);
    expect(codesAt + header.count * DIM).toBe(body.length);
    const codes = Buffer.from(body.subarray(codesAt));
    for (let i = 0; i < header.count; i++) {
      codes.copy(body, codesAt + i * DIM, (header.count - 1 - i) * DIM, (header.count - i) * DIM);
    }
    writeFileSync(file, Buffer.concat([body, createHash('sha256').update(body).digest()]));

    store = await openSqliteStore({ path, vectorIndex: PARTITIONED });
    await everyChunkFindsItself(store);
    await store.close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => /disagree|that its chunk table does not/.test(w))).toHaveLength(1);
    // The rebuilt index was saved in its place and loads without a warning.
    store = await openSqliteStore({ path, vectorIndex: PARTITIONED });
    await everyChunkFindsItself(store);
    await store.close();
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings).toHaveLength(1);
  }, 120_000);

  it('does not take a save newer than a database file restored from a copy', async () => {
    // The folder beside the file keeps the save of the lineage the copy was restored over; once
    // the restored file's version passes it, its seqs name other chunks (here in another namespace).
    const path = freshPath();
    let store = await openSqliteStore({ path, vectorIndex: PARTITIONED });
    await store.createCollection('docs', { model: 'm', dimension: DIM });
    const base = chunks(100, 51);
    await store.upsertChunks(S, base);
    await store.close();
    const backup = join(dirname(path), 'backup.db');
    copyFileSync(path, backup);
    store = await openSqliteStore({ path, vectorIndex: PARTITIONED });
    for (let i = 0; i < 5; i++)
      await store.upsertChunks(
        S,
        chunks(10, 52 + i).map((c) => ({ ...c, id: `live${i}:${c.id}` })),
      );
    await store.refreshVectorIndex('docs');
    await store.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${path}${suffix}`, { force: true });
    copyFileSync(backup, path);
    store = await openSqliteStore({ path, vectorIndex: PARTITIONED });
    const later: StoredChunk[] = [];
    const check = async () => {
      for (const chunk of [...base, ...later]) {
        const hits = await store.denseSearch({ ...S, vector: chunk.embedding!, topK: 3 });
        expect(hits[0]?.chunk.id).toBe(chunk.id);
        expect(ids(hits).filter((id) => /^later[1357]:/.test(id))).toEqual([]);
      }
    };
    for (let i = 0; i < 9; i++) {
      const batch = chunks(10, 60 + i).map((c) => ({ ...c, id: `later${i}:${c.id}` }));
      await store.upsertChunks({ ...S, namespace: i % 2 === 1 ? 'other' : 'default' }, batch);
      if (i % 2 === 0) later.push(...batch);
      if (i === 4) {
        // The restored file is now at the version of the other lineage's save: its own save of
        // that version must replace that folder, not defer to it.
        await store.refreshVectorIndex('docs');
        await store.close();
        store = await openSqliteStore({ path, vectorIndex: PARTITIONED });
        await check();
      }
    }
    await check();
    await store.close();
  });

  it('answers searches and takes writes while its centroids train in the background, then serves the trained lists', async () => {
    // 24,000 × 384: training them (Lloyd over a sample, then assigning all) takes about 5.5
    // steps of TRAIN_STEP_MACS; the catch-up and the search each take one, so the first search
    // returns with the training under way, and the old (single) list answers.
    const path = freshPath();
    const store = await openSqliteStore({ path, vectorIndex: { partitionAbove: 1000 } });
    onTestFinished(() => store.close());
    const dimension = 384;
    await store.createCollection('docs', { model: 'm', dimension });
    const next = random(61);
    const vector = () => Array.from({ length: dimension }, next);
    const count = 24_000;
    const written: StoredChunk[] = [];
    for (let start = 0; start < count; start += 2000) {
      const batch = Array.from({ length: 2000 }, (_, i) => ({
        ...storedChunk(`doc${start + i}`, 0),
        embedding: vector(),
      }));
      await store.upsertChunks(S, batch);
      written.push(...batch);
    }
    expect(await store.vectorIndexState('docs')).toBeUndefined();
    const first = await store.denseSearch({ ...S, vector: written[0]!.embedding!, topK: 1 });
    expect(ids(first)).toEqual([written[0]!.id]);
    expect(await store.vectorIndexState('docs')).toEqual({ vectors: count, lists: 1, training: true });
    // A write and a delete while training: the next searches see both.
    const added = { ...storedChunk('added', 0), embedding: vector() };
    await store.upsertChunks(S, [added]);
    await store.deleteChunks(S, { ids: [written[1]!.id] });
    expect(ids(await store.denseSearch({ ...S, vector: added.embedding, topK: 1 }))).toEqual([added.id]);
    const nearDeleted = await store.denseSearch({ ...S, vector: written[1]!.embedding!, topK: 5 });
    expect(ids(nearDeleted)).not.toContain(written[1]!.id);
    expect((await store.vectorIndexState('docs'))?.training).toBe(true);
    // The training goes on without further calls, between turns of the event loop.
    const deadline = Date.now() + 600_000;
    while ((await store.vectorIndexState('docs'))?.training && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await store.vectorIndexState('docs')).toEqual({
      vectors: count,
      lists: Math.ceil(Math.sqrt(count)),
      training: false,
    });
    for (const chunk of [added, ...written.filter((_, i) => i !== 1 && i % 500 === 0)]) {
      expect(ids(await store.denseSearch({ ...S, vector: chunk.embedding!, topK: 1 }))).toEqual([chunk.id]);
    }
  }, 900_000);

  it('finishes a training under way when the store closes, so the next process opens trained lists', async () => {
    // A one-shot process (`cairn search` after a large ingest) takes one training step and
    // closes: without finishing it there, the save held the untrained index and every later
    // process started the training over, never serving trained lists.
    const path = freshPath();
    const dimension = 384;
    const count = 24_000;
    const next = random(67);
    const vector = () => Array.from({ length: dimension }, next);
    const first = await openSqliteStore({ path, vectorIndex: { partitionAbove: 1000 } });
    await first.createCollection('docs', { model: 'm', dimension });
    const written: StoredChunk[] = [];
    for (let start = 0; start < count; start += 2000) {
      const batch = Array.from({ length: 2000 }, (_, i) => ({
        ...storedChunk(`doc${start + i}`, 0),
        embedding: vector(),
      }));
      await first.upsertChunks(S, batch);
      written.push(...batch);
    }
    await first.denseSearch({ ...S, vector: written[0]!.embedding!, topK: 1 });
    expect((await first.vectorIndexState('docs'))?.training).toBe(true);
    await first.close();

    const second = await openSqliteStore({ path, vectorIndex: { partitionAbove: 1000 } });
    onTestFinished(() => second.close());
    const hits = await second.denseSearch({ ...S, vector: written[7]!.embedding!, topK: 1 });
    expect(ids(hits)).toEqual([written[7]!.id]);
    expect(await second.vectorIndexState('docs')).toEqual({
      vectors: count,
      lists: Math.ceil(Math.sqrt(count)),
      training: false,
    });
  }, 900_000);

  it('searches collections where many chunks share one embedding (duplicates, boilerplate)', async () => {
    // Hundreds of identical vectors land in one list (the HNSW graph this index replaced failed
    // on them: "Reserve capacity ahead of searches!", and every later search of the file too).
    const warnings: string[] = [];
    const onWarning = (warning: Error & { code?: string }) => {
      if (warning.code === 'CAIRN_VECTOR_INDEX') warnings.push(warning.message);
    };
    process.on('warning', onWarning);
    onTestFinished(() => {
      process.off('warning', onWarning);
    });
    for (const count of [600, 3000]) {
      const path = freshPath();
      const same = Array.from({ length: DIM }, (_, i) => (i === 0 ? 1 : 0.25));
      const store = await openSqliteStore({ path, vectorIndex: PARTITIONED });
      await store.createCollection('docs', { model: 'm', dimension: DIM });
      const twins = chunks(count, 21).map((chunk, i) => ({
        ...chunk,
        embedding: i % 3 === 0 ? chunk.embedding : same,
      }));
      await store.upsertChunks(S, twins);
      const hits = await store.denseSearch({ ...S, vector: same, topK: 5 });
      expect(hits).toHaveLength(5);
      for (const hit of hits) expect(hit.score).toBeCloseTo(1, 5);
      const other = twins[0]!;
      const [first] = await store.denseSearch({ ...S, vector: other.embedding!, topK: 1 });
      expect(first?.chunk.id).toBe(other.id);
      await store.close();
      // The saved index loads again, and the index alone still finds the distinct vectors.
      const reopened = await openSqliteStore({ path, vectorIndex: { ...PARTITIONED, scanBelow: 0 } });
      expect(await reopened.denseSearch({ ...S, vector: same, topK: 5 })).toHaveLength(5);
      const [again] = await reopened.denseSearch({ ...S, vector: other.embedding!, topK: 1 });
      expect(again?.chunk.id).toBe(other.id);
      await reopened.close();
      expect(savedIndexes(path)).toHaveLength(1);
    }
    // Answered by the index, not by the exact search a failed index falls back to.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings).toEqual([]);
  });

  it('agrees with the chunk table after writer processes are killed with SIGKILL at random moments', async () => {
    const path = freshPath();
    const worker = compileStoreWorker(root, WRITER);
    for (let round = 0; round < 4; round++) {
      const child: ChildProcess = spawn(process.execPath, [worker, path, String(1000 + round)], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve, reject) => {
        child.stdout!.once('data', () => resolve());
        child.once('exit', (code) => reject(new Error(`writer exited early with ${code}`)));
      });
      const exited = new Promise<NodeJS.Signals | null>((resolve) =>
        child.once('exit', (_code, signal) => resolve(signal)),
      );
      await new Promise((resolve) => setTimeout(resolve, 150 + Math.floor(Math.random() * 900)));
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');
    }
    const store = await openSqliteStore({ path, vectorIndex: PARTITIONED });
    expect(await store.countChunks(S)).toBeGreaterThan(0);
    await everyChunkFindsItself(store);
    await store.close();
  });
});

describe('without the approximate index', () => {
  it('declares exact dense search and writes no index files', async () => {
    const path = freshPath();
    const store = await openSqliteStore({ path, vectorIndex: false });
    expect(store.capabilities.dense).toBe('exact');
    await store.createCollection('docs', { model: 'm', dimension: DIM });
    await store.upsertChunks(S, chunks(30, 3));
    expect(await store.denseSearch({ ...S, vector: chunks(1, 3)[0]!.embedding!, topK: 3 })).toHaveLength(3);
    expect(await store.refreshVectorIndex('docs')).toBeUndefined();
    await store.close();
    expect(savedIndexes(path)).toEqual([]);
  });
});
