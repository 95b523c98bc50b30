import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { filterArbitrary, metadataArbitrary } from '../../../test/support/filter-arbitraries.js';
import type { Filter } from '../../core/filter/filter.js';
import { matchesEverything } from '../../core/filter/filter-node.js';
import { matchesFilter } from '../../core/filter/match-filter.js';
import { validateFilter } from '../../core/filter/validate-filter.js';
import type { Metadata } from '../../core/types.js';
import type { SqlConnection, SqlStatement } from '../sql/sql-dialect.js';
import { type FieldKind, metadataEntries, narrowFilter, pathKey } from './sqlite-metadata-index.js';
import { type PostingEntry, postingsDdl, readPostings, updatePostings } from './sqlite-postings.js';

const db = new Database(':memory:');
db.exec(`CREATE TABLE fields (id INTEGER PRIMARY KEY, path TEXT NOT NULL, kind TEXT NOT NULL, UNIQUE (path, kind)) STRICT;
${postingsDdl('postings')};`);
afterAll(() => db.close());
const tx: SqlConnection = {
  all: async <Row>(statement: SqlStatement) => db.prepare(statement.sql).all(...statement.params) as Row[],
  run: async (statement: SqlStatement) => {
    db.prepare(statement.sql).run(...statement.params);
  },
};

/**
 * Indexes `rows` (seq = `spread` × position + 1, so that a large spread puts them in different
 * posting blocks) and returns what the index says passes `filter`.
 */
async function indexed(
  rows: Metadata[],
  filter: Filter,
  spread = 1,
  limit?: number,
): Promise<{ seqs: number[]; exact: boolean } | undefined> {
  db.exec('DELETE FROM fields; DELETE FROM postings');
  const field = db.prepare(
    'INSERT INTO fields (path, kind) VALUES (?, ?) ON CONFLICT DO UPDATE SET kind = kind RETURNING id',
  );
  const entries: PostingEntry[] = [];
  rows.forEach((metadata, i) => {
    for (const entry of metadataEntries(metadata)) {
      const { id } = field.get(entry.path, entry.kind) as { id: number };
      entries.push({ field: id, value: entry.value, seq: spread * i + 1 });
    }
  });
  await updatePostings(tx, 'postings', entries, []);
  const node = validateFilter(filter);
  const set = await narrowFilter(
    node,
    (path) => {
      const found = db.prepare('SELECT id, kind FROM fields WHERE path = ?').all(pathKey(path)) as Array<{
        id: number;
        kind: FieldKind;
      }>;
      return new Map(found.map((row) => [row.kind, row.id]));
    },
    (condition, cut) => readPostings(tx, 'postings', condition, cut),
    limit,
  );
  if (set === undefined) return undefined;
  return { seqs: set.seqs.map((seq) => (seq - 1) / spread + 1), exact: set.exact };
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

  it('gives every key its path text, the same on every call, short or long, plain or escaped', () => {
    const long = 'k'.repeat(200);
    const metadata = { [long]: 1, 'quote"d\\key': false, __proto__x: 'p', nested: { [long]: 2 } };
    const expected = [
      { path: pathKey([long]), kind: 'n', value: 1 },
      { path: pathKey(['quote"d\\key']), kind: 'b', value: 0 },
      { path: pathKey(['__proto__x']), kind: 't', value: 'p' },
      { path: pathKey(['nested']), kind: 'p', value: 0 },
      { path: pathKey(['nested', long]), kind: 'n', value: 2 },
    ];
    expect(metadataEntries(metadata)).toEqual(expected);
    expect(metadataEntries(metadata)).toEqual(expected);
    // A key seen first nested, then at the top level, is not confused with its nested path.
    expect(metadataEntries({ [long]: 3 })).toEqual([{ path: pathKey([long]), kind: 'n', value: 3 }]);
  });
});

describe('narrowFilter', () => {
  it('answers comparisons, exists and their and/or exactly, and leaves negations to the row check', async () => {
    const rows: Metadata[] = [{ bucket: 7, tag: ['a', 'b'] }, { bucket: '7' }, { bucket: 7.5, tag: 'a' }, {}];
    for (const spread of [1, 3000]) {
      expect(await indexed(rows, { bucket: 7 }, spread)).toEqual({ seqs: [1], exact: true });
      expect(await indexed(rows, { bucket: { $gte: 7 } }, spread)).toEqual({ seqs: [1, 3], exact: true });
      expect(await indexed(rows, { tag: 'a', bucket: { $in: [7, '7'] } }, spread)).toEqual({
        seqs: [1],
        exact: true,
      });
      expect(await indexed(rows, { $or: [{ tag: 'b' }, { bucket: '7' }] }, spread)).toEqual({
        seqs: [1, 2],
        exact: true,
      });
      expect(await indexed(rows, { tag: { $exists: true } }, spread)).toEqual({ seqs: [1, 3], exact: true });
      expect(await indexed(rows, { tag: 'a', bucket: { $ne: 7 } }, spread)).toEqual({
        seqs: [1, 3],
        exact: false,
      });
      expect(await indexed(rows, { bucket: { $ne: 7 } }, spread)).toBeUndefined();
      expect(await indexed(rows, { missing: 1 }, spread)).toEqual({ seqs: [], exact: true });
    }
  });

  it("cuts a single condition's long list short past the limit, never a combination", async () => {
    const rows: Metadata[] = Array.from({ length: 60 }, (_, i) => ({ a: 1, b: i % 2 }));
    const all = Array.from({ length: 60 }, (_, i) => i + 1);
    // 3,000 seqs apart: one posting block per two rows, so the read can stop early.
    const cut = await indexed(rows, { a: 1 }, 3000, 5);
    expect(cut!.seqs.length).toBeGreaterThan(5);
    expect(cut!.seqs.length).toBeLessThan(60);
    expect(cut!.seqs).toEqual(all.slice(0, cut!.seqs.length));
    expect(await indexed(rows, { a: 1 }, 3000)).toEqual({ seqs: all, exact: true });
    expect(await indexed(rows, { a: 1 }, 1, 5)).toEqual({ seqs: all, exact: true });
    expect(await indexed(rows, { a: 1, b: 0 }, 3000, 5)).toEqual({
      seqs: all.filter((seq) => seq % 2 === 1),
      exact: true,
    });
  });

  it('agrees with the reference evaluator on random metadata and filters: exactly, or as a superset', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(metadataArbitrary, { minLength: 1, maxLength: 8 }),
        filterArbitrary,
        fc.constantFrom(1, 1500),
        async (rows, filter, spread) => {
          if (matchesEverything(validateFilter(filter))) return;
          const expected = referenceSeqs(rows, filter);
          const found = await indexed(rows, filter, spread);
          if (found === undefined) return;
          if (found.exact) expect(found.seqs).toEqual(expected);
          else expect(expected.every((seq) => found.seqs.includes(seq))).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });
});
