/**
 * The in-memory approximate index of one SQLite collection: an inverted-file (IVF) index over an
 * int8 copy of every vector. Each vector is scaled so its largest component is ±127 and kept, with
 * its namespace, in the **list** of its nearest **centroid**; a search ranks the centroids and
 * scans the nearest lists with usearch's SIMD exact search (`exactSearch`, cosine on int8), so
 * the only approximation is which lists are read and the int8 rounding. The search rescores the
 * winners exactly from the float32 embeddings in SQLite.
 *
 * Below `partitionAbove` vectors there is one list and no centroid: every search scans all of
 * them (100,000 int8 vectors of 384 dimensions take 3.5 ms on one core). Past it the centroids
 * are trained by spherical k-means (Lloyd's algorithm on a bounded sample, cosine), and trained
 * again each time the index has grown fourfold since; in between, a new vector joins its nearest
 * centroid's list and a removed one leaves its list, so no write rebuilds anything. A training
 * runs in bounded steps ({@link VectorIndex.trainStep}: at most {@link TRAIN_STEP_MACS}
 * multiply-adds each), first over the sample, then assigning every vector to the new centroids;
 * the old lists answer every search and take every write until the last step swaps the new lists
 * in, so a training of a million vectors never holds a search or a write for more than a step. The method is IVF-Flat (Jégou, Douze and Schmid, "Product quantization for
 * nearest neighbor search", TPAMI 2011, without the product quantization; pgvector's `ivfflat`,
 * Faiss's `IndexIVFFlat`); `docs/dense-search.md` records the measurements that chose it over
 * the HNSW graph this module held before.
 *
 * The index knows the write sequence number (`version`) it agrees with; `sqlite-vector-sync.ts`
 * catches it up from the database and saves and loads it.
 * @module
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { nodeCrypto } from '../../core/node-crypto.js';
import { readRegularFileSync } from '../regular-file.js';
import type { UsearchModule } from './usearch-module.js';

/** How a collection's vectors are partitioned and searched (see `SqliteStoreOptions.vectorIndex`). */
export interface PartitionSettings {
  /**
   * Lists once partitioned (IVF's nlist); 0 chooses `ceil(sqrt(count))` at each training, 16 to
   * 16,384. A chosen number is held to at most one list per 39 vectors.
   */
  lists: number;
  /** Lists scanned per search (IVF's nprobe), at least; 0 chooses `ceil(sqrt(lists))`. */
  probes: number;
  /**
   * Whether a search goes on past `probes` lists while they still change its best candidates
   * (see {@link VectorIndex.search}); default true.
   */
  adaptiveProbes?: boolean;
  /** Vectors from which the index is partitioned; below, every search scans every vector. */
  partitionAbove: number;
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

/**
 * One list: the codes of its vectors, back to back, and their slots. `codes` starts its own
 * buffer: usearch's exact search reads from the start of an array's buffer whatever its
 * `byteOffset`, taking only the length from the array (usearch 2.25 `lib.cpp`), so a list is
 * scanned as `codes.subarray(0, size × dimension)` and never through a view at an offset.
 */
interface List {
  codes: Int8Array;
  slots: Int32Array;
  size: number;
}

/**
 * A training in progress: Lloyd iterations over a copied sample, then the assignment of every
 * slot to the new centroids. The index's own lists and centroids serve until it finishes.
 */
interface Training {
  lists: number;
  /** The sampled codes, back to back, and each one's scale (a copy: writes do not change them). */
  sample: Int8Array;
  sampleScales: Float32Array;
  sampleSize: number;
  /** `lists × dimension` int8 centroids, from the start of their own buffer. */
  centroids: Int8Array;
  /** Lloyd iterations completed; `TRAIN_ITERATIONS` once assigning. */
  iteration: number;
  /** The next sample row of this iteration, or, once assigning, the next slot. */
  cursor: number;
  sums: Float64Array;
  members: Int32Array;
  /** Once assigning: per slot, its list under the new centroids + 1, or 0 when not yet assigned. */
  listOf: Int32Array | undefined;
}

const SCALE = 127;
/**
 * Version of the saved file. 5: the IVF index (centroids and lists) followed by the SHA-256 of
 * everything before it; saves of format 4 (no digest) and 3 (the HNSW graph) are rebuilt.
 */
const FORMAT = 5;
/** Bytes of the SHA-256 digest that ends a saved file. */
const DIGEST_BYTES = 32;
/** The centroids are trained again once the index holds this many times the vectors they were trained on. */
const RETRAIN_GROWTH = 4;
/** Sampled vectors per centroid for training (Faiss warns below 39). */
const SAMPLE_PER_LIST = 48;
/** Fewest vectors per list a chosen `lists` is held to (Faiss warns below 39 training points per centroid). */
const MIN_TRAINING_PER_LIST = 39;
/** Lloyd iterations per training. */
const TRAIN_ITERATIONS = 10;
/** Vectors per exact-search call while assigning vectors to centroids. */
const ASSIGN_BATCH = 65_536;
/**
 * Lists in a row that admit no candidate after which an adaptive search stops (past `probes`).
 * 4 reached recall@10 ≥ 0.99 on `bench/dense-at-scale.mjs`'s realistic vectors at 200,000 from
 * half the default probes, and costs an easy query four lists at most.
 */
const PATIENCE = 4;
/** An adaptive search scans at most this many times `probes` lists (its worst case is 4× a fixed one). */
const MAX_PROBES_FACTOR = 4;
/**
 * Centroids from which a vector's nearest is found through {@link CentroidGroups} (about
 * `5 × sqrt(lists)` distances: 1,000 lists take 160 instead of 1,000, so assigning a collection
 * grows with `n^1.25` instead of `n^1.5`) rather than among them all.
 */
const GROUPED_FROM = 256;
/** Groups whose members are compared with each vector (of about `sqrt(lists)` groups). */
const GROUP_PROBES = 4;
/** Lloyd iterations that group the centroids. */
const GROUP_ITERATIONS = 4;
/**
 * Most int8 multiply-adds (vectors × centroids × dimension) one {@link VectorIndex.trainStep}
 * computes: 2^30, about 0.15 s on one core of this project's 2-core machine at usearch's measured
 * 7 × 10^9 int8 multiply-adds per second (bench/dense-at-scale.mjs, idle), so a write or a search
 * that takes a step waits at most that long (a few times it on a loaded machine), never the whole
 * training (minutes at a million vectors).
 */
export const TRAIN_STEP_MACS = 2 ** 30;
const MIN_LISTS = 16;
const MAX_LISTS = 16_384;
const VECTORS_FILE = 'vectors.bin';

/**
 * The most bytes a save of at most `vectors` vectors can take: each its code, seq, namespace id
 * and scale, plus centroids and list sizes for the most lists, plus 16 MiB and 256 bytes per
 * vector for the header (namespace names).
 */
export function plausibleSaveBytes(dimension: number, vectors: number): number {
  return 16 * 1024 * 1024 + Math.max(0, vectors) * (dimension + 16 + 256) + MAX_LISTS * (dimension + 4);
}

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
  readonly #settings: PartitionSettings;
  readonly #threads: number;
  readonly #stepMacs: number;
  /** One list per centroid; a single list, and no centroid, before partitioning. */
  #lists: List[];
  /** `lists × dimension` int8 centroids (range-scaled like the codes); empty before partitioning. */
  #centroids: Int8Array = new Int8Array(0);
  /** Vectors the centroids were trained on; 0 before partitioning. */
  #trainedOn = 0;
  /** The training in progress, if any (see {@link trainStep}). */
  #training: Training | undefined;
  /** The groups of each centroids array in use (see {@link CentroidGroups}). */
  readonly #groups = new WeakMap<Int8Array, CentroidGroups>();
  /** Per slot: the factor that turns a code back into its unit vector (`code × scale`). */
  #scales: Float32Array;
  #seqOf: Float64Array;
  #namespaceOf: Int32Array;
  #listOf: Int32Array;
  #positionOf: Int32Array;
  /** Per seq: its slot + 1, or 0. */
  #slotOf: Int32Array = new Int32Array(1024);
  readonly #free: number[] = [];
  #slots = 0;
  #count = 0;
  readonly #namespaces: string[] = [];
  readonly #namespaceIds = new Map<string, number>();
  readonly #namespaceCounts: number[] = [];
  /**
   * Scratch codes for {@link scan}: a buffer of its own (`allocUnsafeSlow`, not from Node's pool),
   * since exact search reads from the start of the underlying buffer.
   */
  #scratch = new Int8Array(0);

  /**
   * @param threads Threads that assign large batches to centroids and train them. Default: the
   *   machine's available parallelism.
   * @param stepMacs Work bound of the training step a search takes ({@link trainStep}), in int8
   *   multiply-adds. Default {@link TRAIN_STEP_MACS}.
   */
  constructor(
    module: UsearchModule,
    settings: PartitionSettings,
    dimension: number,
    epoch: string,
    threads = availableParallelism(),
    stepMacs = TRAIN_STEP_MACS,
  ) {
    this.#module = module;
    this.#threads = threads;
    this.#stepMacs = stepMacs;
    this.#settings = settings;
    this.dimension = dimension;
    this.epoch = epoch;
    this.#lists = [emptyList(dimension, 1024)];
    this.#scales = new Float32Array(1024);
    this.#seqOf = new Float64Array(1024);
    this.#namespaceOf = new Int32Array(1024);
    this.#listOf = new Int32Array(1024);
    this.#positionOf = new Int32Array(1024);
  }

  /** Vectors in the index. */
  get count(): number {
    return this.#count;
  }

  /** Lists the vectors are partitioned into: 1 before partitioning. */
  get lists(): number {
    return this.#lists.length;
  }

  /** Whether a training of new centroids is in progress (the old lists serve meanwhile). */
  get training(): boolean {
    return this.#training !== undefined;
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

  /**
   * Up to `n` indexed seqs spread evenly over the slots (every slot when there are fewer), for
   * {@link differsFrom} to check against the chunk table.
   */
  sampleSeqs(n: number): number[] {
    const live: number[] = [];
    const step = Math.max(1, this.#slots / Math.max(1, n));
    for (let at = 0; at < this.#slots && live.length < n; at += step) {
      const seq = this.#seqOf[Math.floor(at)]!;
      if (seq > 0 && this.#slot(seq) >= 0) live.push(seq);
    }
    return live;
  }

  /**
   * The first of `rows` (vectors as the chunk table holds them) that the index does not hold as
   * {@link upsert} would have written it: not indexed, in another namespace, or another int8 code
   * or scale; `undefined` when all agree.
   */
  differsFrom(rows: Iterable<IndexedVector>): IndexedVector | undefined {
    const dimension = this.dimension;
    const scaled = new Float32Array(dimension);
    for (const row of rows) {
      const slot = this.#slot(row.seq);
      if (slot < 0 || this.#namespaces[this.#namespaceOf[slot]!] !== row.namespace) return row;
      const peak = rangeScaleInto(row.vector, scaled);
      if (this.#scales[slot] !== Math.fround(peak / SCALE)) return row;
      const list = this.#lists[this.#listOf[slot]!]!;
      const start = this.#positionOf[slot]! * dimension;
      for (let j = 0; j < dimension; j++) {
        if (list.codes[start + j] !== Math.round(scaled[j]! * SCALE)) return row;
      }
    }
    return undefined;
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

  /** Removes these seqs (absent ones are ignored) from their lists. */
  remove(seqs: readonly number[]): void {
    const dimension = this.dimension;
    let removed = 0;
    for (const seq of seqs) {
      const slot = this.#slot(seq);
      if (slot < 0) continue;
      const list = this.#lists[this.#listOf[slot]!]!;
      const position = this.#positionOf[slot]!;
      const last = --list.size;
      if (position !== last) {
        // The list's last vector takes the removed one's place.
        const moved = list.slots[last]!;
        list.codes.copyWithin(position * dimension, last * dimension, (last + 1) * dimension);
        list.slots[position] = moved;
        this.#positionOf[moved] = position;
      }
      this.#namespaceCounts[this.#namespaceOf[slot]!]!--;
      this.#slotOf[seq] = 0;
      this.#seqOf[slot] = 0;
      this.#free.push(slot);
      this.#count--;
      removed++;
    }
    this.unsaved += removed;
  }

  /** Adds rows, replacing the vectors of seqs already indexed. Seqs within one call are distinct. */
  upsert(rows: readonly IndexedVector[]): void {
    if (rows.length === 0) return;
    this.remove(rows.map((row) => row.seq));
    const dimension = this.dimension;
    const codes = new Int8Array(rows.length * dimension);
    const scaled = new Float32Array(dimension);
    const slots = rows.map((row, i) => {
      const peak = rangeScaleInto(row.vector, scaled);
      const slot = this.#take(row.seq);
      const namespace = this.#namespaceId(row.namespace);
      this.#namespaceOf[slot] = namespace;
      this.#namespaceCounts[namespace]!++;
      this.#scales[slot] = peak / SCALE;
      for (let j = 0; j < dimension; j++) codes[i * dimension + j] = Math.round(scaled[j]! * SCALE);
      return slot;
    });
    const lists = this.#nearestLists(codes, rows.length);
    slots.forEach((slot, i) => {
      this.#append(lists[i]!, slot, codes, i * dimension);
    });
    // A training that is assigning slots learns these now: the slots may be behind its cursor.
    const training = this.#training;
    if (training?.listOf !== undefined) {
      const nearest = this.#nearestIn(training.centroids, codes, rows.length);
      slots.forEach((slot, i) => {
        training.listOf![slot] = nearest[i]! + 1;
      });
    }
    this.unsaved += rows.length;
  }

  /**
   * Trains the centroids when due (the index has reached `partitionAbove` vectors unpartitioned,
   * or has grown fourfold since the last training) and finishes any training in progress, now:
   * `refreshVectorIndex` calls it, so that a bulk load pays for the whole training there.
   */
  partitionIfDue(): void {
    while (this.trainStep(Number.POSITIVE_INFINITY));
  }

  /**
   * One bounded step of training: starts one when due (see {@link partitionIfDue}), then computes
   * at most `macs` int8 multiply-adds of it (at least one sample row or one vector's assignment),
   * and swaps the new lists in after the last. Searches and the catch-up call it; between steps
   * the old lists answer searches and take writes.
   * @param macs Work bound, in multiply-adds; default the constructor's `stepMacs`.
   * @returns Whether a training is still in progress.
   */
  trainStep(macs = this.#stepMacs): boolean {
    if (this.#training === undefined) {
      const count = this.#count;
      const due =
        this.#trainedOn === 0
          ? count >= Math.max(this.#settings.partitionAbove, MIN_LISTS * 2)
          : count >= this.#trainedOn * RETRAIN_GROWTH;
      if (!due) return false;
      this.#training = this.#startTraining();
    }
    const training = this.#training;
    const perRow = training.lists * this.dimension;
    let spent = 0;
    while (this.#training !== undefined && spent < macs) {
      const rows = Math.max(1, Math.min(ASSIGN_BATCH, Math.floor((macs - spent) / perRow)));
      if (training.listOf === undefined) spent += this.#lloydStep(training, rows) * perRow;
      else if (training.cursor < this.#slots) spent += this.#assignStep(training, rows) * perRow;
      else {
        // Copies every code once: counted as one multiply-add per byte.
        spent += this.#count * this.dimension;
        this.#finishTraining(training);
      }
    }
    return this.#training !== undefined;
  }

  /**
   * The `k` nearest seqs, best first, with approximate cosine similarity. The lists are scanned
   * nearest centroid first: at least `probes` of them, and more until at least `4 × k` vectors
   * were. With `adaptiveProbes` (the default) the search then goes on while the lists it scans
   * still change the best `k`, and stops once {@link PATIENCE} lists in a row added none, or at
   * {@link MAX_PROBES_FACTOR} × `probes` lists: a query on the border of several lists (common
   * for real embeddings, whose neighbours cross cluster borders) reads more of them than a query
   * inside one, and a wider search (a filtered one asks for more candidates) reads more lists.
   * This is patience-based early termination (Teofili and Lin, "Patience in Proximity: A Simple
   * Early Termination Strategy for HNSW Graph Search", ECIR 2025) applied to IVF probing;
   * `docs/dense-search.md` records what it buys on `bench/dense-at-scale.mjs`'s distributions.
   * @param unit The query, normalised.
   */
  search(unit: Float32Array, k: number): Candidates {
    this.trainStep();
    const wanted = Math.max(0, Math.min(k, this.#count));
    if (wanted === 0) return { seqs: [], scores: [] };
    const query = this.#queryCodes(unit);
    const order = this.#listOrder(query);
    const probes = this.#probes();
    const adaptive = this.#settings.adaptiveProbes !== false;
    const most = adaptive ? probes * MAX_PROBES_FACTOR : probes;
    const best = new TopK(wanted);
    let scanned = 0;
    /** Lists scanned in a row that admitted no candidate. */
    let idle = 0;
    for (let i = 0; i < order.length; i++) {
      if (i >= probes && scanned >= Math.min(this.#count, wanted * 4)) {
        if (!adaptive || idle >= PATIENCE || i >= most) break;
      }
      const list = this.#lists[order[i]!]!;
      if (list.size === 0) continue;
      scanned += list.size;
      const found = this.#exact(
        list.codes.subarray(0, list.size * this.dimension),
        query,
        Math.min(wanted, list.size),
      );
      let admitted = false;
      for (let r = 0; r < found.keys.length; r++) {
        const distance = found.distances[r]!;
        if (!best.admits(distance)) break;
        best.push(distance, list.slots[Number(found.keys[r])]!);
        admitted = true;
      }
      idle = admitted ? 0 : idle + 1;
    }
    return this.#candidates(best);
  }

  /**
   * Scores the given seqs by their int8 vectors (seqs not indexed are skipped) and keeps the
   * `keep` best, best first.
   */
  scan(unit: Float32Array, seqs: Iterable<number>, keep: number): Candidates {
    const dimension = this.dimension;
    const slots: number[] = [];
    for (const seq of seqs) {
      const slot = this.#slot(seq);
      if (slot >= 0) slots.push(slot);
    }
    if (slots.length === 0 || keep <= 0) return { seqs: [], scores: [] };
    const bytes = slots.length * dimension;
    if (this.#scratch.byteLength < bytes) this.#scratch = new Int8Array(bytes);
    const scratch = this.#scratch;
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      const start = this.#positionOf[slot]! * dimension;
      copyCode(this.#lists[this.#listOf[slot]!]!.codes, start, scratch, i * dimension, dimension);
    }
    const gathered = new Int8Array(scratch.buffer, 0, bytes);
    const found = this.#exact(gathered, this.#queryCodes(unit), Math.min(keep, slots.length));
    const best = new TopK(found.keys.length);
    for (let r = 0; r < found.keys.length; r++) best.push(found.distances[r]!, slots[Number(found.keys[r])]!);
    return this.#candidates(best);
  }

  /** Writes the index into `folder` (which exists and is empty). */
  save(folder: string): void {
    const dimension = this.dimension;
    const seqs = new Float64Array(this.#count);
    const namespaces = new Int32Array(this.#count);
    const scales = new Float32Array(this.#count);
    const sizes = new Int32Array(this.#lists.length);
    const codes = new Int8Array(this.#count * dimension);
    let n = 0;
    // Row order is list order, so that loading copies each list whole.
    this.#lists.forEach((list, id) => {
      sizes[id] = list.size;
      codes.set(list.codes.subarray(0, list.size * dimension), n * dimension);
      for (let position = 0; position < list.size; position++) {
        const slot = list.slots[position]!;
        seqs[n] = this.#seqOf[slot]!;
        namespaces[n] = this.#namespaceOf[slot]!;
        scales[n] = this.#scales[slot]!;
        n++;
      }
    });
    const header = Buffer.from(
      JSON.stringify({
        format: FORMAT,
        dimension,
        count: n,
        lists: this.#lists.length,
        trainedOn: this.#trainedOn,
        namespaces: this.#namespaces,
      }),
    );
    const length = Buffer.alloc(4);
    length.writeUInt32LE(header.length);
    const parts = [
      length,
      header,
      asBytes(sizes),
      asBytes(this.#centroids),
      asBytes(seqs),
      asBytes(namespaces),
      asBytes(scales),
      asBytes(codes),
    ];
    // The digest catches damage that leaves the structure valid (a flipped namespace id would
    // put a chunk in another namespace's results).
    const digest = nodeCrypto().createHash('sha256');
    for (const part of parts) digest.update(part);
    writeFileSync(join(folder, VECTORS_FILE), Buffer.concat([...parts, digest.digest()]));
    this.unsaved = 0;
  }

  /**
   * Reads an index written by {@link save}.
   * @param version The write sequence number the save agrees with.
   * @param maxVectors The most vectors the save can hold: the chunk rows of the collection now
   *   plus its tombstones (rows deleted since the save). Not the write sequence number: it counts
   *   write batches, and one batch writes many rows.
   * @throws When the file is missing, larger than a save of `maxVectors` vectors can be,
   *   malformed, of another format, inconsistent, or its bytes do not match the SHA-256 digest at
   *   its end.
   */
  static load(
    module: UsearchModule,
    settings: PartitionSettings,
    folder: string,
    dimension: number,
    epoch: string,
    version: number,
    maxVectors: number,
  ): VectorIndex {
    // A regular file only (a FIFO or a device in its place would block or never end), of at
    // most the size a save of `maxVectors` vectors could have.
    const saved = readRegularFileSync(join(folder, VECTORS_FILE), {
      maxBytes: plausibleSaveBytes(dimension, maxVectors),
    });
    if (saved.length < 4 + DIGEST_BYTES) throw new Error(`vector index ${folder}: truncated`);
    const file = saved.subarray(0, saved.length - DIGEST_BYTES);
    const headerLength = file.readUInt32LE(0);
    const header = JSON.parse(file.subarray(4, 4 + headerLength).toString('utf8')) as {
      format: number;
      dimension: number;
      count: number;
      lists: number;
      trainedOn: number;
      namespaces: string[];
    };
    if (header.format !== FORMAT || header.dimension !== dimension) {
      throw new Error(`vector index ${folder}: format ${header.format}, dimension ${header.dimension}`);
    }
    const { count, lists } = header;
    const partitioned = header.trainedOn > 0;
    if (
      !Number.isSafeInteger(count) ||
      !Number.isSafeInteger(lists) ||
      lists < 1 ||
      (!partitioned && lists !== 1)
    ) {
      throw new Error(`vector index ${folder}: ${count} vectors in ${lists} lists`);
    }
    let offset = 4 + headerLength;
    const section = (size: number) => {
      if (offset + size > file.length) throw new Error(`vector index ${folder}: truncated`);
      offset += size;
      return file.subarray(offset - size, offset);
    };
    // Copied into buffers of their own, aligned for their element types.
    const take = (size: number) => new Uint8Array(section(size)).buffer;
    const sizes = new Int32Array(take(lists * 4));
    const centroids = new Int8Array(take(partitioned ? lists * dimension : 0));
    const seqs = new Float64Array(take(count * 8));
    const namespaces = new Int32Array(take(count * 4));
    const scales = new Float32Array(take(count * 4));
    // Read in place: each list copies its part.
    const codeBytes = section(count * dimension);
    const codes = new Int8Array(codeBytes.buffer, codeBytes.byteOffset, codeBytes.length);
    if (offset !== file.length)
      throw new Error(`vector index ${folder}: ${file.length - offset} trailing bytes`);
    if (sizes.reduce((sum, size) => sum + size, 0) !== count || sizes.some((size) => size < 0)) {
      throw new Error(`vector index ${folder}: list sizes do not add up to ${count}`);
    }
    if (!nodeCrypto().createHash('sha256').update(file).digest().equals(saved.subarray(file.length))) {
      throw new Error(`vector index ${folder}: contents do not match their SHA-256 digest`);
    }
    const index = new VectorIndex(module, settings, dimension, epoch);
    for (const name of header.namespaces) index.#namespaceId(name);
    index.#centroids = centroids;
    index.#trainedOn = header.trainedOn;
    const capacity = count + 1024;
    index.#seqOf = grow(seqs, new Float64Array(capacity));
    index.#namespaceOf = grow(namespaces, new Int32Array(capacity));
    index.#scales = grow(scales, new Float32Array(capacity));
    index.#listOf = new Int32Array(capacity);
    index.#positionOf = new Int32Array(capacity);
    index.#slots = count;
    index.#count = count;
    let slot = 0;
    index.#lists = Array.from(sizes, (size, id) => {
      const list = emptyList(dimension, Math.ceil(size * 1.25) + 16);
      list.codes.set(codes.subarray(slot * dimension, (slot + size) * dimension));
      for (let position = 0; position < size; position++, slot++) {
        list.slots[position] = slot;
        index.#listOf[slot] = id;
        index.#positionOf[slot] = position;
      }
      list.size = size;
      return list;
    });
    for (let slot = 0; slot < count; slot++) {
      const seq = seqs[slot]!;
      index.#growSlotMap(seq);
      if (index.#slotOf[seq] !== 0) throw new Error(`vector index ${folder}: seq ${seq} repeated`);
      const namespace = namespaces[slot]!;
      if (!(namespace >= 0 && namespace < header.namespaces.length)) {
        throw new Error(`vector index ${folder}: namespace ${namespace} out of range`);
      }
      index.#slotOf[seq] = slot + 1;
      index.#namespaceCounts[namespace]!++;
    }
    index.version = version;
    index.unsaved = 0;
    return index;
  }

  /** usearch's exact search of one int8 query over `codes`: offsets and cosine distances, nearest first. */
  #exact(codes: Int8Array, query: Int8Array, k: number): { keys: BigUint64Array; distances: Float32Array } {
    return this.#module.exactSearch(codes, query, this.dimension, k, 'cos', 1);
  }

  #queryCodes(unit: Float32Array): Int8Array {
    const scaled = new Float32Array(this.dimension);
    rangeScaleInto(unit, scaled);
    return Int8Array.from(scaled, (value) => Math.round(value * SCALE));
  }

  /** List ids nearest the query first (the single list before partitioning). */
  #listOrder(query: Int8Array): number[] {
    if (this.#trainedOn === 0) return [0];
    const found = this.#exact(this.#centroids, query, this.#lists.length);
    return Array.from(found.keys, Number);
  }

  #probes(): number {
    const lists = this.#lists.length;
    return this.#settings.probes > 0 ? this.#settings.probes : Math.ceil(Math.sqrt(lists));
  }

  /** The nearest list of each of `n` codes (all 0 before partitioning). */
  #nearestLists(codes: Int8Array, n: number): Int32Array {
    if (this.#trainedOn === 0) return new Int32Array(n);
    return this.#nearestIn(this.#centroids, codes, n);
  }

  /**
   * The nearest of `centroids` to each of `n` codes (any buffer offsets), in batches: exact below
   * {@link GROUPED_FROM} centroids, else through their {@link CentroidGroups} (made once per
   * centroids array: a training makes a new array each iteration).
   */
  #nearestIn(centroids: Int8Array, codes: Int8Array, n: number): Int32Array {
    const dimension = this.dimension;
    let groups: CentroidGroups | undefined;
    if (centroids.length >= GROUPED_FROM * dimension) {
      groups = this.#groups.get(centroids);
      if (groups === undefined) {
        groups = new CentroidGroups(this.#module, centroids, dimension, this.#threads);
        this.#groups.set(centroids, groups);
      }
    }
    const lists = new Int32Array(n);
    for (let start = 0; start < n; start += ASSIGN_BATCH) {
      const end = Math.min(n, start + ASSIGN_BATCH);
      // A copy from the buffer's start: usearch reads from there (see `List`).
      const batch = codes.slice(start * dimension, end * dimension);
      if (groups !== undefined) {
        lists.set(groups.nearest(batch, end - start), start);
        continue;
      }
      const nearest = this.#nearestCentroids(centroids, batch);
      for (let i = start; i < end; i++) lists[i] = Number(nearest[i - start]);
    }
    return lists;
  }

  /** The nearest of `centroids` to each row of `codes` (both from the start of their buffers), on every thread. */
  #nearestCentroids(centroids: Int8Array, codes: Int8Array): BigUint64Array {
    return this.#module.exactSearch(centroids, codes, this.dimension, 1, 'cos', this.#threads).keys;
  }

  /** Appends the code at byte `start` of `source` to list `id`. */
  #append(id: number, slot: number, source: Int8Array, start: number): void {
    const dimension = this.dimension;
    let list = this.#lists[id]!;
    if (list.size === list.slots.length) {
      const grown = emptyList(dimension, Math.ceil(list.slots.length * 1.5) + 16);
      grown.codes.set(list.codes.subarray(0, list.size * dimension));
      grown.slots.set(list.slots.subarray(0, list.size));
      grown.size = list.size;
      this.#lists[id] = grown;
      list = grown;
    }
    copyCode(source, start, list.codes, list.size * dimension, dimension);
    list.slots[list.size] = slot;
    this.#listOf[slot] = id;
    this.#positionOf[slot] = list.size;
    list.size++;
  }

  /**
   * A training of spherical k-means centroids on an evenly spaced sample of the live vectors
   * (their int8 codes, copied), starting from `lists` evenly spaced sampled vectors.
   */
  #startTraining(): Training {
    const dimension = this.dimension;
    const count = this.#count;
    // A chosen number of lists is held to one per `MIN_TRAINING_PER_LIST` vectors: training costs
    // sample × lists distance computations, which near one list per vector grows with the
    // square of the collection (about a quarter of an hour at 50,000).
    const lists =
      this.#settings.lists > 0
        ? Math.min(
            this.#settings.lists,
            MAX_LISTS,
            Math.max(MIN_LISTS, Math.floor(count / MIN_TRAINING_PER_LIST)),
          )
        : Math.min(MAX_LISTS, Math.max(MIN_LISTS, Math.ceil(Math.sqrt(count))));
    const live = this.#liveSlots();
    const sampleSize = Math.min(count, lists * SAMPLE_PER_LIST);
    const sample = new Int8Array(sampleSize * dimension);
    const sampleScales = new Float32Array(sampleSize);
    for (let i = 0; i < sampleSize; i++) {
      const slot = live[Math.floor((i * count) / sampleSize)]!;
      sampleScales[i] = this.#scales[slot]!;
      sample.set(this.#codeOf(slot), i * dimension);
    }
    const centroids = new Int8Array(lists * dimension);
    for (let c = 0; c < lists; c++) {
      const i = Math.floor((c * sampleSize) / lists);
      centroids.set(sample.subarray(i * dimension, (i + 1) * dimension), c * dimension);
    }
    return {
      lists,
      sample,
      sampleScales,
      sampleSize,
      centroids,
      iteration: 0,
      cursor: 0,
      sums: new Float64Array(lists * dimension),
      members: new Int32Array(lists),
      listOf: undefined,
    };
  }

  /**
   * Up to `rows` sample rows of the current Lloyd iteration: each is added to its nearest
   * centroid's sum; after the last row the centroids become the normalised means (a centroid left
   * without rows takes a sampled vector instead), and after the last iteration assigning begins.
   * @returns The rows processed.
   */
  #lloydStep(training: Training, rows: number): number {
    const dimension = this.dimension;
    const { sample, sampleScales, sampleSize, sums, members, lists } = training;
    const from = training.cursor;
    const to = Math.min(sampleSize, from + rows);
    const nearest = this.#nearestIn(training.centroids, sample.subarray(from * dimension), to - from);
    for (let i = from; i < to; i++) {
      const c = nearest[i - from]!;
      const scale = sampleScales[i]!;
      members[c]!++;
      for (let j = 0; j < dimension; j++) sums[c * dimension + j]! += sample[i * dimension + j]! * scale;
    }
    training.cursor = to;
    if (to < sampleSize) return to - from;
    const next = new Int8Array(lists * dimension);
    const mean = new Float32Array(dimension);
    for (let c = 0; c < lists; c++) {
      if (members[c] === 0) {
        const i = (c * 7919 + training.iteration * 104_729) % sampleSize;
        next.set(sample.subarray(i * dimension, (i + 1) * dimension), c * dimension);
        continue;
      }
      for (let j = 0; j < dimension; j++) mean[j] = sums[c * dimension + j]!;
      rangeScaleInto(mean, mean);
      for (let j = 0; j < dimension; j++) next[c * dimension + j] = Math.round(mean[j]! * SCALE);
    }
    training.centroids = next;
    training.iteration++;
    training.cursor = 0;
    sums.fill(0);
    members.fill(0);
    if (training.iteration === TRAIN_ITERATIONS) {
      training.listOf = new Int32Array(this.#seqOf.length);
      training.sample = new Int8Array(0);
    }
    return to - from;
  }

  /**
   * The nearest new centroid of the live slots among the next `rows` slots from the cursor.
   * @returns The live slots assigned.
   */
  #assignStep(training: Training, rows: number): number {
    const dimension = this.dimension;
    const listOf = training.listOf!;
    const from = training.cursor;
    const to = Math.min(this.#slots, from + rows);
    const batch = new Int8Array((to - from) * dimension);
    const slots: number[] = [];
    for (let slot = from; slot < to; slot++) {
      if (this.#seqOf[slot] === 0) continue;
      batch.set(this.#codeOf(slot), slots.length * dimension);
      slots.push(slot);
    }
    if (slots.length > 0) {
      const nearest = this.#nearestIn(training.centroids, batch, slots.length);
      slots.forEach((slot, i) => {
        listOf[slot] = nearest[i]! + 1;
      });
    }
    training.cursor = to;
    return Math.max(1, slots.length);
  }

  /** Moves every live vector into its new list and makes the new centroids the index's. */
  #finishTraining(training: Training): void {
    const dimension = this.dimension;
    const listOf = training.listOf!;
    const live = this.#liveSlots();
    const sizes = new Int32Array(training.lists);
    for (const slot of live) sizes[listOf[slot]! - 1]!++;
    const old = this.#lists;
    const oldListOf = this.#listOf.slice();
    const oldPositionOf = this.#positionOf.slice();
    this.#lists = Array.from(sizes, (size) => emptyList(dimension, Math.ceil(size * 1.25) + 16));
    for (const slot of live) {
      const from = old[oldListOf[slot]!]!;
      const position = oldPositionOf[slot]!;
      this.#append(listOf[slot]! - 1, slot, from.codes, position * dimension);
    }
    this.#centroids = training.centroids;
    this.#trainedOn = live.length;
    this.#training = undefined;
    this.unsaved += live.length;
  }

  #liveSlots(): Int32Array {
    const live = new Int32Array(this.#count);
    let n = 0;
    for (const list of this.#lists) {
      live.set(list.slots.subarray(0, list.size), n);
      n += list.size;
    }
    return live;
  }

  #codeOf(slot: number): Int8Array {
    const list = this.#lists[this.#listOf[slot]!]!;
    const position = this.#positionOf[slot]!;
    return list.codes.subarray(position * this.dimension, (position + 1) * this.dimension);
  }

  #candidates(best: TopK): Candidates {
    const { distances, slots } = best.sorted();
    return {
      seqs: Array.from(slots, (slot) => this.#seqOf[slot]!),
      scores: Array.from(distances, (distance) => 1 - distance),
    };
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
        this.#scales = grow(this.#scales, new Float32Array(capacity));
        this.#listOf = grow(this.#listOf, new Int32Array(capacity));
        this.#positionOf = grow(this.#positionOf, new Int32Array(capacity));
        const training = this.#training;
        if (training?.listOf !== undefined) training.listOf = grow(training.listOf, new Int32Array(capacity));
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

/**
 * A two-level search for a vector's nearest centroid (the coarse quantizer of Faiss's
 * `IndexIVF` over many lists; Jégou et al. 2011 §IV, Babenko and Lempitsky, "The inverted
 * multi-index", CVPR 2012): the centroids are grouped by a short spherical k-means into about
 * `sqrt(lists)` groups; a vector is compared with every group's centre, then with the members of
 * its {@link GROUP_PROBES} nearest groups only. The answer is the nearest centroid unless that
 * centroid's group is not among the vector's four nearest, which happens for vectors on the
 * border between lists, whose second-nearest list is then about as near.
 */
class CentroidGroups {
  readonly #module: UsearchModule;
  readonly #dimension: number;
  readonly #threads: number;
  /** Group centres, back to back, from the start of their own buffer. */
  readonly #centres: Int8Array;
  /** Per group: its member centroids' ids, and their codes (from the start of their own buffer). */
  readonly #members: Array<{ ids: Int32Array; codes: Int8Array }>;

  constructor(module: UsearchModule, centroids: Int8Array, dimension: number, threads: number) {
    this.#module = module;
    this.#dimension = dimension;
    this.#threads = threads;
    const lists = centroids.length / dimension;
    const groups = Math.ceil(Math.sqrt(lists));
    let centres = new Int8Array(groups * dimension);
    for (let g = 0; g < groups; g++) {
      const c = Math.floor((g * lists) / groups);
      centres.set(centroids.subarray(c * dimension, (c + 1) * dimension), g * dimension);
    }
    let of: Int32Array = new Int32Array(lists);
    const sums = new Float64Array(groups * dimension);
    const mean = new Float32Array(dimension);
    for (let iteration = 0; iteration <= GROUP_ITERATIONS; iteration++) {
      of = this.#nearest(centres, centroids, 1);
      if (iteration === GROUP_ITERATIONS) break;
      sums.fill(0);
      const counts = new Int32Array(groups);
      for (let c = 0; c < lists; c++) {
        const g = of[c]!;
        counts[g]!++;
        for (let j = 0; j < dimension; j++) sums[g * dimension + j]! += centroids[c * dimension + j]!;
      }
      const next = new Int8Array(groups * dimension);
      for (let g = 0; g < groups; g++) {
        if (counts[g] === 0) {
          next.set(centres.subarray(g * dimension, (g + 1) * dimension), g * dimension);
          continue;
        }
        for (let j = 0; j < dimension; j++) mean[j] = sums[g * dimension + j]!;
        rangeScaleInto(mean, mean);
        for (let j = 0; j < dimension; j++) next[g * dimension + j] = Math.round(mean[j]! * SCALE);
      }
      centres = next;
    }
    // Groups left without members are dropped: every group searched has someone to offer.
    const byGroup = Array.from({ length: groups }, () => [] as number[]);
    for (let c = 0; c < lists; c++) byGroup[of[c]!]!.push(c);
    const kept = byGroup.flatMap((ids, g) => (ids.length === 0 ? [] : [g]));
    this.#centres = new Int8Array(kept.length * dimension);
    kept.forEach((g, i) => {
      this.#centres.set(centres.subarray(g * dimension, (g + 1) * dimension), i * dimension);
    });
    this.#members = kept.map((g) => {
      const ids = Int32Array.from(byGroup[g]!);
      const codes = new Int8Array(ids.length * dimension);
      ids.forEach((c, i) => {
        codes.set(centroids.subarray(c * dimension, (c + 1) * dimension), i * dimension);
      });
      return { ids, codes };
    });
  }

  /** The (approximately) nearest centroid of each of `n` codes (from the start of their buffer). */
  nearest(codes: Int8Array, n: number): Int32Array {
    const dimension = this.#dimension;
    const groups = this.#members.length;
    const probes = Math.min(GROUP_PROBES, groups);
    const top = this.#module.exactSearch(this.#centres, codes, dimension, probes, 'cos', this.#threads).keys;
    // Per group, the codes that search it.
    const askers = Array.from({ length: groups }, () => [] as number[]);
    for (let i = 0; i < n; i++) {
      for (let p = 0; p < probes; p++) askers[Number(top[i * probes + p])]!.push(i);
    }
    const best = new Int32Array(n).fill(-1);
    const bestDistance = new Float32Array(n).fill(Number.POSITIVE_INFINITY);
    const bytes = asBytes(codes);
    for (let g = 0; g < groups; g++) {
      const asking = askers[g]!;
      if (asking.length === 0) continue;
      const gathered = Buffer.allocUnsafeSlow(asking.length * dimension);
      asking.forEach((i, row) => {
        bytes.copy(gathered, row * dimension, i * dimension, (i + 1) * dimension);
      });
      const { ids, codes: members } = this.#members[g]!;
      const found = this.#module.exactSearch(
        members,
        new Int8Array(gathered.buffer, 0, gathered.length),
        dimension,
        1,
        'cos',
        this.#threads,
      );
      asking.forEach((i, row) => {
        const distance = found.distances[row]!;
        // Ties go to the lower centroid id, as an exact search over all of them would give.
        const id = ids[Number(found.keys[row])]!;
        if (distance < bestDistance[i]! || (distance === bestDistance[i]! && id < best[i]!)) {
          bestDistance[i] = distance;
          best[i] = id;
        }
      });
    }
    // A code whose distances were all NaN (a zero vector) goes to the first centroid.
    for (let i = 0; i < n; i++) if (best[i]! < 0) best[i] = 0;
    return best;
  }

  /** The nearest of `dataset` rows to each row of `queries`, both from the start of their buffers. */
  #nearest(dataset: Int8Array, queries: Int8Array, k: number): Int32Array {
    const keys = this.#module.exactSearch(dataset, queries, this.#dimension, k, 'cos', this.#threads).keys;
    return Int32Array.from(keys, Number);
  }
}

/**
 * The `k` smallest distances pushed, with their slots: a binary max-heap, so that the worst kept
 * is known and a sorted list of nearer candidates can stop at the first that is not admitted.
 */
class TopK {
  readonly #k: number;
  readonly #distances: Float64Array;
  readonly #slots: Int32Array;
  #size = 0;

  constructor(k: number) {
    this.#k = k;
    this.#distances = new Float64Array(k);
    this.#slots = new Int32Array(k);
  }

  /** Whether a candidate at this distance would be kept (NaN never is). */
  admits(distance: number): boolean {
    if (Number.isNaN(distance)) return false;
    return this.#size < this.#k || distance < this.#distances[0]!;
  }

  push(distance: number, slot: number): void {
    if (!this.admits(distance)) return;
    const distances = this.#distances;
    const slots = this.#slots;
    let i: number;
    if (this.#size < this.#k) {
      i = this.#size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (distances[parent]! >= distance) break;
        distances[i] = distances[parent]!;
        slots[i] = slots[parent]!;
        i = parent;
      }
    } else {
      i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= this.#size) break;
        const right = left + 1;
        const larger = right < this.#size && distances[right]! > distances[left]! ? right : left;
        if (distances[larger]! <= distance) break;
        distances[i] = distances[larger]!;
        slots[i] = slots[larger]!;
        i = larger;
      }
    }
    distances[i] = distance;
    slots[i] = slot;
  }

  /** The kept candidates, nearest first (ties by slot). */
  sorted(): { distances: Float64Array; slots: Int32Array } {
    const order = Array.from({ length: this.#size }, (_, i) => i).sort(
      (a, b) => this.#distances[a]! - this.#distances[b]! || this.#slots[a]! - this.#slots[b]!,
    );
    return {
      distances: Float64Array.from(order, (i) => this.#distances[i]!),
      slots: Int32Array.from(order, (i) => this.#slots[i]!),
    };
  }
}

function emptyList(dimension: number, capacity: number): List {
  const codes = new Int8Array(capacity * dimension);
  return { codes, slots: new Int32Array(capacity), size: 0 };
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
 * component is ±1: int8 codes then use their whole range, while cosine similarity, blind to
 * scale, is unchanged. @returns That largest component of the unit vector.
 */
function rangeScaleInto(vector: Float32Array, out: Float32Array): number {
  normaliseInto(vector, out);
  let peak = 0;
  for (let j = 0; j < out.length; j++) peak = Math.max(peak, Math.abs(out[j]!));
  if (peak > 0) for (let j = 0; j < out.length; j++) out[j] = out[j]! / peak;
  return peak;
}

function grow<T extends Float64Array | Float32Array | Int32Array | Int8Array>(from: T, to: T): T {
  to.set(from as never);
  return to;
}

/**
 * Copies `length` bytes of code from `source` to `target`. `TypedArray.set` of a subarray:
 * Node 20's `Buffer.copy` builds a view per call in JavaScript and cost about 1.3 µs a code,
 * 13 ms of a 10,000-code filtered scan (profile of bench/dense-at-scale.mjs's 10% filter at 100k).
 */
function copyCode(
  source: Int8Array,
  sourceStart: number,
  target: Int8Array,
  targetStart: number,
  length: number,
) {
  target.set(source.subarray(sourceStart, sourceStart + length), targetStart);
}

function asBytes(array: Float64Array | Float32Array | Int32Array | Int8Array): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}
