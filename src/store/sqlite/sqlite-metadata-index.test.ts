import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { filterArbitrary, metadataArbitrary } from '../../../test/support/filter-arbitraries.js';
import type { Filter } from '../../core/filter/filter.js';
import { matchesEverything } from '../../core/filter/filter-node.js';
import { matchesFilter } from '../../core/filter/match-filter.js';
import { validateFilter } from '../../core/filter/validate-filter.js';
import type { Metadata } from '../../core/types.js';
import { type FieldKind, metadataEntries, narrowFilter, pathKey } from './sqlite-metadata-index.js';

const db = new Database(':memory:');
db.exec(`CREATE TABLE fields (id INTEGER PRIMARY KEY, path TEXT NOT NULL, kind TEXT NOT NULL, UNIQUE (path, kind)) STRICT;
CREATE TABLE meta (field INTEGER NOT NULL, value ANY NOT NULL, seq INTEGER NOT NULL, PRIMARY KEY (field, value, seq)) STRICT, WITHOUT ROWID;`);
afterAll(() => db.close());

/** Indexes `rows` (seq = position + 1) and returns what the index says passes `filter`. */
function indexed(rows: Metadata[], filter: Filter): { seqs: number[]; exact: boolean } | undefined {
  db.exec('DELETE FROM fields; DELETE FROM meta');
  const field = db.prepare(
    'INSERT INTO fields (path, kind) VALUES (?, ?) ON CONFLICT DO UPDATE SET kind = kind RETURNING id',
  );
  const insert = db.prepare('INSERT INTO meta (field, value, seq) VALUES (?, ?, ?)');
  rows.forEach((metadata, i) => {
    for (const entry of metadataEntries(metadata)) {
      const { id } = field.get(entry.path, entry.kind) as { id: number };
      insert.run(id, entry.value, i + 1);
    }
  });
  const node = validateFilter(filter);
  const set = narrowFilter(node, 'meta', (path) => {
    const found = db.prepare('SELECT id, kind FROM fields WHERE path = ?').all(pathKey(path)) as Array<{
      id: number;
      kind: FieldKind;
    }>;
    return new Map(found.map((row) => [row.kind, row.id]));
  });
  if (set === undefined) return undefined;
  const seqs = (
    db.prepare(`SELECT seq FROM (${set.sql}) ORDER BY seq`).all(...set.params) as Array<{ seq: number }>
  ).map((row) => row.seq);
  return { seqs: [...new Set(seqs)], exact: set.exact };
}

function referenceSeqs(rows: Metadata[], filter: Filter): number[] {
  const node = validateFilter(filter);
  return rows.flatMap((metadata, i) => (matchesFilter(node, metadata) ? [i + 1] : []));
}

describe('metadataEntries', () => {
  it('indexes scalars by type class, objects and arrays by presence, and distinct array elements', () => {
    expect(
      metadataEntries({ a: 1, b: 'x', c: true, d: null, e: { f: 2 }, g: [1, 1, '1', [2], { h: 3 }] }),
    ).toEqual([
      { path: '["a"]', kind: 'n', value: 1 },
      { path: '["b"]', kind: 't', value: 'x' },
      { path: '["c"]', kind: 'b', value: 1 },
      { path: '["d"]', kind: 'z', value: 0 },
      { path: '["e"]', kind: 'p', value: 0 },
      { path: '["e","f"]', kind: 'n', value: 2 },
      { path: '["g"]', kind: 'p', value: 0 },
      { path: '["g"]', kind: 'n', value: 1 },
      { path: '["g"]', kind: 't', value: '1' },
    ]);
  });
});

describe('narrowFilter', () => {
  it('answers comparisons, exists and their and/or exactly, and leaves negations to the row check', () => {
    const rows: Metadata[] = [{ bucket: 7, tag: ['a', 'b'] }, { bucket: '7' }, { bucket: 7.5, tag: 'a' }, {}];
    expect(indexed(rows, { bucket: 7 })).toEqual({ seqs: [1], exact: true });
    expect(indexed(rows, { bucket: { $gte: 7 } })).toEqual({ seqs: [1, 3], exact: true });
    expect(indexed(rows, { tag: 'a', bucket: { $in: [7, '7'] } })).toEqual({ seqs: [1], exact: true });
    expect(indexed(rows, { $or: [{ tag: 'b' }, { bucket: '7' }] })).toEqual({ seqs: [1, 2], exact: true });
    expect(indexed(rows, { tag: { $exists: true } })).toEqual({ seqs: [1, 3], exact: true });
    expect(indexed(rows, { tag: 'a', bucket: { $ne: 7 } })).toEqual({ seqs: [1, 3], exact: false });
    expect(indexed(rows, { bucket: { $ne: 7 } })).toBeUndefined();
    expect(indexed(rows, { missing: 1 })).toEqual({ seqs: [], exact: true });
  });

  it('agrees with the reference evaluator on random metadata and filters: exactly, or as a superset', () => {
    fc.assert(
      fc.property(
        fc.array(metadataArbitrary, { minLength: 1, maxLength: 8 }),
        filterArbitrary,
        (rows, filter) => {
          if (matchesEverything(validateFilter(filter))) return;
          const expected = referenceSeqs(rows, filter);
          const found = indexed(rows, filter);
          if (found === undefined) return;
          if (found.exact) expect(found.seqs).toEqual(expected);
          else expect(expected.every((seq) => found.seqs.includes(seq))).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });
});
