// What tracing costs: lexical searches and a re-ingest of Markdown files on a SQLite store, with
// no tracer provider registered (cairn's spans are the API's no-ops) against the OpenTelemetry
// SDK recording every span (BasicTracerProvider, SimpleSpanProcessor into an
// InMemorySpanExporter, AsyncLocalStorageContextManager), and against that context manager
// registered alone (what it costs every await, traced or not). Rounds alternate between the two so
// that machine load hits both alike (each round starting with another). Reports the median milliseconds per search and per ingest
// round, the spans each makes, and the load average (the machine is shared). With --baseline DIR
// (a built checkout of a commit before the instrumentation, e.g. `git archive 09318c0`, with this
// node_modules linked in and `npx tsc -p tsconfig.build.json` run there), that engine is timed
// in the same rounds, on its own copy of the store: what the untraced spans cost.
// Writes bench/results/tracing-overhead.json. Run after `npm run build`.
//
//   node bench/tracing-overhead.mjs [--rounds 20] [--searches 200] [--docs 100] [--baseline DIR [--baseline-name NAME]]
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { context, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '20' },
    searches: { type: 'string', default: '200' },
    docs: { type: 'string', default: '100' },
    baseline: { type: 'string' },
    'baseline-name': { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const searches = Number(values.searches);
const docs = Number(values.docs);
if (!existsSync('dist/index.js')) throw new Error('dist/index.js is missing: run npm run build first');
const { createEngine, openStore } = await import('../dist/index.js');

const words = ['granite', 'burrows', 'marmots', 'lichen', 'valley', 'winter', 'grasses', 'boulders'];
const dir = mkdtempSync(path.join(tmpdir(), 'cairn-trace-bench-'));
for (let i = 0; i < docs; i++) {
  const body = Array.from({ length: 60 }, (_, j) => words[(i * 7 + j) % words.length]).join(' ');
  writeFileSync(
    path.join(dir, `doc${i}.md`),
    `# Note ${i}\n\n## Part one\n\n${body}.\n\n## Part two\n\n${body}.\n`,
  );
}
const dbDir = mkdtempSync(path.join(tmpdir(), 'cairn-'));
mkdirSync(dbDir, { recursive: true });
const engine = await createEngine({ store: await openStore(path.join(dbDir, 'kb.db')) });
await engine.ingestPaths([dir]);
let baseline;
if (values.baseline) {
  const built = path.resolve(values.baseline, 'dist/index.js');
  if (!existsSync(built)) throw new Error(`${built} is missing: build the baseline checkout first`);
  const old = await import(built);
  baseline = await old.createEngine({ store: await old.openStore(path.join(dbDir, 'baseline.db')) });
  await baseline.ingestPaths([dir]);
}

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const manager = new AsyncLocalStorageContextManager();
/** `off`: nothing registered; `context`: the context manager alone; `on`: it and the provider. */
function setTraced(variant) {
  trace.disable();
  context.disable();
  if (variant !== 'on' && variant !== 'context') return;
  manager.enable();
  context.setGlobalContextManager(manager);
  if (variant === 'on') trace.setGlobalTracerProvider(provider);
}

async function searchRound(target = engine) {
  const began = performance.now();
  for (let i = 0; i < searches; i++) {
    await target.search(`${words[i % words.length]} ${words[(i + 3) % words.length]}`, { mode: 'lexical' });
  }
  return (performance.now() - began) / searches;
}

async function ingestRound(target = engine) {
  const began = performance.now();
  const report = await target.ingestPaths([dir], { force: true });
  if (report.totals.ingested !== docs) throw new Error(`ingested ${report.totals.ingested} of ${docs}`);
  return performance.now() - began;
}

const samples = {
  off: { search: [], ingest: [] },
  context: { search: [], ingest: [] },
  on: { search: [], ingest: [] },
  baseline: { search: [], ingest: [] },
};
const spans = { search: 0, ingest: 0 };
// One warm-up round each, not counted.
for (const variant of ['off', 'context', 'on']) {
  setTraced(variant);
  await searchRound();
  await ingestRound();
}
if (baseline) {
  setTraced('off');
  await searchRound(baseline);
  await ingestRound(baseline);
}
const load = [loadavg()[0]];
const variants = baseline ? ['baseline', 'off', 'context', 'on'] : ['off', 'context', 'on'];
for (let r = 0; r < rounds; r++) {
  // Each round starts with another variant, so none always follows the same one.
  const order = variants.map((_, i) => variants[(i + r) % variants.length]);
  for (const variant of order) {
    setTraced(variant === 'baseline' ? 'off' : variant);
    const target = variant === 'baseline' ? baseline : engine;
    exporter.reset();
    samples[variant].search.push(await searchRound(target));
    if (variant === 'on') spans.search = exporter.getFinishedSpans().length / searches;
    exporter.reset();
    samples[variant].ingest.push(await ingestRound(target));
    if (variant === 'on') spans.ingest = exporter.getFinishedSpans().length;
  }
}
load.push(loadavg()[0]);
setTraced('off');
await engine.close();
await baseline?.close();

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x, digits = 3) => Number(x.toFixed(digits));
const result = {
  date: new Date().toISOString(),
  node: process.version,
  rounds,
  searchesPerRound: searches,
  documents: docs,
  search: {
    untracedMsMedian: round(median(samples.off.search)),
    contextManagerOnlyMsMedian: round(median(samples.context.search)),
    tracedMsMedian: round(median(samples.on.search)),
    spansPerSearch: spans.search,
  },
  ingest: {
    untracedMsMedian: round(median(samples.off.ingest), 1),
    contextManagerOnlyMsMedian: round(median(samples.context.ingest), 1),
    tracedMsMedian: round(median(samples.on.ingest), 1),
    spansPerRound: spans.ingest,
  },
  loadAverage: load.map((x) => round(x, 2)),
};
result.search.overheadPercent = round(
  (100 * (result.search.tracedMsMedian - result.search.untracedMsMedian)) / result.search.untracedMsMedian,
  1,
);
result.ingest.overheadPercent = round(
  (100 * (result.ingest.tracedMsMedian - result.ingest.untracedMsMedian)) / result.ingest.untracedMsMedian,
  1,
);
if (baseline) {
  result.search.baselineMsMedian = round(median(samples.baseline.search));
  result.ingest.baselineMsMedian = round(median(samples.baseline.ingest), 1);
  result.search.untracedOverBaselinePercent = round(
    (100 * (result.search.untracedMsMedian - result.search.baselineMsMedian)) /
      result.search.baselineMsMedian,
    1,
  );
  result.ingest.untracedOverBaselinePercent = round(
    (100 * (result.ingest.untracedMsMedian - result.ingest.baselineMsMedian)) /
      result.ingest.baselineMsMedian,
    1,
  );
  result.baseline = values['baseline-name'] ?? values.baseline;
}
writeResult('bench/results/tracing-overhead.json', result);
console.log(JSON.stringify(result, null, 2));
