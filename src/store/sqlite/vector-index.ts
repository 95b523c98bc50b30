/**
 * The in-memory approximate index of one SQLite collection: an HNSW graph (usearch, vectors kept
 * as int8 in the graph) keyed by chunk `seq`, beside an int8 copy of every vector (scaled so its
 * largest component is ±127, with its scale) with its namespace, so that a small candidate set (a selective filter, a small namespace) is scored by
 * a plain scan without touching the graph or the database. Scores from either are approximate;
 * the search rescored the winners exactly from the float32 embeddings in SQLite.
 *
 * The index knows the write sequence number (`version`) it agrees with; `sqlite-vector-sync.ts`
 * catches it up from the database and saves and loads it.
 * @module
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { UsearchIndex, UsearchModule } from './usearch-module.js';

/** The HNSW settings of every collection's graph. */
export interface GraphSettings {
  /** Neighbours per node (HNSW's M). */
  connectivity: number;
  /** Candidates kept while inserting (HNSW's efConstruction). */
  expansionAdd: number;
  /** Candidates kept while searching (HNSW's ef), at least the number of results asked for. */
  expansionSearch: number;
}

/** One row as the index receives it. */
export interface IndexedVector {
  seq: number;
  namespace: string;
  vector: Float32Array;
}

/** Candidates by seq with their approximate similarity, best first. */
export interface Candidates {
  seqs: number[];
  scores: number[];
}

const SCALE = 127;
/**
 * Version of the saved files. 3: graph keys are labels, never reused, with lost nodes relinked
 * after parallel adds (saves of format 2 may hold unreachable nodes, so they are rebuilt).
 */
const FORMAT = 3;
/** Batches larger than this are added to the graph on every core. */
const PARALLEL_ABOVE = 256;
/**
 * The graph's own search breadth (usearch's `expansion_search`): the narrow self-lookup after a
 * parallel add. Searches for callers ask for at least `settings.expansionSearch` results and keep
 * the best `k`, which is what a graph built with that breadth returns.
 */
const LOOKUP_EF = 16;
/** Results of the narrow self-lookup. */
const LOOKUP_K = 10;
/** Results of the wide self-lookup of the vectors the narrow one missed. */
const RELINK_K = 200;
/** Times a vector not found is added again alone. */
const RELINK_PASSES = 3;
/**
 * A self-lookup that returns a vector this close (cosine distance) counts as found: an identical
 * vector (duplicate chunks, boilerplate) answers every search its twin would, and among more
 * than {@link RELINK_K} identical vectors no lookup can name one of them in particular.
 */
const SAME_VECTOR_DISTANCE = 1e-6;
/** The graph is rebuilt when dead labels reach this share of the live vectors… */
const COMPACT_DEAD_RATIO = 0.25;
/** …and at least this many. */
const COMPACT_MIN_DEAD = 256;
/** Vectors per add while rebuilding. */
const COMPACT_BATCH = 4096;
const GRAPH_FILE = 'graph.usearch';
const VECTORS_FILE = 'vectors.bin';

/** See the module notes. */
export class VectorIndex {
  readonly dimension: number;
  /** The collection epoch this index belongs to (`<t>_state.epoch`). */
  readonly epoch: string;
  /** The write sequence number the index agrees with; -1 before any row was applied. */
  version = -1;
  /** Rows applied since the index was built, loaded or saved. */
  unsaved = 0;

  readonly #module: UsearchModule;
  readonly #settings: GraphSettings;
  readonly #threads: number;
  #graph: UsearchIndex;
  #codes: Int8Array;
  /** Per slot: the factor that turns a code dot product into the cosine similarity. */
  #scales: Float32Array;
  #seqOf: Float64Array;
  #namespaceOf: Int32Array;
  /** Per slot: the graph key (label) its vector is stored under. */
  #labelOf: Float64Array;
  #slotOf: Int32Array = new Int32Array(1024);
  /** Per label: its slot + 1, or 0 for a dead label (its seq was removed or overwritten). */
  #slotOfLabel: Int32Array = new Int32Array(1024);
  /** Labels given out: the graph's size, live and dead. */
  #labels = 0;
  readonly #free: number[] = [];
  #slots = 0;
  #count = 0;
  readonly #namespaces: string[] = [];
  readonly #namespaceIds = new Map<string, number>();
  readonly #namespaceCounts: number[] = [];

  /**
   * @param threads Threads that add large batches to the graph and look their vectors up again.
   *   Default: the machine's available parallelism.
   */
  constructor(
    module: UsearchModule,
    settings: GraphSettings,
    dimension: number,
    epoch: string,
    threads = availableParallelism(),
  ) {
    this.#module = module;
    this.#threads = threads;
    this.#settings = settings;
    this.dimension = dimension;
    this.epoch = epoch;
    this.#graph = this.#newGraph();
    this.#codes = new Int8Array(1024 * dimension);
    this.#scales = new Float32Array(1024);
    this.#seqOf = new Float64Array(1024);
    this.#namespaceOf = new Int32Array(1024);
    this.#labelOf = new Float64Array(1024);
  }

  /** Vectors in the index. */
  get count(): number {
    return this.#count;
  }

  /** Vectors of one namespace in the index. */
  countIn(namespace: string): number {
    const id = this.#namespaceIds.get(namespace);
    return id === undefined ? 0 : this.#namespaceCounts[id]!;
  }

  /** Whether `seq` is indexed in `namespace`. */
  holds(seq: number, namespace: string): boolean {
    const slot = this.#slot(seq);
    return slot >= 0 && this.#namespaces[this.#namespaceOf[slot]!] === namespace;
  }

  /** The seqs of one namespace, in slot order. */
  seqsIn(namespace: string): number[] {
    const id = this.#namespaceIds.get(namespace);
    const seqs: number[] = [];
    if (id === undefined) return seqs;
    for (let slot = 0; slot < this.#slots; slot++) {
      if (this.#namespaceOf[slot] === id && this.#seqOf[slot]! > 0) seqs.push(this.#seqOf[slot]!);
    }
    return seqs;
  }

  /** Vectors in the graph whose seq was removed or overwritten since it was built. */
  get dead(): number {
    return this.#labels - this.#count;
  }

  /**
   * Removes these seqs (absent ones are ignored). Their vectors stay in the graph under dead
   * labels, still linking their neighbours, and are never returned; see {@link upsert}.
   */
  remove(seqs: readonly number[]): void {
    let removed = 0;
    for (const seq of seqs) {
      const slot = this.#slot(seq);
      if (slot < 0) continue;
      this.#namespaceCounts[this.#namespaceOf[slot]!]!--;
      this.#slotOfLabel[this.#labelOf[slot]!] = 0;
      this.#slotOf[seq] = 0;
      this.#seqOf[slot] = 0;
      this.#free.push(slot);
      this.#count--;
      removed++;
    }
    this.unsaved += removed;
    this.#compactWhenDead();
  }

  /**
   * Adds rows, replacing the vectors of seqs already indexed. Seqs within one call are distinct.
   *
   * Each vector goes into the graph under a new label (graph key), never reusing a node: usearch
   * reuses a removed node in place for the next insert and clears the links it held, so nodes
   * reachable only through it are cut off (measured: 2–3 of 20 runs of 300 rounds of 20
   * overwrites and a removal among 400 seqs ended with a vector no search could find). A removed
   * or overwritten vector's label is dead instead: it keeps routing searches, and the graph is
   * rebuilt from the int8 copies once dead labels outnumber a quarter of the live ones
   * ({@link COMPACT_DEAD_RATIO}).
   */
  upsert(rows: readonly IndexedVector[]): void {
    if (rows.length === 0) return;
    this.remove(rows.map((row) => row.seq));
    const keys = new BigUint64Array(rows.length);
    const matrix = new Float32Array(rows.length * this.dimension);
    rows.forEach((row, i) => {
      const scaled = matrix.subarray(i * this.dimension, (i + 1) * this.dimension);
      const peak = rangeScaleInto(row.vector, scaled);
      const slot = this.#take(row.seq);
      keys[i] = BigInt(this.#label(slot));
      const namespace = this.#namespaceId(row.namespace);
      this.#namespaceOf[slot] = namespace;
      this.#namespaceCounts[namespace]!++;
      this.#scales[slot] = peak / SCALE;
      const codes = this.#codes.subarray(slot * this.dimension, (slot + 1) * this.dimension);
      for (let j = 0; j < this.dimension; j++) codes[j] = Math.round(scaled[j]! * SCALE);
    });
    this.#addToGraph(keys, matrix);
    this.unsaved += rows.length;
  }

  #addToGraph(keys: BigUint64Array, matrix: Float32Array): void {
    if (keys.length > PARALLEL_ABOVE && this.#threads > 1) {
      this.#graph.add(keys, matrix, this.#threads);
      this.#relinkUnreachable(keys, matrix);
    } else {
      this.#graph.add(keys, matrix, 1);
    }
  }

  /** A new label for `slot`'s vector; the slot's previous label, if any, is dead already. */
  #label(slot: number): number {
    const label = ++this.#labels;
    if (label >= this.#slotOfLabel.length) {
      const grown = new Int32Array(Math.ceil(this.#slotOfLabel.length * 1.5) + 1);
      grown.set(this.#slotOfLabel);
      this.#slotOfLabel = grown;
    }
    this.#slotOfLabel[label] = slot + 1;
    this.#labelOf[slot] = label;
    return label;
  }

  /** Rebuilds the graph from the int8 copies of the live vectors when dead labels are many. */
  #compactWhenDead(): void {
    const dead = this.dead;
    if (dead < COMPACT_MIN_DEAD || dead < this.#count * COMPACT_DEAD_RATIO) return;
    this.#graph = this.#newGraph();
    this.#labels = 0;
    this.#slotOfLabel = new Int32Array(this.#count + 1024);
    const dimension = this.dimension;
    const live: number[] = [];
    for (let slot = 0; slot < this.#slots; slot++) if (this.#seqOf[slot]! > 0) live.push(slot);
    for (let start = 0; start < live.length; start += COMPACT_BATCH) {
      const slots = live.slice(start, start + COMPACT_BATCH);
      const keys = new BigUint64Array(slots.length);
      const matrix = new Float32Array(slots.length * dimension);
      slots.forEach((slot, i) => {
        keys[i] = BigInt(this.#label(slot));
        for (let j = 0; j < dimension; j++) {
          matrix[i * dimension + j] = this.#codes[slot * dimension + j]! / SCALE;
        }
      });
      this.#addToGraph(keys, matrix);
    }
  }

  /**
   * usearch's concurrent insertion can lose links: a node being inserted clears its own
   * neighbour list at each level before writing it, wiping the reverse links that other threads
   * added to it in the meantime (`index_gt::add`, usearch 2.25). A node whose every in-link was
   * lost cannot be reached from the entry point, so no search returns it at any breadth
   * (measured: 3–5 % of 300-vector graphs built on 2 threads held 1–13 such nodes, every
   * 3,000-vector graph built on 16 threads about 1 %; none built on one thread). So after a
   * parallel add each added vector is looked up by itself: first all of them, narrowly
   * ({@link LOOKUP_EF} candidates, keeping {@link LOOKUP_K}); those not found, again widely
   * ({@link RELINK_K}); those still not found are added again on one thread, which
   * links them from their nearest nodes (under new labels), and looked up again, up to
   * {@link RELINK_PASSES} times.
   * A vector that is found, or whose lookup returns an identical vector
   * ({@link SAME_VECTOR_DISTANCE}), is reachable; one never found is left (a crowded
   * neighbourhood, not a lost node). Costs about a fifth of the build.
   *
   * The lookups after a single-threaded add run on one thread too: usearch sizes its per-thread
   * buffers at each add, and a search on more threads than the last add reserved fails ("Reserve
   * capacity ahead of searches!").
   */
  #relinkUnreachable(keys: BigUint64Array, matrix: Float32Array): void {
    let pending = this.#notFound(keys, matrix, LOOKUP_K, this.#threads);
    if (pending.keys.length === 0) return;
    pending = this.#notFound(pending.keys, pending.vectors, RELINK_K, this.#threads);
    for (let pass = 0; pass < RELINK_PASSES && pending.keys.length > 0; pass++) {
      // Under new labels (the lost nodes' labels die), so that no node is reused in place.
      const relabelled = BigUint64Array.from(pending.keys, (key) => {
        const slot = this.#slotOfLabel[Number(key)]! - 1;
        this.#slotOfLabel[Number(key)] = 0;
        return BigInt(this.#label(slot));
      });
      this.#graph.add(relabelled, pending.vectors, 1);
      pending = this.#notFound(relabelled, pending.vectors, RELINK_K, 1);
    }
  }

  /**
   * The keys (with their rows of `matrix`) that a graph search for their own vector misses,
   * counting an identical vector found as found.
   */
  #notFound(
    keys: BigUint64Array,
    matrix: Float32Array,
    k: number,
    threads: number,
  ): { keys: BigUint64Array; vectors: Float32Array } {
    const dimension = this.dimension;
    const found = this.#graph.search(matrix, k, threads);
    const stride = found.counts === undefined ? found.keys.length : k;
    const lost: number[] = [];
    for (let i = 0; i < keys.length; i++) {
      const count = found.counts === undefined ? found.keys.length : Number(found.counts[i]);
      const row = found.keys.subarray(i * stride, i * stride + count);
      const nearest = count > 0 ? found.distances[i * stride]! : Number.POSITIVE_INFINITY;
      if (!row.includes(keys[i]!) && !(nearest <= SAME_VECTOR_DISTANCE)) lost.push(i);
    }
    const vectors = new Float32Array(lost.length * dimension);
    lost.forEach((i, n) => {
      vectors.set(matrix.subarray(i * dimension, (i + 1) * dimension), n * dimension);
    });
    return { keys: BigUint64Array.from(lost, (i) => keys[i]!), vectors };
  }

  /**
   * The `k` nearest seqs by the graph, best first, with approximate cosine similarity.
   * @param unit The query, normalised.
   */
  search(unit: Float32Array, k: number): Candidates {
    const query = new Float32Array(unit.length);
    rangeScaleInto(unit, query);
    const wanted = Math.max(1, Math.min(k, this.#count));
    // Dead labels take their share of the results: ask for as many more.
    const asked = Math.min(this.#labels, Math.ceil((wanted * this.#labels) / Math.max(1, this.#count)));
    const found = this.#graph.search(query, Math.max(asked, this.#settings.expansionSearch), 1);
    const seqs: number[] = [];
    const scores: number[] = [];
    for (let i = 0; i < found.keys.length && seqs.length < wanted; i++) {
      const distance = found.distances[i]!;
      const slot = this.#slotOfLabel[Number(found.keys[i])]! - 1;
      if (slot < 0 || !Number.isFinite(distance)) continue;
      seqs.push(this.#seqOf[slot]!);
      scores.push(1 - distance);
    }
    return { seqs, scores };
  }

  /**
   * Scores the given seqs by their int8 vectors (seqs not indexed are skipped) and keeps the
   * `keep` best, best first (ties by seq).
   */
  scan(unit: Float32Array, seqs: Iterable<number>, keep: number): Candidates {
    const dimension = this.dimension;
    const codes = this.#codes;
    const scales = this.#scales;
    const best: Array<[number, number]> = [];
    let floor = Number.NEGATIVE_INFINITY;
    for (const seq of seqs) {
      const slot = this.#slot(seq);
      if (slot < 0) continue;
      const offset = slot * dimension;
      let dot = 0;
      for (let j = 0; j < dimension; j++) dot += codes[offset + j]! * unit[j]!;
      const score = dot * scales[slot]!;
      if (best.length >= keep && score < floor) continue;
      best.push([score, seq]);
      if (best.length >= keep * 2) {
        best.sort(byScore);
        best.length = keep;
        floor = best[keep - 1]![0];
      }
    }
    best.sort(byScore);
    best.length = Math.min(best.length, keep);
    return { seqs: best.map((entry) => entry[1]), scores: best.map((entry) => entry[0]) };
  }

  /** Writes the graph and the vectors into `folder` (which exists and is empty). */
  save(folder: string): void {
    this.#graph.save(join(folder, GRAPH_FILE));
    const seqs = new Float64Array(this.#count);
    const labels = new Float64Array(this.#count);
    const namespaces = new Int32Array(this.#count);
    const scales = new Float32Array(this.#count);
    const codes = new Int8Array(this.#count * this.dimension);
    let n = 0;
    for (let slot = 0; slot < this.#slots; slot++) {
      if (this.#seqOf[slot] === 0) continue;
      seqs[n] = this.#seqOf[slot]!;
      labels[n] = this.#labelOf[slot]!;
      namespaces[n] = this.#namespaceOf[slot]!;
      scales[n] = this.#scales[slot]!;
      codes.set(this.#codes.subarray(slot * this.dimension, (slot + 1) * this.dimension), n * this.dimension);
      n++;
    }
    const header = Buffer.from(
      JSON.stringify({
        format: FORMAT,
        dimension: this.dimension,
        count: n,
        labels: this.#labels,
        namespaces: this.#namespaces,
      }),
    );
    const length = Buffer.alloc(4);
    length.writeUInt32LE(header.length);
    writeFileSync(
      join(folder, VECTORS_FILE),
      Buffer.concat([
        length,
        header,
        bytes(seqs),
        bytes(labels),
        bytes(namespaces),
        bytes(scales),
        bytes(codes),
      ]),
    );
    this.unsaved = 0;
  }

  /**
   * Reads an index written by {@link save}.
   * @throws When the files are missing, malformed or disagree with each other.
   */
  static load(
    module: UsearchModule,
    settings: GraphSettings,
    folder: string,
    dimension: number,
    epoch: string,
    version: number,
  ): VectorIndex {
    const file = readFileSync(join(folder, VECTORS_FILE));
    const headerLength = file.readUInt32LE(0);
    const header = JSON.parse(file.subarray(4, 4 + headerLength).toString('utf8')) as {
      format: number;
      dimension: number;
      count: number;
      labels: number;
      namespaces: string[];
    };
    if (header.format !== FORMAT || header.dimension !== dimension) {
      throw new Error(`vector index ${folder}: format ${header.format}, dimension ${header.dimension}`);
    }
    const { count } = header;
    let offset = 4 + headerLength;
    const take = (size: number) => {
      if (offset + size > file.length) throw new Error(`vector index ${folder}: truncated`);
      const copy = new Uint8Array(size);
      copy.set(file.subarray(offset, offset + size));
      offset += size;
      return copy.buffer;
    };
    const seqs = new Float64Array(take(count * 8));
    const labels = new Float64Array(take(count * 8));
    const namespaces = new Int32Array(take(count * 4));
    const scales = new Float32Array(take(count * 4));
    const codes = new Int8Array(take(count * dimension));
    if (offset !== file.length)
      throw new Error(`vector index ${folder}: ${file.length - offset} trailing bytes`);
    const index = new VectorIndex(module, settings, dimension, epoch);
    index.#graph.load(join(folder, GRAPH_FILE));
    if (index.#graph.size() !== header.labels || !(header.labels >= count)) {
      throw new Error(
        `vector index ${folder}: graph holds ${index.#graph.size()} vectors, not ${header.labels}`,
      );
    }
    for (const name of header.namespaces) index.#namespaceId(name);
    index.#codes = codes;
    index.#scales = scales;
    index.#seqOf = seqs;
    index.#labelOf = labels;
    index.#namespaceOf = namespaces;
    index.#slots = count;
    index.#count = count;
    index.#labels = header.labels;
    index.#slotOfLabel = new Int32Array(header.labels + 1024);
    for (let slot = 0; slot < count; slot++) {
      const seq = seqs[slot]!;
      const label = labels[slot]!;
      if (!Number.isInteger(label) || label < 1 || label > header.labels || index.#slotOfLabel[label] !== 0) {
        throw new Error(`vector index ${folder}: label ${label} out of range or repeated`);
      }
      index.#growSlotMap(seq);
      index.#slotOf[seq] = slot + 1;
      index.#slotOfLabel[label] = slot + 1;
      index.#namespaceCounts[namespaces[slot]!]!++;
    }
    index.version = version;
    index.unsaved = 0;
    return index;
  }

  #newGraph(): UsearchIndex {
    return new this.#module.Index({
      dimensions: this.dimension,
      metric: 'cos',
      quantization: 'i8',
      connectivity: this.#settings.connectivity,
      expansion_add: this.#settings.expansionAdd,
      expansion_search: LOOKUP_EF,
      multi: false,
    });
  }

  #slot(seq: number): number {
    return seq < this.#slotOf.length ? this.#slotOf[seq]! - 1 : -1;
  }

  #growSlotMap(seq: number): void {
    if (!Number.isSafeInteger(seq) || seq < 1 || seq >= 2 ** 31) {
      throw new Error(`vector index: seq ${seq} out of range`);
    }
    if (seq < this.#slotOf.length) return;
    const grown = new Int32Array(Math.max(seq + 1, Math.ceil(this.#slotOf.length * 1.5)));
    grown.set(this.#slotOf);
    this.#slotOf = grown;
  }

  /** A free slot for `seq`, growing the arrays when none is left. */
  #take(seq: number): number {
    this.#growSlotMap(seq);
    let slot = this.#free.pop();
    if (slot === undefined) {
      slot = this.#slots++;
      if (slot >= this.#seqOf.length) {
        const capacity = Math.ceil(this.#seqOf.length * 1.5) + 1;
        this.#seqOf = grow(this.#seqOf, new Float64Array(capacity));
        this.#namespaceOf = grow(this.#namespaceOf, new Int32Array(capacity));
        this.#labelOf = grow(this.#labelOf, new Float64Array(capacity));
        this.#scales = grow(this.#scales, new Float32Array(capacity));
        this.#codes = grow(this.#codes, new Int8Array(capacity * this.dimension));
      }
    }
    this.#slotOf[seq] = slot + 1;
    this.#seqOf[slot] = seq;
    this.#count++;
    return slot;
  }

  #namespaceId(namespace: string): number {
    let id = this.#namespaceIds.get(namespace);
    if (id === undefined) {
      id = this.#namespaces.length;
      this.#namespaces.push(namespace);
      this.#namespaceIds.set(namespace, id);
      this.#namespaceCounts.push(0);
    }
    return id;
  }
}

/** Writes `vector / |vector|` into `out` (zero vectors stay zero). */
export function normaliseInto(vector: Float32Array, out: Float32Array): Float32Array {
  let norm = 0;
  for (let j = 0; j < vector.length; j++) norm += vector[j]! * vector[j]!;
  norm = Math.sqrt(norm);
  for (let j = 0; j < vector.length; j++) out[j] = norm === 0 ? 0 : vector[j]! / norm;
  return out;
}

/**
 * Writes `vector / |vector|` divided by its largest absolute component into `out`, so the largest
 * component is ±1: int8 codes (the graph's and ours) then use their whole range, while cosine
 * similarity, blind to scale, is unchanged. @returns That largest component of the unit vector.
 */
function rangeScaleInto(vector: Float32Array, out: Float32Array): number {
  normaliseInto(vector, out);
  let peak = 0;
  for (let j = 0; j < out.length; j++) peak = Math.max(peak, Math.abs(out[j]!));
  if (peak > 0) for (let j = 0; j < out.length; j++) out[j] = out[j]! / peak;
  return peak;
}

function byScore(a: [number, number], b: [number, number]): number {
  return b[0] - a[0] || a[1] - b[1];
}

function grow<T extends Float64Array | Float32Array | Int32Array | Int8Array>(from: T, to: T): T {
  to.set(from as never);
  return to;
}

function bytes(array: Float64Array | Float32Array | Int32Array | Int8Array): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}
