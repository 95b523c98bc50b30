#!/usr/bin/env node
// What an offline ask costs on the SEC collection: each question of the SEC development set's
// `tune` half (as bench/time-eval.mjs splits it) asked once, lexical, after one warm-up ask; the
// CPU time of each ask (process.cpuUsage: user + system, this process, ms) and its wall time.
// Several builds side by side, each asked in its own order of rounds (A B B A …) so a load change
// during the run falls on all of them alike.
// Usage: node bench/ask-cost.mjs --dist dist-before,dist --names before,after [--rounds 2]
//   [--data ../shared/data] [--cache file] [--label name]
// The results file records the machine's load (bench/support/write-result.mjs).
import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: 'dist' },
    names: { type: 'string' },
    rounds: { type: 'string', default: '2' },
    data: { type: 'string', default: '../shared/data' },
    cache: { type: 'string' },
    label: { type: 'string', default: 'ask-cost' },
  },
});
const dists = values.dist.split(',');
const names = values.names ? values.names.split(',') : dists;
const sec = path.join(values.data, 'sec-10-q');
const tune = (id) => Number.parseInt(createHash('sha1').update(id).digest('hex')[0], 16) % 2 === 0;

const builds = [];
for (const [i, dist] of dists.entries()) {
  const root = path.resolve(dist);
  const { loadQuestions } = await import(pathToFileURL(path.join(root, 'exports/eval.js')).href);
  const { createEngine, openSqliteCache, openStore } = await import(
    pathToFileURL(path.join(root, 'index.js')).href
  );
  const cache = values.cache ? openSqliteCache(values.cache) : undefined;
  const engine = await createEngine({
    store: await openStore(path.join(mkdtempSync(path.join(tmpdir(), 'cairn-ask-cost-')), 'e.db')),
    parseLimits: { timeoutMs: 900_000 },
    ...(cache ? { cache, owned: [cache] } : {}),
  });
  await engine.ingestPaths([sec], { collection: 'sec', include: ['**/*.pdf'] });
  const questions = (await loadQuestions(path.join(sec, 'questions.dev.jsonl'))).filter((q) => tune(q.id));
  await engine.ask(questions[0].question, { collection: 'sec', mode: 'lexical' });
  builds.push({ name: names[i], engine, questions, cpu: [], wall: [] });
}
const rounds = Number(values.rounds);
for (let r = 0; r < rounds; r++) {
  const order = r % 2 === 0 ? builds : [...builds].reverse();
  for (const build of order) {
    for (const q of build.questions) {
      const cpu = process.cpuUsage();
      const began = performance.now();
      await build.engine.ask(q.question, { collection: 'sec', mode: 'lexical' });
      const used = process.cpuUsage(cpu);
      build.wall.push(performance.now() - began);
      build.cpu.push((used.user + used.system) / 1000);
    }
  }
}
const round = (v) => +v.toFixed(1);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const results = { date: new Date().toISOString(), node: process.version, label: values.label, rounds };
for (const build of builds) {
  results[build.name] = {
    dist: dists[builds.indexOf(build)],
    asks: build.cpu.length,
    cpuMsMean: round(build.cpu.reduce((a, b) => a + b, 0) / build.cpu.length),
    cpuMsMedian: round(median(build.cpu)),
    wallMsMedian: round(median(build.wall)),
  };
  console.log(build.name, results[build.name]);
  await build.engine.close();
}
writeResult(`bench/results/${values.label}.json`, results);
