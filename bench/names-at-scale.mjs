#!/usr/bin/env node
// Cost of a one-shot `cairn search` in a collection of 5,183 documents (SciFact's corpus, one
// abstract a document, lexical-only SQLite), where the identity index (titles, paths and the
// names first pages write) is built again by every process. Each run is a fresh process of the
// CLI bundle (`<dist>/cli/cairn.cjs search … --mode lexical --json`), one SciFact train claim a
// run, interleaved with bare `node -e 0`; CPU time (user + system, as the process reports it at
// exit) is recorded beside wall time, since on a shared machine wall time mostly measures the
// wait for a core. Also counts the searches whose hits carry a focus boost and what named them.
//
// --dist chooses the build (default ./dist; `--dist /work/main/dist` for main), --db reuses a
// database (copied first; an older layout is upgraded by the first search, timed on its own as
// `firstSearch`) instead of ingesting the corpus, --keep-db writes the ingested database to a
// path for a later --db run.
//
//   nice node bench/names-at-scale.mjs [--dist dist] [--runs 15] [--db file] [--keep-db file] [--out names-at-scale-after]
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    runs: { type: 'string', default: '15' },
    db: { type: 'string' },
    'keep-db': { type: 'string' },
    data: { type: 'string', default: '../shared/data/scifact' },
    out: { type: 'string', default: 'names-at-scale' },
  },
});
const dist = path.resolve(values.dist);
const runs = Number(values.runs);
const { loadBeir } = await import(path.join(dist, 'exports/eval.js'));
const { createEngine, openStore } = await import(path.join(dist, 'index.js'));
const cli = path.join(dist, 'cli/cairn.cjs');
const dataset = await loadBeir(values.data, 'train');
const dir = mkdtempSync(path.join(tmpdir(), 'cairn-names-'));
const db = path.join(dir, 'scifact.db');
const env = {
  ...process.env,
  CAIRN_EMBEDDER: '',
  CAIRN_CHAT_MODEL: '',
  CAIRN_RERANKER: '',
  CAIRN_CONFIG: '',
};

let ingestSeconds;
if (values.db) {
  copyFileSync(values.db, db);
} else {
  const began = performance.now();
  const engine = await createEngine({ store: await openStore(db) });
  for (const doc of dataset.corpus) {
    const markdown = doc.title ? `# ${doc.title}\n\n${doc.text}` : doc.text;
    await engine.ingestSource(
      { name: doc.id, bytes: new TextEncoder().encode(markdown), mediaType: 'text/markdown' },
      { documentId: doc.id },
    );
  }
  await engine.close();
  ingestSeconds = Number(((performance.now() - began) / 1000).toFixed(1));
  if (values['keep-db']) copyFileSync(db, values['keep-db']);
}

const cpuFile = path.join(dir, 'cpu.txt');
const cpuHook = path.join(dir, 'cpu-hook.cjs');
writeFileSync(
  cpuHook,
  `process.on('exit', () => { const u = process.cpuUsage(); require('node:fs').writeFileSync(${JSON.stringify(cpuFile)}, String((u.user + u.system) / 1000)); });\n`,
);

/** Wall and CPU milliseconds of one fresh process, and its stdout. */
function time(args) {
  const began = process.hrtime.bigint();
  const result = spawnSync(process.execPath, ['--require', cpuHook, ...args], {
    env,
    cwd: dir,
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`node ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  const wall = Number(process.hrtime.bigint() - began) / 1e6;
  return { wall, cpu: Number(readFileSync(cpuFile, 'utf8')), stdout: result.stdout };
}

const search = (query) => [cli, 'search', query, '--db', db, '--mode', 'lexical', '--json'];
const queries = dataset.queries.slice(0, runs);
const first = time(search(queries[0].text));
const node = [];
const searches = [];
const focused = [];
for (const query of queries) {
  node.push(time(['-e', '0']));
  const run = time(search(query.text));
  searches.push(run);
  const reasons = JSON.parse(run.stdout)
    .hits.flatMap((hit) => hit.boosts ?? [])
    .filter((boost) => boost.kind === 'focus')
    .map((boost) => boost.reason);
  if (reasons.length > 0) focused.push({ query: query.text, reason: reasons[0] });
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const summary = (xs) => ({
  wallMs: Number(median(xs.map((x) => x.wall)).toFixed(1)),
  cpuMs: Number(median(xs.map((x) => x.cpu)).toFixed(1)),
});
const results = {
  date: new Date().toISOString(),
  dist,
  documents: dataset.corpus.length,
  runs,
  ...(ingestSeconds !== undefined ? { ingestSeconds } : { reusedDatabase: values.db }),
  firstSearch: { wallMs: Number(first.wall.toFixed(1)), cpuMs: Number(first.cpu.toFixed(1)) },
  node: summary(node),
  search: summary(searches),
  searchOverNodeCpu: Number((median(searches.map((x) => x.cpu)) / median(node.map((x) => x.cpu))).toFixed(2)),
  focusedSearches: focused.length,
  focused,
};
writeResult(`bench/results/${values.out}.json`, results);
console.log(JSON.stringify(results, null, 2));
