// Writes layout-v6.db (see README.md) with a build of cairn at collection schema version 6, and
// layout-v6.expected.json: what that build answers on the file (chunks with their embeddings,
// counts, lexical and dense searches, with filters and by source), for the upgrade test to
// compare the upgraded file's answers with:
// node src/store/sqlite/__fixtures__/make-layout-v6.mjs <dist folder of that build> <output file>
import { existsSync, rmSync, writeFileSync } from 'node:fs';
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
  tags: ['x', `t${i % 4}`],
  nested: { flag: i % 2 === 0 },
});
const words = ['granite', 'basalt', 'marble', 'slate', 'quartz'];
// Most documents are their own source (as an ingest writes them: the source id defaults to the
// document id); every fourth document's chunks come from a shared source `src<d mod 5>`, and
// document `mixed` has chunks of two sources, one of them its own id.
const sourceOf = (d, documentId) => (d % 4 === 3 ? `src${d % 5}` : documentId);
const chunkOf = (documentId, sourceId, ordinal, i) => ({
  id: `${documentId}:${ordinal}`,
  documentId,
  sourceId,
  ordinal,
  text: `${words[i % 5]} ${words[(i * 3) % 5]} text ${ordinal} of ${documentId}`,
  headingPath: ['Heading', `part ${i % 2}`],
  pageStart: 1,
  pageEnd: 1,
  tokenCount: 6,
  metadata: metadataOf(i),
  embedding: [1, (i % 17) + 1, ((i * 7) % 5) - 2 || 0.5],
});
let i = 0;
for (let d = 0; d < 120; d++) {
  const documentId = `doc${d}`;
  const sourceId = sourceOf(d, documentId);
  const chunks = Array.from({ length: 10 }, (_, ordinal) => chunkOf(documentId, sourceId, ordinal, i++));
  await store.upsertChunks(d % 10 === 9 ? other : scope, chunks);
}
await store.upsertChunks(scope, [
  chunkOf('mixed', 'mixed', 0, i++),
  chunkOf('mixed', 'src1', 1, i++),
  chunkOf('mixed', 'mixed', 2, i++),
]);
// Overwrites (one moving a chunk to another source) and deletes, by filter, document and source.
await store.upsertChunks(scope, [
  { ...chunkOf('doc0', 'src2', 0, 1000), metadata: { team: 'moved', rank: 99, tags: ['y'] } },
]);
await store.deleteChunks(scope, { filter: { rank: { $in: [5, 6] } } });
await store.deleteChunks(other, { documentIds: ['doc9'] });
await store.deleteChunks(scope, { sourceIds: ['src3'] });
await store.upsertChunks({ collection: 'notes' }, [
  { ...chunkOf('n', 'n', 0, 0), embedding: undefined, metadata: { kind: 'note' } },
]);

// What this build answers, for the upgrade test: every chunk with its embedding, and per case
// (namespace and conditions) the count and the lexical and dense hits with their scores.
const hitOf = (hit) => [hit.chunk.id, hit.score];
const sources = ['src0', 'src1', 'src2', 'src4', 'doc5', 'mixed', 'doc0', 'nowhere'];
const conditions = [
  {},
  { filter: { team: 'qa' } },
  { filter: { tags: 't2', 'nested.flag': true } },
  { filter: { rank: { $gte: 3 } } },
  ...sources.map((source) => ({ sourceIds: [source] })),
  { sourceIds: ['src1', 'src2', 'doc4'] },
  { sourceIds: ['src1', 'mixed'], filter: { team: 'ops' } },
  { sourceIds: ['src0'], documentIds: ['doc15', 'doc4'] },
  { sourceIds: [] },
];
const expected = { chunks: {}, cases: [] };
for (const namespace of ['default', 'other']) {
  const at = { ...scope, namespace };
  const stored = [];
  for await (const batch of store.iterChunks({ ...at, batchSize: 100 })) {
    for (const chunk of batch) {
      stored.push({
        ...chunk,
        embedding: chunk.embedding === undefined ? null : Array.from(chunk.embedding),
      });
    }
  }
  expected.chunks[namespace] = stored;
  for (const condition of conditions) {
    const where = { ...at, ...condition };
    expected.cases.push({
      namespace,
      condition,
      count: await store.countChunks(where),
      lexical: (await store.lexicalSearch({ ...where, query: 'granite marble', topK: 20 })).map(hitOf),
      dense: (await store.denseSearch({ ...where, vector: [1, 3, -1], topK: 20 })).map(hitOf),
      keepBest: (await store.denseSearch({ ...where, vector: [1, 3, -1], topK: 20, keepBest: true })).map(
        hitOf,
      ),
    });
  }
}
await store.close();
// Smaller file: the freed pages go (VACUUM keeps every seq, an INTEGER PRIMARY KEY).
const Database = createRequire(path.resolve(dist, 'index.js'))('better-sqlite3');
const db = new Database(out);
db.exec('VACUUM');
db.close();
writeFileSync(out.replace(/\.db$/, '.expected.json'), `${JSON.stringify(expected)}\n`);
