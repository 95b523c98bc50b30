/**
 * Keeps each collection's {@link VectorIndex} in agreement with its chunk table, which stays the
 * source of truth. Every write batch bumps the collection's write sequence number
 * (`<t>_state.version`) and stamps the rows it writes with it; every delete leaves a tombstone
 * with it (`<t>_removed`). Before a search, the index is caught up inside the search's own read
 * transaction: rows with `version` above the index's, then tombstones above it — so it sees
 * exactly the snapshot the search reads, including other processes' commits.
 *
 * Saved indexes live beside the database in `.<file>.vectors/<table>/<epoch>.<version>/` (a
 * folder written under a temporary name and renamed into place, so a reader sees a whole index
 * or none); each save then raises the tombstone floor to its version. Opening takes the saved
 * index of the collection's epoch whose version is the floor, checks its size against the chunk
 * table and catches it up; anything else (no file, a damaged one, a file from another epoch, from
 * the future, or one this database never recorded, as after restoring the file from a copy) is
 * rebuilt from the chunk table. After `kill -9` at any moment the database
 * is intact (SQLite's WAL) and the index is therefore rebuilt or caught up to it.
 * @module
 */
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { join } from 'node:path';
import type { StoredCollection } from '../collection/backend.js';
import { RefusedFileError } from '../regular-file.js';
import type { SqlConnection } from '../sql/sql-dialect.js';
import { collectionTables } from './sqlite-schema.js';
import type { UsearchModule } from './usearch-module.js';
import { type IndexedVector, type PartitionSettings, VectorIndex } from './vector-index.js';

/**
 * Vectors of a loaded save checked against the chunk table (see `#checkSample`): 64 primary-key
 * reads and int8 encodings, well under a millisecond beside the load itself, whatever the size.
 */
const SAMPLE_CHECKED = 64;

/** Runs a statement and yields its rows as arrays of column values, without holding them all. */
export type RowIterator = (sql: string, params: unknown[]) => IterableIterator<unknown[]>;

/** The write state of one collection. */
interface WriteState {
  epoch: string;
  version: number;
  floor: number;
}

const APPLY_BATCH = 4096;
/** Temporary folders older than this are left by a crashed writer and removed. */
const STALE_TEMPORARY_MS = 60 * 60 * 1000;

/** The in-memory indexes of one connection's collections, by table name. */
export class VectorIndexes {
  readonly #module: UsearchModule;
  readonly #settings: PartitionSettings;
  readonly #folder: string | undefined;
  readonly #iterate: RowIterator;
  readonly #indexes = new Map<string, VectorIndex>();
  /** Indexes whose training steps run in the background. */
  readonly #training = new Set<VectorIndex>();
  #closed = false;

  /**
   * @param folder Where indexes are saved; `undefined` keeps them in memory only (`:memory:` databases).
   * @param iterate Runs a read on the connection of the transaction in progress.
   */
  constructor(
    module: UsearchModule,
    settings: PartitionSettings,
    folder: string | undefined,
    iterate: RowIterator,
  ) {
    this.#module = module;
    this.#settings = settings;
    this.#folder = folder;
    this.#iterate = iterate;
  }

  /**
   * The collection's index, agreeing with what `tx` sees: loaded or built on first use, caught up
   * when the table has moved on. Call inside a transaction on the connection `iterate` reads.
   * A training of its centroids that is due or under way takes one bounded step here and goes on
   * in the background (one step per turn of the event loop) while the old lists serve, unless
   * `finishTraining` asks for it to end before this returns (`refreshVectorIndex`).
   */
  async current(
    tx: SqlConnection,
    collection: StoredCollection,
    finishTraining = false,
  ): Promise<VectorIndex> {
    const { location } = collection;
    const dimension = collection.dimension!;
    const tables = collectionTables(location);
    const [state] = await tx.all<WriteState>({
      sql: `SELECT epoch, version, floor FROM ${tables.state}`,
      params: [],
    });
    if (state === undefined) throw new Error(`collection table ${location} has no write state`);
    let index = this.#indexes.get(location);
    if (
      index !== undefined &&
      (index.epoch !== state.epoch || index.version > state.version || index.version < state.floor)
    ) {
      index = undefined;
    }
    const fresh = index === undefined;
    index ??= this.#load(location, dimension, state) ?? this.#empty(dimension, state.epoch);
    if (index.version < state.version) this.#catchUp(index, location, state.version);
    if (fresh) {
      const [row] = await tx.all<{ n: number }>({
        sql: `SELECT count(*) AS n FROM ${tables.chunks}`,
        params: [],
      });
      if (row?.n !== index.count) {
        index = this.#empty(dimension, state.epoch);
        this.#catchUp(index, location, state.version);
      }
    }
    this.#indexes.set(location, index);
    if (finishTraining) index.partitionIfDue();
    else this.#trainInBackground(location, index);
    return index;
  }

  /**
   * Ends every training under way (synchronously, as `refreshVectorIndex` does), so that the save
   * at close holds trained lists. Without it a one-shot process (`cairn search` after a large
   * ingest) would take one bounded step, exit, and leave the next process to start the training
   * over from nothing: the index would never be trained. Called by the store's `close` before
   * its save.
   */
  finishTrainings(): void {
    for (const index of this.#indexes.values()) {
      if (index.training) index.partitionIfDue();
    }
  }

  /** Stops the background training steps (the indexes stay usable; a search steps them). */
  close(): void {
    this.#closed = true;
  }

  /**
   * Takes one training step of `index` per turn of the event loop (timers that do not keep the
   * process alive) until its training ends, the index is replaced, or `close` is called. Each
   * step is synchronous and bounded (`TRAIN_STEP_MACS`), so searches and writes queued meanwhile
   * run between steps against the old lists. A step that throws stops the steps; the next search
   * takes the step again and, failing, falls back to exact search (`SqliteBackend.denseSearch`).
   */
  #trainInBackground(location: string, index: VectorIndex): void {
    if (!index.training || this.#training.has(index)) return;
    this.#training.add(index);
    const step = () => {
      let more = false;
      try {
        more = !this.#closed && this.#indexes.get(location) === index && index.trainStep();
      } catch {
        more = false;
      }
      if (more) setTimeout(step, 0).unref();
      else this.#training.delete(index);
    };
    setTimeout(step, 0).unref();
  }

  /** The collection's index as held in memory now (not caught up), if any. */
  held(location: string): VectorIndex | undefined {
    return this.#indexes.get(location);
  }

  /** Drops a collection's index from memory, keeping its saved files (they are checked on load). */
  discard(location: string): void {
    this.#indexes.delete(location);
  }

  /** Forgets a collection's index (its table was dropped) and removes its saved files. */
  forget(location: string): void {
    this.#indexes.delete(location);
    if (this.#folder !== undefined) rmSync(join(this.#folder, location), { recursive: true, force: true });
  }

  /**
   * Saves every index with changes worth writing (any, below 100,000 vectors; at least 1% of the
   * vectors above). An index whose collection was dropped since (its table is gone, or holds a
   * namesake of another epoch, maybe by another process) is forgotten instead: its save would
   * replace the namesake's and its version prune the namesake's tombstones.
   * @param epochOf The collection table's current epoch, `undefined` when the table is gone.
   * @returns The saved indexes' table names, epochs and versions, for pruning tombstones.
   */
  saveChanged(
    force: boolean,
    epochOf: (location: string) => string | undefined,
  ): Array<{ location: string; epoch: string; version: number }> {
    const saved: Array<{ location: string; epoch: string; version: number }> = [];
    if (this.#folder === undefined) return saved;
    for (const [location, index] of this.#indexes) {
      const worth =
        index.unsaved > 0 && (force || index.count < 100_000 || index.unsaved * 100 >= index.count);
      if (!worth) continue;
      if (epochOf(location) !== index.epoch) {
        this.#indexes.delete(location);
        continue;
      }
      this.#save(location, index);
      saved.push({ location, epoch: index.epoch, version: index.version });
    }
    return saved;
  }

  #empty(dimension: number, epoch: string): VectorIndex {
    return new VectorIndex(this.#module, this.#settings, dimension, epoch);
  }

  #catchUp(index: VectorIndex, location: string, target: number): void {
    const tables = collectionTables(location);
    const from = index.version;
    if (from >= 0) {
      const removed: number[] = [];
      for (const [seq] of this.#iterate(`SELECT seq FROM ${tables.removed} WHERE version > ?`, [from])) {
        removed.push(Number(seq));
      }
      index.remove(removed);
    }
    const rows =
      from < 0
        ? this.#iterate(`SELECT seq, namespace, embedding FROM ${tables.chunks} NOT INDEXED`, [])
        : this.#iterate(`SELECT seq, namespace, embedding FROM ${tables.chunks} WHERE version > ?`, [from]);
    let batch: IndexedVector[] = [];
    for (const [seq, namespace, embedding] of rows) {
      batch.push({
        seq: Number(seq),
        namespace: String(namespace),
        vector: floats(embedding as Buffer, index.dimension),
      });
      if (batch.length === APPLY_BATCH) {
        index.upsert(batch);
        batch = [];
      }
    }
    index.upsert(batch);
    index.trainStep();
    index.version = target;
  }

  #load(location: string, dimension: number, state: WriteState): VectorIndex | undefined {
    if (this.#folder === undefined) return undefined;
    // Only the save the database recorded last (each save raises the floor to its version): one
    // newer than the floor was never recorded in this database, as when the file was restored
    // from a copy and the folder beside it kept the save of the lineage it replaced, whose seqs
    // now name other chunks.
    const candidates = savedVersions(join(this.#folder, location)).filter(
      (saved) =>
        saved.epoch === state.epoch && saved.version === state.floor && saved.version <= state.version,
    );
    if (candidates.length === 0) return undefined;
    // The save holds at most the rows live now and those deleted since (their tombstones).
    const tables = collectionTables(location);
    let maxVectors = 0;
    for (const [n] of this.#iterate(
      `SELECT (SELECT count(*) FROM ${tables.chunks}) + (SELECT count(*) FROM ${tables.removed})`,
      [],
    )) {
      maxVectors = Number(n);
    }
    for (const saved of candidates) {
      try {
        const index = VectorIndex.load(
          this.#module,
          this.#settings,
          saved.path,
          dimension,
          state.epoch,
          saved.version,
          maxVectors,
        );
        this.#checkSample(index, location, saved.version, saved.path);
        return index;
      } catch (error) {
        // Something put in place of the file — a FIFO, a device, a link, a file of impossible
        // size — is refused without being read, and said: someone who can write this folder
        // did it (see docs/threat-model.md).
        if (error instanceof RefusedFileError) {
          process.emitWarning(
            `cairn: the saved vector index ${error.message}; it is ignored, removed and rebuilt from the chunk table`,
            { code: 'CAIRN_VECTOR_INDEX' },
          );
        }
        // A damaged save, or one of another format (saves are renamed into place whole, so this
        // is no save in progress): removed, so the index rebuilt instead can be saved under its
        // name; then an older one is tried, else the index is rebuilt.
        rmSync(saved.path, { recursive: true, force: true });
      }
    }
    return undefined;
  }

  /**
   * Checks {@link SAMPLE_CHECKED} vectors of a loaded save, spread over it, against the chunk
   * table (rows written since the save are skipped: the catch-up replaces them). The digest at the
   * end of a save only proves it was not damaged by accident: whoever can write the folder can
   * change the codes and write a matching digest (see docs/threat-model.md). A save whose sampled
   * codes disagree with the table is said on a warning and rebuilt; a few changed codes among
   * many can pass the sample, so the folder must be as protected as the database file.
   * @throws {Error} naming the first vector that disagrees.
   */
  #checkSample(index: VectorIndex, location: string, version: number, path: string): void {
    const seqs = index.sampleSeqs(SAMPLE_CHECKED);
    if (seqs.length === 0) return;
    const tables = collectionTables(location);
    const rows: IndexedVector[] = [];
    const placeholders = seqs.map(() => '?').join(', ');
    for (const [seq, namespace, embedding] of this.#iterate(
      `SELECT seq, namespace, embedding FROM ${tables.chunks} WHERE seq IN (${placeholders}) AND version <= ? AND embedding IS NOT NULL`,
      [...seqs, version],
    )) {
      rows.push({
        seq: Number(seq),
        namespace: String(namespace),
        vector: floats(embedding as Buffer, index.dimension),
      });
    }
    const differing = index.differsFrom(rows);
    if (differing !== undefined) {
      process.emitWarning(
        `cairn: the saved vector index ${path} holds a vector for chunk seq ${differing.seq} that its chunk table does not (changed after it was saved, with its digest made to match); it is ignored, removed and rebuilt from the chunk table`,
        { code: 'CAIRN_VECTOR_INDEX' },
      );
      throw new Error(`vector index ${path}: seq ${differing.seq} disagrees with the chunk table`);
    }
  }

  #save(location: string, index: VectorIndex): void {
    const base = join(this.#folder!, location);
    mkdirSync(base, { recursive: true });
    const temporary = mkdtempSync(join(base, '.tmp-'));
    try {
      index.save(temporary);
      for (const name of readdirSync(temporary)) syncFile(join(temporary, name));
      const target = join(base, `${index.epoch}.${index.version}`);
      // A folder of that name is replaced: another process's save of the same version is as good
      // as this one, but one left by another lineage of the file (restored from a copy) is not.
      rmSync(target, { recursive: true, force: true });
      try {
        renameSync(temporary, target);
      } catch {
        // Another process saved the same version in between; its copy is as good as ours.
        rmSync(temporary, { recursive: true, force: true });
      }
      syncFile(base);
      for (const saved of savedVersions(base)) {
        if (saved.epoch !== index.epoch || saved.version < index.version) {
          rmSync(saved.path, { recursive: true, force: true });
        }
      }
      for (const name of readdirSync(base)) {
        const path = join(base, name);
        if (name.startsWith('.tmp-') && Date.now() - statSync(path).mtimeMs > STALE_TEMPORARY_MS) {
          rmSync(path, { recursive: true, force: true });
        }
      }
    } catch (error) {
      rmSync(temporary, { recursive: true, force: true });
      throw error;
    }
  }
}

/** The saved index folders under `base`, parsed from their names. */
function savedVersions(base: string): Array<{ epoch: string; version: number; path: string }> {
  let names: string[];
  try {
    names = readdirSync(base);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    const match = /^([0-9a-f-]{36})\.(\d+)$/.exec(name);
    return match === null ? [] : [{ epoch: match[1]!, version: Number(match[2]), path: join(base, name) }];
  });
}

function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** The float32 values of an embedding BLOB, without copying when it is aligned. */
function floats(blob: Buffer, dimension: number): Float32Array {
  if (blob.byteOffset % 4 === 0) return new Float32Array(blob.buffer, blob.byteOffset, dimension);
  return new Float32Array(new Uint8Array(blob).buffer, 0, dimension);
}
