import { describe, expect, it } from 'vitest';
import { loadUsearch } from './usearch-module.js';
import { type IndexedVector, normaliseInto, type PartitionSettings, VectorIndex } from './vector-index.js';

const usearch = loadUsearch();
const withIndex = usearch === undefined ? describe.skip : describe;
const DIM = 32;

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

/**
 * Vectors shaped like text embeddings rather than tight clusters: a decaying spectrum (dimension
 * j scaled by 1 / sqrt(1 + j / 4)), 200 clusters of skewed sizes, and a spread so wide that a
 * query's neighbours lie in several lists (as `bench/support/dense-vectors.mjs`'s realistic ones).
 */
function embeddingLike(count: number, queries: number) {
  const next = random(12345);
  const gaussian = () => Math.sqrt(-2 * Math.log(next() + 1e-12)) * Math.cos(2 * Math.PI * next());
  const scale = Array.from({ length: DIM }, (_, j) => 1 / Math.sqrt(1 + j / 4));
  const centres = Array.from({ length: 200 }, () => scale.map((s) => s * gaussian()));
  const draw = () => {
    const centre = centres[Math.floor(next() ** 2 * centres.length)]!;
    return Float32Array.from(centre, (value, j) => value + 1.2 * scale[j]! * gaussian());
  };
  const rows: IndexedVector[] = Array.from({ length: count }, (_, i) => ({
    seq: i + 1,
    namespace: 'a',
    vector: draw(),
  }));
  return { rows, queries: Array.from({ length: queries }, draw) };
}

const unit = (vector: Float32Array) => normaliseInto(vector, new Float32Array(DIM));

/** recall@10 of the index's 40 best candidates (what the store rescores) against exact search. */
function recallAt10(index: VectorIndex, rows: readonly IndexedVector[], queries: readonly Float32Array[]) {
  const units = rows.map((row) => unit(row.vector));
  let found = 0;
  for (const query of queries) {
    const q = unit(query);
    const exact = units
      .map((other, i) => ({
        seq: rows[i]!.seq,
        dot: other.reduce((sum, value, j) => sum + value * q[j]!, 0),
      }))
      .sort((a, b) => b.dot - a.dot)
      .slice(0, 10)
      .map((entry) => entry.seq);
    const candidates = new Set(index.search(q, 40).seqs);
    found += exact.filter((seq) => candidates.has(seq)).length;
  }
  return found / (queries.length * 10);
}

withIndex('VectorIndex adaptive probes (requires the optional package usearch)', () => {
  it('reaches recall@10 ≥ 0.95 on embedding-like vectors where the default fixed probes do not', () => {
    const { rows, queries } = embeddingLike(6000, 100);
    const recall = (settings: PartitionSettings) => {
      const index = new VectorIndex(usearch!, settings, DIM, 'epoch', 1);
      index.upsert(rows);
      index.partitionIfDue();
      // ceil(sqrt(6,000)) = 78 lists; the default probes scan ceil(sqrt(78)) = 9 of them.
      expect(index.lists).toBe(78);
      return recallAt10(index, rows, queries);
    };
    const fixed = recall({ lists: 0, probes: 0, partitionAbove: 1000, adaptiveProbes: false });
    const adaptive = recall({ lists: 0, probes: 0, partitionAbove: 1000 });
    expect(fixed).toBeLessThan(0.95);
    expect(adaptive).toBeGreaterThanOrEqual(0.95);
  });

  it('scans the fixed probes first, so its candidates are never farther than theirs', () => {
    const { rows, queries } = embeddingLike(3000, 30);
    const index = (adaptiveProbes: boolean) => {
      const built = new VectorIndex(
        usearch!,
        { lists: 0, probes: 1, partitionAbove: 1000, adaptiveProbes },
        DIM,
        'epoch',
        1,
      );
      built.upsert(rows);
      built.partitionIfDue();
      return built;
    };
    const fixed = index(false);
    const adaptive = index(true);
    let nearer = 0;
    for (const query of queries) {
      const q = unit(query);
      const narrow = fixed.search(q, 10).scores;
      const wide = adaptive.search(q, 10).scores;
      expect(wide).toHaveLength(10);
      // Rank by rank, the adaptive search's candidates are at least as similar.
      for (let rank = 0; rank < 10; rank++) expect(wide[rank]).toBeGreaterThanOrEqual(narrow[rank]!);
      if (wide[9]! > narrow[9]!) nearer++;
    }
    // And one probe is too few for these vectors: it went on for some queries.
    expect(nearer).toBeGreaterThan(0);
    expect(recallAt10(adaptive, rows, queries)).toBeGreaterThan(recallAt10(fixed, rows, queries));
  });
});
