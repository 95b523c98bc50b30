import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { storedChunk } from '../../../test/support/store-records.js';
import { tableNameFor } from '../sql/table-name.js';
import { rescoreStatement } from './sqlite-dense-plan.js';
import { collectionTables } from './sqlite-schema.js';
import { openSqliteStore } from './sqlite-store.js';

const root = mkdtempSync(join(tmpdir(), 'cairn-dense-plan-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('rescoreStatement', () => {
  it('reads the candidates by rowid, not by walking the namespace index', async () => {
    const path = join(root, 'store.db');
    const store = await openSqliteStore({ path });
    await store.createCollection('docs', { model: 'm', dimension: 4 });
    const chunks = Array.from({ length: 50 }, (_, i) => ({
      ...storedChunk(`doc${Math.floor(i / 10)}`, i % 10),
      embedding: [1, i, 0, 0],
    }));
    await store.upsertChunks({ collection: 'docs' }, chunks);
    await store.upsertChunks({ collection: 'docs', namespace: 'other' }, chunks.slice(0, 5));
    await store.close();

    const db = new Database(path, { readonly: true });
    try {
      const tables = collectionTables(tableNameFor('docs'));
      const statement = rescoreStatement(
        tables,
        { collection: { name: 'docs' }, namespace: 'default' },
        [2, 7, 51, 9999],
      );
      const plan = db
        .prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
        .all(...statement.params)
        .map((row) => (row as { detail: string }).detail);
      const chunkTable = plan.filter((detail) => / c /.test(`${detail} `));
      // One lookup per listed seq: the plan that walked every chunk of the namespace (through
      // the `(namespace, …)` index, checking each seq against the list) cost 35 ms at 200,000.
      expect(chunkTable).toEqual([expect.stringMatching(/^SEARCH c USING INTEGER PRIMARY KEY \(rowid=\?\)/)]);
      // Rows of another namespace (seq 51 is `other`'s) and absent seqs are not read.
      const rows = db.prepare(statement.sql).all(...statement.params) as Array<{ seq: number }>;
      expect(rows.map((row) => row.seq).sort((a, b) => a - b)).toEqual([2, 7]);
    } finally {
      db.close();
    }
  });
});
