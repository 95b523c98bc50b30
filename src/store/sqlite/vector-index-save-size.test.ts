import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadUsearch } from './usearch-module.js';
import { type IndexedVector, VectorIndex } from './vector-index.js';

const usearch = loadUsearch();
const withIndex = usearch === undefined ? describe.skip : describe;
const root = mkdtempSync(join(tmpdir(), 'cairn-vector-save-size-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

withIndex('VectorIndex.load (requires the optional package usearch)', () => {
  it('takes a save of many vectors written by few statements, bounded by the vectors it can hold', () => {
    // 60,000 × 384 dimensions, as 60 writes of 1,000 chunks leave them: write sequence number 60.
    // The size bound once assumed one row per sequence number, refused this 24 MB save and
    // rebuilt the index at every open.
    const dimension = 384;
    const count = 60_000;
    const index = new VectorIndex(
      usearch!,
      { lists: 0, probes: 0, partitionAbove: 1_000_000 },
      dimension,
      'e',
      1,
    );
    for (let start = 0; start < count; start += 1000) {
      const rows: IndexedVector[] = Array.from({ length: 1000 }, (_, i) => ({
        seq: start + i + 1,
        namespace: 'a',
        vector: Float32Array.from({ length: dimension }, (_, j) => ((start + i) * 31 + j * 17) % 97),
      }));
      index.upsert(rows);
    }
    const folder = mkdtempSync(join(root, 'saved-'));
    index.save(folder);
    const loaded = VectorIndex.load(
      usearch!,
      { lists: 0, probes: 0, partitionAbove: 1_000_000 },
      folder,
      dimension,
      'e',
      60,
      count,
    );
    expect(loaded.count).toBe(count);
    expect(loaded.version).toBe(60);
    // A bound of fewer vectors than the file holds is still refused.
    expect(() =>
      VectorIndex.load(
        usearch!,
        { lists: 0, probes: 0, partitionAbove: 1_000_000 },
        folder,
        dimension,
        'e',
        60,
        1000,
      ),
    ).toThrow(/more than/);
  });
});
