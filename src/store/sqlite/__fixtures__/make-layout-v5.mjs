// Writes layout-v5.db (see README.md) with a build of cairn at collection schema version 5:
// node src/store/sqlite/__fixtures__/make-layout-v5.mjs <dist folder of that build> <output file>
import { existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [dist, out] = process.argv.slice(2);
const { openSqliteStore } = await import(pathToFileURL(path.resolve(dist, 'index.js')).href);
for (const suffix of ['', '-wal', '-shm']) if (existsSync(out + suffix)) rmSync(out + suffix);
const store = await openSqliteStore({ path: out, pageSizeBytes: 4096, vectorIndex: false });
await store.createCollection('docs', { model: 'm', dimension: 3 });
await store.createCollection('notes', { model: null });
const scope = { collection: 'docs' };
const other = { collection: 'docs', namespace: 'other' };
const teams = ['ops', 'dev', 'qa'];
const metadataOf = (i) => ({
  team: teams[i % 3],
  rank: i % 7,
  score: (i % 5) + 0.5,
  tags: ['x', `t${i % 4}`, `t${i % 4}`],
  nested: { flag: i % 2 === 0, level: { deep: `L${i % 3}` } },
  ...(i % 11 === 0 ? { none: null } : {}),
  ...(i % 13 === 0 ? { list: [1, 'one', true, null, { skipped: 1 }] } : {}),
});
const chunkOf = (documentId, ordinal, i) => ({
  id: `${documentId}:${ordinal}`,
  documentId,
  sourceId: documentId,
  ordinal,
  text: `granite ${i % 9} text ${ordinal} of ${documentId}`,
  headingPath: ['Heading', `part ${i % 2}`],
  pageStart: 1,
  pageEnd: 1,
  tokenCount: 6,
  metadata: metadataOf(i),
  embedding: [1, (i % 17) + 1, ((i * 7) % 5) - 2 || 0.5],
});
// 4,400 chunks in batches (seqs past 4,096, so past the first block of the new layout), then
// overwrites and deletes that leave rows scattered over the seq range.
let i = 0;
for (let d = 0; d < 440; d++) {
  const documentId = `doc${d}`;
  const chunks = Array.from({ length: 10 }, (_, ordinal) => chunkOf(documentId, ordinal, i++));
  await store.upsertChunks(d % 10 === 9 ? other : scope, chunks);
}
await store.upsertChunks(scope, [
  { ...chunkOf('doc0', 0, 1000), metadata: { team: 'moved', rank: 99, tags: ['y'] } },
]);
await store.deleteChunks(scope, { filter: { rank: { $in: [1, 2, 3, 4, 5, 6] } } });
await store.deleteChunks(other, { documentIds: ['doc9', 'doc19'] });
await store.deleteChunks(other, { filter: { rank: { $in: [2, 3, 4, 5, 6] } } });
await store.upsertChunks({ collection: 'notes' }, [
  { ...chunkOf('n', 0, 0), embedding: undefined, metadata: { kind: 'note' } },
]);
await store.close();
// Smaller file: the freed pages go (VACUUM keeps every seq, an INTEGER PRIMARY KEY).
const Database = createRequire(path.resolve(dist, 'index.js'))('better-sqlite3');
const db = new Database(out);
db.exec('VACUUM');
db.close();
