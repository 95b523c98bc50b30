// Watch mode, from a save to a search that finds it: a watch (default 300 ms debounce unless
// --debounce) over a folder of Markdown files on a SQLite store; each sample writes one file with
// a word of its own (alternately a new file and a save by rename over an existing one) and polls
// a lexical search every 5 ms until the word is found. Also a burst: 1,000 new files written at
// once, timed until all are stored, with the number of batches it took.
// Reports median, p90 and max milliseconds, the load average beside them (the machine is shared).
// Writes bench/results/watch-latency.json. Run after `npm run build`.
//
//   node bench/watch-latency.mjs [--samples 30] [--debounce 300]
import { existsSync, mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeResult } from './support/write-result.mjs';

const { values } = parseArgs({
  options: { samples: { type: 'string', default: '30' }, debounce: { type: 'string', default: '300' } },
});
const samples = Number(values.samples);
const debounceMs = Number(values.debounce);
if (!existsSync('dist/index.js')) throw new Error('dist/index.js is missing: run npm run build first');
const { createEngine, openStore } = await import('../dist/index.js');

const dir = mkdtempSync(path.join(tmpdir(), 'cairn-watch-bench-'));
for (let i = 0; i < 100; i++) {
  writeFileSync(
    path.join(dir, `doc${i}.md`),
    `# Doc ${i}\n\n${'Background text about burrows. '.repeat(40)}`,
  );
}
const engine = await createEngine({
  store: await openStore(path.join(mkdtempSync(path.join(tmpdir(), 'cairn-')), 'kb.db')),
});
let batches = 0;
const watch = await engine.watch([dir], { debounceMs, onBatch: () => batches++ });
const load = [loadavg()[0]];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** Milliseconds from `write()` until a lexical search for `word` finds it. */
async function latency(word, write) {
  const began = performance.now();
  write();
  for (;;) {
    if ((await engine.search(word, { mode: 'lexical', topK: 1 })).hits.length > 0)
      return performance.now() - began;
    if (performance.now() - began > 60_000) throw new Error(`${word} not found after 60 s`);
    await sleep(5);
  }
}

const times = { newFile: [], saveByRename: [] };
for (let i = 0; i < samples; i++) {
  const word = `zqx${i}marker`;
  if (i % 2 === 0) {
    times.newFile.push(
      await latency(word, () => writeFileSync(path.join(dir, `new${i}.md`), `# New ${i}\n\n${word}`)),
    );
  } else {
    const target = path.join(dir, `doc${i}.md`);
    times.saveByRename.push(
      await latency(word, () => {
        writeFileSync(`${target}.tmp`, `# Doc ${i}\n\nEdited: ${word}`);
        renameSync(`${target}.tmp`, target);
      }),
    );
  }
  await watch.idle();
  await sleep(50);
}
load.push(loadavg()[0]);

mkdirSync(path.join(dir, 'burst'));
const before = batches;
const burstBegan = performance.now();
const stored = async () => (await engine.listDocuments()).length;
const target = (await stored()) + 1000;
for (let i = 0; i < 1000; i++)
  writeFileSync(path.join(dir, 'burst', `b${i}.md`), `# B${i}\n\nburst file ${i}`);
while ((await stored()) < target) await sleep(20);
const burstMs = performance.now() - burstBegan;
await watch.idle();
const burstBatches = batches - before;
load.push(loadavg()[0]);
await watch.close();
await engine.close();

const stats = (xs) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return {
    samples: xs.length,
    median: Number(at(0.5).toFixed(1)),
    p90: Number(at(0.9).toFixed(1)),
    max: Number(sorted.at(-1).toFixed(1)),
  };
};
const results = {
  date: new Date().toISOString(),
  node: process.version,
  debounceMs,
  folder: '100 Markdown files, SQLite store, no embedder (lexical)',
  saveToSearchableMs: { newFile: stats(times.newFile), saveByRename: stats(times.saveByRename) },
  burst: { files: 1000, msUntilAllStored: Number(burstMs.toFixed(0)), batches: burstBatches },
  loadAverage1m: load.map((x) => Number(x.toFixed(2))),
};
writeResult('bench/results/watch-latency.json', results);
console.log(JSON.stringify(results, null, 2));
