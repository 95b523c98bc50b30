import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadUsearch } from './usearch-module.js';
import { type IndexedVector, normaliseInto, type PartitionSettings, VectorIndex } from './vector-index.js';

const usearch = loadUsearch();
const withIndex = usearch === undefined ? describe.skip : describe;
const DIM = 16;
const PARTITIONED: PartitionSettings = { lists: 0, probes: 0, partitionAbove: 500 };
const root = mkdtempSync(join(tmpdir(), 'cairn-vector-index-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647 - 0.5;
  };
}

/** `count` vectors around 12 centres (as embeddings of a few topics are), seqs from `first`. */
function rows(count: number, seed: number, first = 1): IndexedVector[] {
  const next = random(seed);
  const centres = Array.from({ length: 12 }, () => Array.from({ length: DIM }, next));
  return Array.from({ length: count }, (_, i) => {
    const centre = centres[Math.floor((next() + 0.5) * centres.length)]!;
    return {
      seq: first + i,
      namespace: i % 3 === 0 ? 'a' : 'b',
      vector: Float32Array.from(centre, (value) => value + 0.3 * next()),
    };
  });
}

const unit = (row: IndexedVector) => normaliseInto(row.vector, new Float32Array(DIM));

/** The exact top `k` seqs by cosine similarity, from the float vectors. */
function exactTop(current: readonly IndexedVector[], query: Float32Array, k: number): number[] {
  return current
    .map((row) => {
      const other = unit(row);
      let dot = 0;
      for (let j = 0; j < DIM; j++) dot += other[j]! * query[j]!;
      return { seq: row.seq, dot };
    })
    .sort((a, b) => b.dot - a.dot)
    .slice(0, k)
    .map((entry) => entry.seq);
}

/** The seqs that a one-list search (probes 1, one result) for their own vector does not return. */
function unfoundByThemselves(index: VectorIndex, current: readonly IndexedVector[]): number[] {
  return current.filter((row) => index.search(unit(row), 1).seqs[0] !== row.seq).map((row) => row.seq);
}

function saveAndLoad(index: VectorIndex, settings: PartitionSettings): VectorIndex {
  const folder = mkdtempSync(join(root, 'saved-'));
  index.save(folder);
  return VectorIndex.load(usearch!, settings, folder, DIM, index.epoch, 7, index.count);
}

withIndex('VectorIndex (requires the optional package usearch)', () => {
  it('scans every vector in one list below partitionAbove, and partitions past it', () => {
    const index = new VectorIndex(usearch!, PARTITIONED, DIM, 'epoch', 2);
    const added = rows(499, 1);
    index.upsert(added);
    index.partitionIfDue();
    expect(index.lists).toBe(1);
    // One list: the search is exact over the int8 codes (the same as scanning every seq), and
    // int8 rounding moves at most the last of the exact top 5.
    const seqs = added.map((row) => row.seq);
    for (const row of added.slice(0, 20)) {
      const found = index.search(unit(row), 5).seqs;
      expect(found).toEqual(index.scan(unit(row), seqs, 5).seqs);
      expect(
        found.filter((seq) => exactTop(added, unit(row), 5).includes(seq)).length,
      ).toBeGreaterThanOrEqual(4);
    }
    const more = rows(1, 2, 500);
    index.upsert(more);
    expect(index.search(unit(more[0]!), 1).seqs).toEqual([500]);
    expect(index.lists).toBe(Math.ceil(Math.sqrt(500)));
    expect(index.count).toBe(500);
  });

  it('puts each vector in the list a one-list search for it scans first, through overwrites, removals and saves', () => {
    // A vector lives in its nearest centroid's list and a search scans that list first, so a
    // search for a vector's own value with one probe finds it; a slot or position mixed up by
    // a removal (the list's last vector moves into the gap) or a save fails this.
    const settings = { ...PARTITIONED, probes: 1 };
    let index = new VectorIndex(usearch!, settings, DIM, 'epoch', 2);
    const current = new Map<number, IndexedVector>();
    const initial = rows(1200, 3);
    index.upsert(initial);
    for (const row of initial) current.set(row.seq, row);
    index.partitionIfDue();
    expect(index.lists).toBeGreaterThan(1);
    const next = random(17);
    for (let round = 0; round < 60; round++) {
      const picked = [...new Set(Array.from({ length: 30 }, () => 1 + Math.floor((next() + 0.5) * 1400)))];
      const moved = rows(picked.length, 100 + round).map((row, i) => ({ ...row, seq: picked[i]! }));
      index.upsert(moved);
      for (const row of moved) current.set(row.seq, row);
      const removed = Array.from({ length: 5 }, () => 1 + Math.floor((next() + 0.5) * 1400));
      index.remove(removed);
      for (const seq of removed) current.delete(seq);
      if (round % 20 === 19) index = saveAndLoad(index, settings);
    }
    expect(index.count).toBe(current.size);
    expect(unfoundByThemselves(index, [...current.values()])).toEqual([]);
    // Removed seqs are never returned, and every indexed seq scans as itself.
    const everything = index.search(unit(initial[0]!), index.count).seqs;
    expect(new Set(everything)).toEqual(new Set(current.keys()));
    for (const row of [...current.values()].slice(0, 50)) {
      expect(index.scan(unit(row), [row.seq, 99_999], 1).seqs).toEqual([row.seq]);
    }
    expect(index.countIn('a') + index.countIn('b')).toBe(current.size);
  });

  it('trains its centroids again once it has grown fourfold, and keeps finding every vector', () => {
    const index = new VectorIndex(usearch!, { ...PARTITIONED, probes: 1 }, DIM, 'epoch', 2);
    const all = rows(2000, 5);
    index.upsert(all.slice(0, 500));
    index.partitionIfDue();
    expect(index.lists).toBe(Math.ceil(Math.sqrt(500)));
    index.upsert(all.slice(500, 1999));
    index.partitionIfDue();
    expect(index.lists).toBe(Math.ceil(Math.sqrt(500)));
    index.upsert(all.slice(1999));
    index.partitionIfDue();
    expect(index.lists).toBe(Math.ceil(Math.sqrt(2000)));
    expect(unfoundByThemselves(index, all)).toEqual([]);
  });

  it('trains in bounded steps while the old lists answer searches and take writes, then swaps the new lists in', () => {
    // 40 vectors' worth of distance computations per step (searches take one each too): the
    // 3,000 vectors take many steps.
    const lists = Math.ceil(Math.sqrt(3000));
    const step = 40 * lists * DIM;
    const index = new VectorIndex(usearch!, { ...PARTITIONED, probes: 1 }, DIM, 'epoch', 2, step);
    const current = new Map<number, IndexedVector>();
    for (const row of rows(3000, 21)) current.set(row.seq, row);
    index.upsert([...current.values()]);
    expect(index.trainStep()).toBe(true);
    const next = random(23);
    let steps = 1;
    let sawAssigning = false;
    while (index.training) {
      // Meanwhile: one list still (the old one), every search answered from it, every write taken.
      expect(index.lists).toBe(1);
      const written = rows(3, 100 + steps, 1 + Math.floor((next() + 0.5) * 3500));
      index.upsert(written);
      for (const row of written) current.set(row.seq, row);
      const removed = 1 + Math.floor((next() + 0.5) * 3500);
      index.remove([removed]);
      current.delete(removed);
      for (const row of written.filter((row) => current.has(row.seq))) {
        expect(index.scan(unit(row), [row.seq], 1).seqs).toEqual([row.seq]);
      }
      const probe = [...current.values()][steps % current.size]!;
      expect(index.search(unit(probe), 1).seqs).toEqual([probe.seq]);
      expect(index.search(unit(probe), current.size).seqs).not.toContain(removed);
      // Past the Lloyd iterations over the sample (3 steps a round), assigning.
      sawAssigning ||= steps * 3 > (10 * Math.min(3000, lists * 48)) / 40 + 3;
      index.trainStep();
      steps++;
    }
    expect(steps).toBeGreaterThan(100);
    expect(sawAssigning).toBe(true);
    expect(index.lists).toBe(lists);
    expect(index.count).toBe(current.size);
    // Every vector, including those written and overwritten while assigning, in its nearest list.
    expect(unfoundByThemselves(index, [...current.values()])).toEqual([]);
    expect(new Set(index.search(unit(current.values().next().value!), index.count).seqs)).toEqual(
      new Set(current.keys()),
    );
  });

  it('holds a chosen number of lists to one per 39 vectors, so training stays linear in the collection', () => {
    const index = new VectorIndex(usearch!, { ...PARTITIONED, lists: 16_384 }, DIM, 'epoch', 2);
    const added = rows(2000, 12);
    index.upsert(added);
    index.partitionIfDue();
    expect(index.lists).toBe(Math.floor(2000 / 39));
    expect(unfoundByThemselves(index, added.slice(0, 200))).toEqual([]);
  });

  it('assigns vectors among many lists through centroid groups, nearly always to their nearest list', () => {
    // 400 lists: past GROUPED_FROM, vectors are assigned through groups of centroids, in training
    // and after it. A vector outside its nearest list is missed by a one-list search for itself.
    const index = new VectorIndex(usearch!, { ...PARTITIONED, lists: 400, probes: 1 }, DIM, 'epoch', 2);
    const added = rows(400 * 39, 31);
    index.upsert(added);
    index.partitionIfDue();
    expect(index.lists).toBe(400);
    const later = rows(2000, 32, 100_000);
    index.upsert(later);
    const missed = unfoundByThemselves(index, [...added, ...later]).length;
    expect(missed / (added.length + later.length)).toBeLessThanOrEqual(0.005);
  });

  it('recalls the exact top 10 among its candidates with the default probes', () => {
    const index = new VectorIndex(usearch!, PARTITIONED, DIM, 'epoch', 2);
    const added = rows(5000, 9);
    index.upsert(added);
    const queries = rows(40, 10, 10_000);
    let recalled = 0;
    for (const query of queries) {
      const found = new Set(index.search(unit(query), 40).seqs);
      recalled += exactTop(added, unit(query), 10).filter((seq) => found.has(seq)).length;
    }
    expect(index.lists).toBe(Math.ceil(Math.sqrt(5000)));
    expect(recalled / (queries.length * 10)).toBeGreaterThanOrEqual(0.95);
  });

  it('returns at most k results, best first, with approximate cosine similarities', () => {
    const index = new VectorIndex(usearch!, PARTITIONED, DIM, 'epoch', 1);
    const added = rows(800, 4);
    index.upsert(added);
    const found = index.search(unit(added[5]!), 3);
    expect(found.seqs).toHaveLength(3);
    expect(found.seqs[0]).toBe(6);
    expect(found.scores[0]).toBeCloseTo(1, 2);
    expect([...found.scores].sort((a, b) => b - a)).toEqual(found.scores);
    expect(index.search(unit(added[5]!), 10_000).seqs).toHaveLength(800);
  });

  it('refuses a save that is truncated, of another format, or whose lists do not add up', () => {
    const index = new VectorIndex(usearch!, PARTITIONED, DIM, 'epoch', 1);
    index.upsert(rows(600, 6));
    index.partitionIfDue();
    const folder = mkdtempSync(join(root, 'damaged-'));
    index.save(folder);
    const file = join(folder, 'vectors.bin');
    const whole = readFileSync(file);
    const load = () => VectorIndex.load(usearch!, PARTITIONED, folder, DIM, 'epoch', 1, 600);
    expect(load().count).toBe(600);
    writeFileSync(file, whole.subarray(0, whole.length - 10));
    expect(load).toThrow(/truncated/);
    const headerLength = whole.readUInt32LE(0);
    const header = JSON.parse(whole.subarray(4, 4 + headerLength).toString('utf8'));
    const rewritten = (changes: Record<string, unknown>) => {
      const text = Buffer.from(JSON.stringify({ ...header, ...changes }));
      const length = Buffer.alloc(4);
      length.writeUInt32LE(text.length);
      return Buffer.concat([length, text, whole.subarray(4 + headerLength)]);
    };
    writeFileSync(file, rewritten({ format: 3 }));
    expect(load).toThrow(/format 3/);
    writeFileSync(file, rewritten({ count: 599 }));
    expect(load).toThrow();
    const sizes = Buffer.from(whole);
    sizes.writeInt32LE(sizes.readInt32LE(4 + headerLength) + 1, 4 + headerLength);
    writeFileSync(file, sizes);
    expect(load).toThrow(/list sizes/);
  });

  it('refuses a save whose bytes were changed in place, structure intact', () => {
    const index = new VectorIndex(usearch!, PARTITIONED, DIM, 'epoch', 1);
    index.upsert(rows(600, 8));
    index.partitionIfDue();
    const folder = mkdtempSync(join(root, 'flipped-'));
    index.save(folder);
    const file = join(folder, 'vectors.bin');
    const whole = readFileSync(file);
    const load = () => VectorIndex.load(usearch!, PARTITIONED, folder, DIM, 'epoch', 1, 600);
    const header = JSON.parse(whole.subarray(4, 4 + whole.readUInt32LE(0)).toString('utf8'));
    const namespacesAt = 4 + whole.readUInt32LE(0) + header.lists * (4 + DIM) + header.count * 8;
    // A namespace id still in range (every vector into namespace 0), then one code byte.
    const moved = Buffer.from(whole);
    for (let i = 0; i < header.count; i++) moved.writeInt32LE(0, namespacesAt + 4 * i);
    writeFileSync(file, moved);
    expect(load).toThrow(/SHA-256/);
    const code = Buffer.from(whole);
    code[whole.length - 40] = code[whole.length - 40]! ^ 1;
    writeFileSync(file, code);
    expect(load).toThrow(/SHA-256/);
    writeFileSync(file, whole);
    expect(load().countIn('a')).toBe(200);
  });
});
