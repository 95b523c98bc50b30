/**
 * The posting lists of a SQLite collection's metadata index (schema version 6): table
 * `<t>_postings`, one row per (block of {@link BLOCK_SIZE} seqs, field, value) holding the seqs of
 * that block whose metadata has that value in that field, as a BLOB of ascending `uint16` offsets from
 * the block's first seq, in the platform's byte order (little-endian on x64 and arm64), as
 * embeddings are stored. A field id stands for one (namespace, JSON path,
 * JSON type class) of `<t>_fields` (see `sqlite-metadata-index.ts` for what is indexed).
 *
 * Why blocks first: a batch of new chunks takes consecutive seqs, so its postings land in one or
 * two blocks — a few neighbouring pages of the B-tree, one row per distinct (field, value) of the
 * batch. The version-5 layout kept one `(field, value, seq)` row per scalar, so a batch of 1,000
 * chunks with two fields wrote 2,000 rows scattered over one page per distinct value (about 110
 * pages of 32 KiB per batch in the dense bench): a fifth of the insert CPU at 100,000 chunks and
 * about a third of the bytes written (docs/dense-build.md, "Inserts").
 *
 * A read for one condition walks the blocks (one B-tree seek per block, found by a recursive
 * `min(block) > previous`: about 245 at a million chunks) and seeks the condition's (field, value)
 * range inside each. Writes read the postings they change, merge in JavaScript and write them back
 * with one upsert per row; a posting left empty is deleted.
 * @module
 */
import type { SqlConnection } from '../sql/sql-dialect.js';

/** Seqs per posting block: 2^12, so an offset fits a `uint16`. */
export const BLOCK_SIZE = 4096;

/** DDL of a collection's postings table (`table` quoted). */
export function postingsDdl(table: string): string {
  return (
    `CREATE TABLE ${table} (block INTEGER NOT NULL, field INTEGER NOT NULL, value ANY NOT NULL, ` +
    'seqs BLOB NOT NULL, PRIMARY KEY (block, field, value)) STRICT, WITHOUT ROWID'
  );
}

/** One seq's entry under one field id and value. */
export interface PostingEntry {
  seq: number;
  field: number;
  value: string | number;
}

/** A condition over the postings table aliased `p` (its `field` and `value` columns), with its parameters. */
export interface PostingCondition {
  sql: string;
  params: Array<string | number>;
}

interface Change {
  block: number;
  field: number;
  value: string | number;
  add: number[];
  remove: number[];
  stored?: Uint16Array;
}

/** Most keys or rows per statement of {@link updatePostings}. */
const ROWS_PER_STATEMENT = 512;

/**
 * Adds and removes entries, in the caller's transaction. A seq both removed and added under the
 * same key stays (removals apply first).
 * @param table The quoted postings table.
 */
export async function updatePostings(
  tx: SqlConnection,
  table: string,
  added: readonly PostingEntry[],
  removed: readonly PostingEntry[],
): Promise<void> {
  // Changes by block, field and value (nested maps: no key text built per entry).
  const changes = new Map<number, Map<number, Map<string | number, Change>>>();
  const list: Change[] = [];
  const note = (entry: PostingEntry, added: boolean) => {
    const block = Math.floor(entry.seq / BLOCK_SIZE);
    let fields = changes.get(block);
    if (fields === undefined) {
      fields = new Map();
      changes.set(block, fields);
    }
    let values = fields.get(entry.field);
    if (values === undefined) {
      values = new Map();
      fields.set(entry.field, values);
    }
    let change = values.get(entry.value);
    if (change === undefined) {
      change = { block, field: entry.field, value: entry.value, add: [], remove: [] };
      values.set(entry.value, change);
      list.push(change);
    }
    (added ? change.add : change.remove).push(entry.seq - block * BLOCK_SIZE);
  };
  for (const entry of removed) note(entry, false);
  for (const entry of added) note(entry, true);
  if (list.length === 0) return;
  for (let start = 0; start < list.length; start += ROWS_PER_STATEMENT) {
    const keys = list.slice(start, start + ROWS_PER_STATEMENT).map((c) => [c.block, c.field, c.value]);
    const rows = await tx.all<{ block: number; field: number; value: string | number; seqs: Uint8Array }>({
      sql:
        `SELECT p.block AS block, p.field AS field, p.value AS value, p.seqs AS seqs FROM json_each(?) AS j ` +
        `CROSS JOIN ${table} AS p ON p.block = j.value ->> 0 AND p.field = j.value ->> 1 AND p.value = j.value ->> 2`,
      params: [JSON.stringify(keys)],
    });
    for (const row of rows) {
      const change = changes.get(row.block)?.get(row.field)?.get(row.value);
      if (change !== undefined) change.stored = offsetsOf(row.seqs);
    }
  }
  const upserts: unknown[][] = [];
  const emptied: unknown[][] = [];
  for (const change of list) {
    const merged = merge(change);
    if (merged.length > 0) upserts.push([change.block, change.field, change.value, blobOf(merged)]);
    else if (change.stored !== undefined) emptied.push([change.block, change.field, change.value]);
  }
  for (let start = 0; start < upserts.length; start += ROWS_PER_STATEMENT) {
    const rows = upserts.slice(start, start + ROWS_PER_STATEMENT);
    await tx.run({
      sql:
        `INSERT INTO ${table} (block, field, value, seqs) VALUES ${rows.map(() => '(?, ?, ?, ?)').join(', ')} ` +
        'ON CONFLICT (block, field, value) DO UPDATE SET seqs = excluded.seqs',
      params: rows.flat(),
    });
  }
  for (let start = 0; start < emptied.length; start += ROWS_PER_STATEMENT) {
    await tx.run({
      sql:
        `DELETE FROM ${table} WHERE (block, field, value) IN ` +
        '(SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?))',
      params: [JSON.stringify(emptied.slice(start, start + ROWS_PER_STATEMENT))],
    });
  }
}

/**
 * The seqs whose postings pass `condition`, ascending and distinct: one seek per block (see the
 * module notes), then the offsets decoded.
 * @param limit When given, decoding stops once more than `limit` seqs are found: a longer list is
 *   cut to its first `limit + 1` or a few more (a caller that only needs to know it is long).
 */
export async function readPostings(
  tx: SqlConnection,
  table: string,
  condition: PostingCondition,
  limit = Number.POSITIVE_INFINITY,
): Promise<number[]> {
  const rows = await tx.all<{ block: number; seqs: Uint8Array }>({
    sql:
      `WITH RECURSIVE b(block) AS (SELECT min(block) FROM ${table} UNION ALL ` +
      `SELECT (SELECT min(q.block) FROM ${table} AS q WHERE q.block > b.block) FROM b WHERE b.block IS NOT NULL) ` +
      `SELECT p.block AS block, p.seqs AS seqs FROM b CROSS JOIN ${table} AS p ` +
      `WHERE p.block = b.block AND (${condition.sql})`,
    params: condition.params,
  });
  const seqs: number[] = [];
  for (let i = 0; i < rows.length && seqs.length <= limit; ) {
    const block = rows[i]!.block;
    let end = i + 1;
    while (end < rows.length && rows[end]!.block === block) end++;
    const base = block * BLOCK_SIZE;
    if (end === i + 1) {
      const offsets = offsetsOf(rows[i]!.seqs);
      for (let k = 0; k < offsets.length; k++) seqs.push(base + offsets[k]!);
    } else {
      // Several values of the block (a range, a list, several fields): merged in order, once each.
      const offsets = sortedUnion(rows.slice(i, end).map((row) => offsetsOf(row.seqs)));
      for (let k = 0; k < offsets.length; k++) seqs.push(base + offsets[k]!);
    }
    i = end;
  }
  return seqs;
}

/** A change's offsets after it: the stored ones less the removed, plus the added, ascending and distinct. */
function merge(change: Change): Uint16Array {
  let stored = change.stored ?? new Uint16Array(0);
  if (change.remove.length > 0) {
    const gone = new Set(change.remove);
    stored = stored.filter((offset) => !gone.has(offset));
  }
  if (change.add.length === 0) return stored;
  const added = Uint16Array.from(change.add);
  // New chunks take seqs past every stored one, in order: appended without a sort.
  if (ascending(added) && (stored.length === 0 || stored[stored.length - 1]! < added[0]!)) {
    const all = new Uint16Array(stored.length + added.length);
    all.set(stored);
    all.set(added, stored.length);
    return all;
  }
  return sortedUnion([stored, added]);
}

/** Whether `offsets` are strictly ascending. */
function ascending(offsets: Uint16Array): boolean {
  for (let i = 1; i < offsets.length; i++) if (offsets[i]! <= offsets[i - 1]!) return false;
  return true;
}

/** The offsets of all `parts`, in ascending order, each once. */
function sortedUnion(parts: readonly Uint16Array[]): Uint16Array {
  const all = new Uint16Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  all.sort();
  let kept = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[kept++] = all[i]!;
  return all.subarray(0, kept);
}

/** The offsets of a stored posting (copied when the BLOB is not 2-byte aligned). */
function offsetsOf(blob: Uint8Array): Uint16Array {
  if (blob.byteOffset % 2 === 0) return new Uint16Array(blob.buffer, blob.byteOffset, blob.byteLength / 2);
  return new Uint16Array(new Uint8Array(blob).buffer);
}

function blobOf(offsets: Uint16Array): Buffer {
  return Buffer.from(offsets.buffer, offsets.byteOffset, offsets.byteLength);
}

/** Sorted, distinct seqs in both lists. */
export function intersectSorted(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i]! < b[j]!) i++;
    else if (a[i]! > b[j]!) j++;
    else {
      out.push(a[i]!);
      i++;
      j++;
    }
  }
  return out;
}

/** Sorted, distinct seqs in either list. */
export function unionSorted(a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! < b[j]!)) out.push(a[i++]!);
    else if (i >= a.length || b[j]! < a[i]!) out.push(b[j++]!);
    else {
      out.push(a[i++]!);
      j++;
    }
  }
  return out;
}
