#!/usr/bin/env node
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { processTimer } from './support/process-timer.mjs';
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

/** Wall and CPU milliseconds of one fresh process, and its stdout. */
const timer = processTimer(dir, env);
const time = (args) => timer(args, { capture: true });

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
